import { Redis } from 'ioredis';
import { type Logger } from 'pino';
import { type BusHandler, BusSubscriptions, type MessageBus } from './message-bus';

/**
 * A bus over Redis pub/sub (`ioredis`): one connection publishes, one subscribes. ioredis
 * reconnects by itself and subscribes again; messages published meanwhile are lost, so
 * subscribers are told of the gap when the subscribing connection is ready again.
 */
export class RedisBus implements MessageBus {
  readonly maxMessageBytes = 64 * 1024 * 1024;
  private readonly subscriptions: BusSubscriptions;
  private readonly publisher: Redis;
  private readonly subscriber: Redis;
  private connectedOnce = false;

  constructor(url: string, instanceId: string, logger: Logger) {
    this.subscriptions = new BusSubscriptions(instanceId);
    this.publisher = new Redis(url, { lazyConnect: true });
    this.subscriber = new Redis(url, { lazyConnect: true });
    for (const connection of [this.publisher, this.subscriber]) {
      connection.on('error', (error: Error) =>
        logger.warn({ err: error }, 'Cluster bus: Redis connection error'),
      );
    }
    this.subscriber.on('message', (channel: string, payload: string) =>
      this.subscriptions.dispatch(channel, payload),
    );
    this.subscriber.on('ready', () => {
      if (this.connectedOnce) this.subscriptions.gap();
      this.connectedOnce = true;
    });
  }

  async start(): Promise<void> {
    await Promise.all([this.publisher.connect(), this.subscriber.connect()]);
  }

  publish(channel: string, message: string): void {
    this.publisher.publish(channel, this.subscriptions.wrap(message)).catch(() => undefined);
  }

  async subscribe(channel: string, handler: BusHandler): Promise<() => void> {
    if (this.subscriptions.add(channel, handler)) await this.subscriber.subscribe(channel);
    return () => {
      if (!this.subscriptions.remove(channel, handler)) return;
      this.subscriber.unsubscribe(channel).catch(() => undefined);
    };
  }

  async close(): Promise<void> {
    await Promise.all([
      this.publisher.quit().catch(() => this.publisher.disconnect()),
      this.subscriber.quit().catch(() => this.subscriber.disconnect()),
    ]);
  }
}
