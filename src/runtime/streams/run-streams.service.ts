import {
  type BeforeApplicationShutdown,
  Injectable,
  type OnApplicationShutdown,
} from '@nestjs/common';
import { type RunEvent } from '../events/run-event.types';
import { RuntimeConfig } from '../runtime.config';

export interface RunSubscriber {
  deliver(event: RunEvent): void;
  /** The run has ended and every event was delivered. */
  end(): void;
}

class RunChannel {
  readonly events: RunEvent[] = [];
  readonly subscribers = new Set<RunSubscriber>();
  finished = false;
  expiry?: NodeJS.Timeout;
}

/**
 * Live fan-out and replay of the events of the runs this process executes, transient ones
 * included. A run's events stay here for its life plus `RUN_REPLAY_GRACE_SECONDS`; after that
 * only the persisted ones can be replayed, from the event store.
 */
@Injectable()
export class RunStreams implements BeforeApplicationShutdown, OnApplicationShutdown {
  private readonly channels = new Map<string, RunChannel>();
  private readonly graceMs: number;

  constructor(config: RuntimeConfig) {
    this.graceMs = config.RUN_REPLAY_GRACE_SECONDS * 1000;
  }

  open(runId: string): void {
    this.channels.set(runId, new RunChannel());
  }

  /** Opens the run's channel unless this process already has it (a run resumed here). */
  openIfMissing(runId: string): void {
    if (!this.channels.has(runId)) this.open(runId);
  }

  publish(event: RunEvent): void {
    const channel = this.channels.get(event.runId);
    if (!channel || channel.finished) return;
    channel.events.push(event);
    for (const subscriber of channel.subscribers) subscriber.deliver(event);
  }

  finish(runId: string): void {
    const channel = this.channels.get(runId);
    if (!channel || channel.finished) return;
    channel.finished = true;
    for (const subscriber of channel.subscribers) subscriber.end();
    channel.subscribers.clear();
    channel.expiry = setTimeout(() => this.channels.delete(runId), this.graceMs).unref();
  }

  /**
   * Whether following the run after `afterIndex` would deliver anything: `'some'` (events or a
   * live run), `'nothing'` (it ended and all was seen), or undefined when this process holds
   * no events of the run.
   */
  pending(runId: string, afterIndex: number): 'some' | 'nothing' | undefined {
    const channel = this.channels.get(runId);
    if (!channel) return undefined;
    const last = channel.events[channel.events.length - 1];
    return channel.finished && (last?.eventIndex ?? -1) <= afterIndex ? 'nothing' : 'some';
  }

  /**
   * Delivers the run's events after `afterIndex`, then each new one as it is published, then
   * `end`. Undefined when this process holds no events of the run (it ran elsewhere or long ago).
   */
  follow(
    runId: string,
    afterIndex: number,
    subscriber: RunSubscriber,
  ): { unsubscribe(): void } | undefined {
    const channel = this.channels.get(runId);
    if (!channel) return undefined;
    for (const event of channel.events) {
      if (event.eventIndex > afterIndex) subscriber.deliver(event);
    }
    if (channel.finished) {
      subscriber.end();
      return { unsubscribe: () => undefined };
    }
    channel.subscribers.add(subscriber);
    return { unsubscribe: () => channel.subscribers.delete(subscriber) };
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
    for (const channel of this.channels.values()) clearTimeout(channel.expiry);
    this.channels.clear();
  }
}
