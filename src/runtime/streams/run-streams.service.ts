import {
  type BeforeApplicationShutdown,
  Injectable,
  Logger,
  type OnApplicationShutdown,
} from '@nestjs/common';
import { LiveEventBus } from '../../cluster/cluster-buses';
import { type MessageBus } from '../../cluster/message-bus';
import { ACTIVE_RUN_STATUSES } from '../../database/schema';
import { EventStore } from '../events/event-store.repository';
import { isStored, type RunEvent } from '../events/run-event.types';
import { RunsRepository } from '../runs/runs.repository';
import { RuntimeConfig } from '../runtime.config';

export interface RunSubscriber {
  deliver(event: RunEvent): void;
  /** The run has ended and every event was delivered. */
  end(): void;
}

/**
 * A run's event on the live bus: the event itself, or, for a persisted event too large for the
 * bus, its index (receivers read it from the event store, where it is before it is published).
 */
type BusMessage = { event: RunEvent } | { runId: string; storedIndex: number };

class RunChannel {
  readonly events: RunEvent[] = [];
  readonly seen = new Set<number>();
  /** The highest event index held. */
  last = -1;
  readonly subscribers = new Set<RunSubscriber>();
  finished = false;
  expiry?: NodeJS.Timeout;
  /** Fed only by other instances (this process does not run it): dropped when unfollowed. */
  remote = false;
  /** Events from other instances, handled one after another in the order they arrive. */
  inbound: Promise<void> = Promise.resolve();
  /** Stops receiving the run's events from other instances. */
  unlisten?: () => void;
  /** Resolves once the channel listens to other instances (and, if remote, is loaded). */
  ready: Promise<void> = Promise.resolve();
}

/**
 * A run ended by a sweeper after its instance died numbers its `error` after the events that
 * instance recorded; its last transient events may have taken that index already. The end
 * is delivered all the same, so followers do not wait for ever.
 */
function isUnseenEnd(channel: RunChannel, event: RunEvent): boolean {
  return (
    TERMINAL_EVENTS.has(event.type) &&
    !channel.events.some((held) => held.eventIndex === event.eventIndex && held.type === event.type)
  );
}

/** The live bus channel of one run. */
export function runChannelOf(runId: string): string {
  return `toolhub_run_${runId}`;
}

const TERMINAL_EVENTS: ReadonlySet<RunEvent['type']> = new Set(['complete', 'error']);
const ACTIVE: ReadonlySet<string> = new Set(ACTIVE_RUN_STATUSES);

/**
 * Live fan-out and replay of run events, transient ones included. Every event published here
 * goes to this process's followers of the run and, over the live bus, to the other instances'
 * followers. A run executed elsewhere (or paused, to be resumed anywhere) is followed through a
 * channel that replays its stored events and then forwards the bus's live ones, until its
 * terminal event (`complete` or `error`) or until the database says it has finished.
 * A run's events stay here for its life plus `RUN_REPLAY_GRACE_SECONDS`; after that only the
 * persisted ones can be replayed, from the event store.
 */
@Injectable()
export class RunStreams implements BeforeApplicationShutdown, OnApplicationShutdown {
  private readonly logger = new Logger('RunStreams');
  private readonly channels = new Map<string, RunChannel>();
  private readonly graceMs: number;

  constructor(
    config: RuntimeConfig,
    private readonly bus: LiveEventBus,
    private readonly store: EventStore,
    private readonly runs: RunsRepository,
  ) {
    this.graceMs = config.RUN_REPLAY_GRACE_SECONDS * 1000;
  }

  /** A run starting in this process. */
  open(runId: string): void {
    this.close(runId);
    const channel = new RunChannel();
    this.channels.set(runId, channel);
    channel.ready = this.listen(runId, channel);
  }

  /** Opens the run's channel unless this process already has it (a run resumed here). */
  openIfMissing(runId: string): void {
    const channel = this.channels.get(runId);
    if (channel && !channel.finished) channel.remote = false;
    else this.open(runId);
  }

  /**
   * Makes sure this process holds a channel of a run that has not ended in the database, to
   * follow it wherever it executes: its stored events, then live ones from the bus. False when
   * the run has ended and no channel is held.
   */
  async attach(runId: string): Promise<boolean> {
    let channel = this.channels.get(runId);
    if (!channel) {
      channel = new RunChannel();
      channel.remote = true;
      this.channels.set(runId, channel);
      const opened = channel;
      channel.ready = this.listen(runId, channel).then(() => this.catchUp(runId, opened));
      channel.inbound = channel.ready;
    }
    try {
      await channel.ready;
    } catch (error) {
      // Only a channel made to follow a run from elsewhere: this process's own runs keep theirs.
      if (channel.remote && this.channels.get(runId) === channel) this.close(runId);
      throw error;
    }
    return this.channels.has(runId);
  }

  publish(event: RunEvent): void {
    const channel = this.channels.get(event.runId);
    if (channel && !channel.finished) this.accept(channel, event);
    this.broadcast(event);
  }

  finish(runId: string): void {
    const channel = this.channels.get(runId);
    if (!channel || channel.finished) return;
    channel.finished = true;
    channel.unlisten?.();
    channel.unlisten = undefined;
    for (const subscriber of channel.subscribers) subscriber.end();
    channel.subscribers.clear();
    channel.expiry = setTimeout(() => {
      if (this.channels.get(runId) === channel) this.channels.delete(runId);
    }, this.graceMs).unref();
  }

  /**
   * Whether following the run after `afterIndex` would deliver anything: `'some'` (events or a
   * live run), `'nothing'` (it ended and all was seen), or undefined when this process holds
   * no events of the run.
   */
  pending(runId: string, afterIndex: number): 'some' | 'nothing' | undefined {
    const channel = this.channels.get(runId);
    if (!channel) return undefined;
    return channel.finished && this.nextEventIndex(runId) <= afterIndex + 1 ? 'nothing' : 'some';
  }

  /** The index after the highest one published of the run (0 when none is held). */
  nextEventIndex(runId: string): number {
    return (this.channels.get(runId)?.last ?? -1) + 1;
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
    return {
      unsubscribe: () => {
        channel.subscribers.delete(subscriber);
        // Nobody here follows a run executed elsewhere any more: stop receiving it.
        if (channel.remote && channel.subscribers.size === 0 && !channel.finished) {
          if (this.channels.get(runId) === channel) this.close(runId);
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
    for (const runId of [...this.channels.keys()]) this.close(runId);
  }

  /**
   * Adds an event not seen yet, in arrival order, and hands it to the followers. A streamed-only
   * event older than one held is dropped: a follower catching up read later events from the
   * store while it was on the bus, and followers must see indexes rise. Its content is in the
   * persisted event already held; a persisted one can't be late, as a run stores in index order.
   */
  private accept(channel: RunChannel, event: RunEvent): void {
    if (event.eventIndex < channel.last && !isStored(event)) return;
    if (channel.seen.has(event.eventIndex) && !isUnseenEnd(channel, event)) return;
    channel.seen.add(event.eventIndex);
    channel.last = Math.max(channel.last, event.eventIndex);
    channel.events.push(event);
    for (const subscriber of channel.subscribers) subscriber.deliver(event);
  }

  /** Receives the run's events published by other instances, until the channel finishes. */
  private async listen(runId: string, channel: RunChannel): Promise<void> {
    const unlisten = await this.bus.subscribe(runChannelOf(runId), {
      message: (message) => this.receive(runId, channel, message),
      // Some events may have been lost: the stored ones are read again.
      gap: () => this.receive(runId, channel, undefined),
    });
    if (channel.finished || this.channels.get(runId) !== channel) unlisten();
    else channel.unlisten = unlisten;
  }

  private receive(runId: string, channel: RunChannel, message: string | undefined): void {
    channel.inbound = channel.inbound
      .then(async () => {
        if (channel.finished) return;
        if (message === undefined) return this.catchUp(runId, channel);
        const event = await this.eventOf(JSON.parse(message) as BusMessage);
        if (!event || channel.finished) return;
        this.accept(channel, event);
        if (TERMINAL_EVENTS.has(event.type)) this.finish(runId);
      })
      .catch((error: unknown) =>
        this.logger.warn({ err: error, runId }, 'A live event of another instance was lost'),
      );
  }

  /** Adds the stored events not seen yet; finishes the channel if the run has ended. */
  private async catchUp(runId: string, channel: RunChannel): Promise<void> {
    for (const event of await this.store.listByRun(runId, -1)) this.accept(channel, event);
    const run = await this.runs.find(runId);
    const last = channel.events[channel.events.length - 1];
    const ended = !run || !ACTIVE.has(run.status) || (last && TERMINAL_EVENTS.has(last.type));
    if (ended && this.channels.get(runId) === channel) this.finish(runId);
  }

  private async eventOf(message: BusMessage): Promise<RunEvent | undefined> {
    if ('event' in message) return message.event;
    const [event] = await this.store.listByRun(message.runId, message.storedIndex - 1);
    return event?.eventIndex === message.storedIndex ? event : undefined;
  }

  /** Sends the event to the other instances' followers. */
  private broadcast(event: RunEvent): void {
    const bus: MessageBus = this.bus;
    let message = JSON.stringify({ event } satisfies BusMessage);
    if (Buffer.byteLength(message) > bus.maxMessageBytes) {
      // Too large for PostgreSQL NOTIFY (8000 bytes): a persisted event is read from the store
      // by the receivers. A transient one that large (a streamed chunk never is; they are small
      // deltas) is not sent: followers elsewhere get its content in the persisted `message` or
      // `thinking` event that follows. The terminal `complete` is always small.
      if (!isStored(event)) return;
      message = JSON.stringify({
        runId: event.runId,
        storedIndex: event.eventIndex,
      } satisfies BusMessage);
    }
    bus.publish(runChannelOf(event.runId), message);
  }

  /** Forgets the run's channel at once. */
  private close(runId: string): void {
    const channel = this.channels.get(runId);
    if (!channel) return;
    this.channels.delete(runId);
    clearTimeout(channel.expiry);
    channel.unlisten?.();
    channel.unlisten = undefined;
    channel.finished = true;
  }
}
