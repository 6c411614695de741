import { type BeforeApplicationShutdown, Logger, type OnApplicationShutdown } from '@nestjs/common';
import { type MessageBus } from '../../cluster/message-bus';
import { isStored, type StreamedEvent } from '../events/streamed-event';
import { type RuntimeConfig } from '../runtime.config';

export interface StreamSubscriber<E extends StreamedEvent> {
  deliver(event: E): void;
  /** The stream has ended and every event was delivered. */
  end(): void;
}

/** Where the streams of one kind (agent runs, workflow runs) are stored and how they end. */
export interface StreamLog<E extends StreamedEvent> {
  /** Names the log in messages. */
  readonly name: string;
  /** The live bus channel of one stream. */
  channelOf(streamId: string): string;
  streamIdOf(event: E): string;
  /** The stream's stored events after an event index, in order. */
  storedAfter(streamId: string, afterIndex: number): Promise<E[]>;
  /**
   * When what the stream stands for ended, as the database says (long ago if it is gone);
   * undefined while it has not ended.
   */
  endedAt(streamId: string): Promise<Date | undefined>;
  /** Whether the event is the stream's last. */
  isTerminal(event: E): boolean;
}

/**
 * A stream's event on the live bus: the event itself, or, for a persisted event too large for
 * the bus, its index (receivers read it from the store, where it is before it is published).
 */
type BusMessage<E> = { event: E } | { streamId: string; storedIndex: number };

/**
 * How long an ended stream's events stay here, and how many events ended streams hold at most:
 * beyond that the streams that ended first go before their time is up, or a steady load of runs
 * would hold its rate times the grace period of them.
 */
export interface Retention {
  graceMs: number;
  maxEvents: number;
}

/** The retention `RuntimeConfig` sets. */
export function retentionOf(config: RuntimeConfig): Retention {
  return {
    graceMs: config.RUN_REPLAY_GRACE_SECONDS * 1000,
    maxEvents: config.RUN_REPLAY_MAX_EVENTS,
  };
}

/**
 * How long after a stream's end its terminal event is awaited when it is not stored: producers
 * store the end, then publish that event, so a follower that catches up in between finds the
 * end in the database first. Far longer than the bus takes under load (p99 about 150 ms).
 */
export const TERMINAL_EVENT_WAIT_MS = 2_000;

class Channel<E extends StreamedEvent> {
  readonly events: E[] = [];
  readonly seen = new Set<number>();
  /** The highest event index held. */
  last = -1;
  readonly subscribers = new Set<StreamSubscriber<E>>();
  finished = false;
  expiry?: NodeJS.Timeout;
  /** Set while the stream has ended in the database and its terminal event is awaited. */
  endWait?: NodeJS.Timeout;
  /** Fed only by other instances (this process does not run it): dropped when unfollowed. */
  remote = false;
  /** Events from other instances, handled one after another in the order they arrive. */
  inbound: Promise<void> = Promise.resolve();
  /** Stops receiving the stream's events from other instances. */
  unlisten?: () => void;
  /** Resolves once the channel listens to other instances (and, if remote, is loaded). */
  ready: Promise<void> = Promise.resolve();
}

/**
 * Live fan-out and replay of event streams, transient events included. Every event published
 * here goes to this process's followers of its stream and, over the live bus, to the other
 * instances' followers. A stream produced elsewhere (or paused, to be resumed anywhere) is
 * followed through a channel that replays its stored events and then forwards the bus's live
 * ones, until its terminal event or until the database says it has ended. A stream's events
 * stay here for its life plus a grace period; after that only the stored ones can be replayed.
 */
export class EventChannels<E extends StreamedEvent>
  implements BeforeApplicationShutdown, OnApplicationShutdown
{
  private readonly logger: Logger;
  private readonly channels = new Map<string, Channel<E>>();
  /** The ended streams held, in the order they ended, and the events they hold. */
  private readonly ended = new Map<string, Channel<E>>();
  private endedEvents = 0;

  constructor(
    private readonly log: StreamLog<E>,
    private readonly bus: MessageBus,
    private readonly retention: Retention,
  ) {
    this.logger = new Logger(log.name);
  }

  /** A stream starting in this process. */
  open(streamId: string): void {
    this.close(streamId);
    const channel = new Channel<E>();
    this.channels.set(streamId, channel);
    channel.ready = this.listen(streamId, channel);
  }

  /** Opens the stream's channel unless this process already has it (a stream resumed here). */
  openIfMissing(streamId: string): void {
    const channel = this.channels.get(streamId);
    if (channel && !channel.finished) channel.remote = false;
    else this.open(streamId);
  }

  /**
   * Makes sure this process holds a channel of a stream that has not ended in the database, to
   * follow it wherever it is produced: its stored events, then live ones from the bus. False
   * when it has ended and no channel is held.
   */
  async attach(streamId: string): Promise<boolean> {
    let channel = this.channels.get(streamId);
    if (!channel) {
      channel = new Channel<E>();
      channel.remote = true;
      this.channels.set(streamId, channel);
      const opened = channel;
      channel.ready = this.listen(streamId, channel).then(() => this.catchUp(streamId, opened));
      channel.inbound = channel.ready;
    }
    try {
      await channel.ready;
    } catch (error) {
      // Only a channel made to follow a stream from elsewhere: this process's own keep theirs.
      if (channel.remote && this.channels.get(streamId) === channel) this.close(streamId);
      throw error;
    }
    return this.channels.has(streamId);
  }

  publish(event: E): void {
    const channel = this.channels.get(this.log.streamIdOf(event));
    if (channel && !channel.finished) this.accept(channel, event);
    this.broadcast(event);
  }

  finish(streamId: string): void {
    const channel = this.channels.get(streamId);
    if (!channel || channel.finished) return;
    channel.finished = true;
    clearTimeout(channel.endWait);
    channel.unlisten?.();
    channel.unlisten = undefined;
    for (const subscriber of channel.subscribers) subscriber.end();
    channel.subscribers.clear();
    channel.expiry = setTimeout(() => this.close(streamId, channel), this.retention.graceMs);
    channel.expiry.unref();
    this.ended.set(streamId, channel);
    this.endedEvents += channel.events.length;
    for (const [endedFirst, held] of this.ended) {
      if (this.endedEvents <= this.retention.maxEvents) break;
      this.close(endedFirst, held);
    }
  }

  /**
   * Whether following the stream after `afterIndex` would deliver anything: `'some'` (events or
   * a live stream), `'nothing'` (it ended and all was seen), or undefined when this process
   * holds none of its events.
   */
  pending(streamId: string, afterIndex: number): 'some' | 'nothing' | undefined {
    const channel = this.channels.get(streamId);
    if (!channel) return undefined;
    return channel.finished && this.nextEventIndex(streamId) <= afterIndex + 1 ? 'nothing' : 'some';
  }

  /** The index after the highest one published of the stream (0 when none is held). */
  nextEventIndex(streamId: string): number {
    return (this.channels.get(streamId)?.last ?? -1) + 1;
  }

  /**
   * Delivers the stream's events after `afterIndex`, then each new one as it is published,
   * then `end`. Undefined when this process holds none of its events (it ran elsewhere or long
   * ago).
   */
  follow(
    streamId: string,
    afterIndex: number,
    subscriber: StreamSubscriber<E>,
  ): { unsubscribe(): void } | undefined {
    const channel = this.channels.get(streamId);
    if (!channel) return undefined;
    for (const event of channel.events) {
      if (event.eventIndex > afterIndex) subscriber.deliver(event);
    }
    if (channel.finished) {
      subscriber.end();
      return { unsubscribe: () => undefined };
    }
    channel.subscribers.add(subscriber);
    return {
      unsubscribe: () => {
        channel.subscribers.delete(subscriber);
        // Nobody here follows a stream produced elsewhere any more: stop receiving it.
        if (channel.remote && channel.subscribers.size === 0 && !channel.finished) {
          if (this.channels.get(streamId) === channel) this.close(streamId);
        }
      },
    };
  }

  /**
   * Shutting down: every open stream ends now (clients reconnect elsewhere with
   * `Last-Event-ID`), else a stream of a run paused for approval would hold the server open.
   */
  beforeApplicationShutdown(): void {
    for (const channel of this.channels.values()) {
      channel.subscribers.forEach((subscriber) => subscriber.end());
      channel.subscribers.clear();
    }
  }

  onApplicationShutdown(): void {
    for (const streamId of [...this.channels.keys()]) this.close(streamId);
  }

  /**
   * Adds an event not seen yet, in arrival order, and hands it to the followers. A streamed-only
   * event older than one held is dropped: a follower catching up read later events from the
   * store while it was on the bus, and followers must see indexes rise. Its content is in the
   * persisted event already held; a persisted one can't be late, as streams store in order.
   */
  private accept(channel: Channel<E>, event: E): void {
    if (event.eventIndex < channel.last && !isStored(event)) return;
    if (channel.seen.has(event.eventIndex) && !this.isUnseenEnd(channel, event)) return;
    channel.seen.add(event.eventIndex);
    channel.last = Math.max(channel.last, event.eventIndex);
    channel.events.push(event);
    for (const subscriber of channel.subscribers) subscriber.deliver(event);
  }

  /**
   * A stream ended by a sweeper after its instance died numbers its end after the events that
   * instance stored; its last transient events may have taken that index already. The end is
   * delivered all the same, so followers do not wait for ever.
   */
  private isUnseenEnd(channel: Channel<E>, event: E): boolean {
    return (
      this.log.isTerminal(event) &&
      !channel.events.some(
        (held) => held.eventIndex === event.eventIndex && held.type === event.type,
      )
    );
  }

  /** Receives the stream's events published by other instances, until the channel finishes. */
  private async listen(streamId: string, channel: Channel<E>): Promise<void> {
    const unlisten = await this.bus.subscribe(this.log.channelOf(streamId), {
      message: (message) => this.receive(streamId, channel, message),
      // Some events may have been lost: the stored ones are read again.
      gap: () => this.receive(streamId, channel, undefined),
    });
    if (channel.finished || this.channels.get(streamId) !== channel) unlisten();
    else channel.unlisten = unlisten;
  }

  private receive(streamId: string, channel: Channel<E>, message: string | undefined): void {
    channel.inbound = channel.inbound
      .then(async () => {
        if (channel.finished) return;
        if (message === undefined) return this.catchUp(streamId, channel);
        const event = await this.eventOf(JSON.parse(message) as BusMessage<E>);
        if (!event || channel.finished) return;
        this.accept(channel, event);
        if (this.log.isTerminal(event)) this.finish(streamId);
      })
      .catch((error: unknown) =>
        this.logger.warn({ err: error, streamId }, 'A live event of another instance was lost'),
      );
  }

  /**
   * Adds the stored events not seen yet and finishes the channel once the stream has ended: at
   * once with a stored terminal event, else when the terminal event arrives over the bus or
   * `TERMINAL_EVENT_WAIT_MS` after the end, whichever comes first (it went out before this
   * channel listened, if it never comes).
   */
  private async catchUp(streamId: string, channel: Channel<E>): Promise<void> {
    for (const event of await this.log.storedAfter(streamId, -1)) this.accept(channel, event);
    const finish = () => {
      if (this.channels.get(streamId) === channel) this.finish(streamId);
    };
    const last = channel.events[channel.events.length - 1];
    if (last && this.log.isTerminal(last)) {
      finish();
      return;
    }
    const endedAt = await this.log.endedAt(streamId);
    if (endedAt === undefined) return;
    const sinceEnd = Date.now() - endedAt.getTime();
    // A clock ahead of this one's must not stretch the wait.
    const wait = Math.min(TERMINAL_EVENT_WAIT_MS - sinceEnd, TERMINAL_EVENT_WAIT_MS);
    if (wait <= 0) finish();
    else channel.endWait ??= setTimeout(finish, wait).unref();
  }

  private async eventOf(message: BusMessage<E>): Promise<E | undefined> {
    if ('event' in message) return message.event;
    const [event] = await this.log.storedAfter(message.streamId, message.storedIndex - 1);
    return event?.eventIndex === message.storedIndex ? event : undefined;
  }

  /** Sends the event to the other instances' followers. */
  private broadcast(event: E): void {
    const streamId = this.log.streamIdOf(event);
    let message = JSON.stringify({ event } satisfies BusMessage<E>);
    if (Buffer.byteLength(message) > this.bus.maxMessageBytes) {
      // Too large for PostgreSQL NOTIFY (8000 bytes): a persisted event is read from the store
      // by the receivers. A transient one that large (a streamed chunk never is; they are small
      // deltas) is not sent: followers elsewhere get its content in the persisted event that
      // follows. The terminal event is always small.
      if (!isStored(event)) return;
      message = JSON.stringify({
        streamId,
        storedIndex: event.eventIndex,
      } satisfies BusMessage<E>);
    }
    this.bus.publish(this.log.channelOf(streamId), message);
  }

  /** Forgets the stream's channel (`channel` only: not one opened for it since) at once. */
  private close(streamId: string, channel = this.channels.get(streamId)): void {
    if (!channel) return;
    if (this.channels.get(streamId) === channel) this.channels.delete(streamId);
    if (this.ended.get(streamId) === channel) {
      this.ended.delete(streamId);
      this.endedEvents -= channel.events.length;
    }
    clearTimeout(channel.expiry);
    clearTimeout(channel.endWait);
    channel.unlisten?.();
    channel.unlisten = undefined;
    channel.finished = true;
  }
}
