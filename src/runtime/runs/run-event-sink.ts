import { type Transactions } from '../../database/transactions';
import { type EventStore } from '../events/event-store.repository';
import {
  type RunEvent,
  type RunEventFields,
  type RunEventType,
  isPersisted,
  isStored,
} from '../events/run-event.types';
import { type RunStreams } from '../streams/run-streams.service';

/**
 * Where one run's events go. Each gets the run's next `eventIndex` when it is emitted; persisted
 * ones are stored (and numbered) before anyone sees them; all are published in index order.
 */
export class RunEventSink {
  private nextIndex: number;
  private queue: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly run: { sessionId: string; runId: string },
    firstIndex: number,
    private readonly store: EventStore,
    private readonly streams: RunStreams,
    private readonly transactions: Transactions,
  ) {
    this.nextIndex = firstIndex;
  }

  /**
   * Emits an event. `alongside` runs in the transaction that stores it (e.g. the run's final
   * status with its `error` event), so both are committed or neither.
   */
  async emit<T extends RunEventType>(
    type: T,
    fields: RunEventFields[T],
    alongside?: () => Promise<unknown>,
  ): Promise<RunEvent> {
    const [event] = await this.emitTogether([this.build(type, fields)], alongside);
    return event;
  }

  /** Builds an event with the run's next index, to be emitted with `emitTogether`. */
  build<T extends RunEventType>(type: T, fields: RunEventFields[T]): RunEvent {
    return {
      type,
      sessionId: this.run.sessionId,
      runId: this.run.runId,
      eventIndex: this.nextIndex++,
      timestamp: new Date().toISOString(),
      persistenceState: isPersisted(type) ? 'persisted' : 'transient',
      ...fields,
    } as RunEvent;
  }

  /**
   * Streams an event of a run this one delegated to, under this run's next index, without
   * storing it: it is stored in the run it happened in.
   */
  relay<T extends RunEventType>(type: T, fields: RunEventFields[T]): Promise<RunEvent[]> {
    const event = { ...this.build(type, fields), persistenceState: 'transient' } as RunEvent;
    return this.emitTogether([event]);
  }

  /** Stores built events (and `alongside`) in one transaction, then publishes them. */
  emitTogether(events: RunEvent[], alongside?: () => Promise<unknown>): Promise<RunEvent[]> {
    const storeAll = () =>
      storeInOrder(events, (event) =>
        isStored(event) ? this.store.append(event) : Promise.resolve(event),
      );
    const oneStatement = !alongside && events.filter(isStored).length <= 1;
    const emitted = this.queue.then(async () => {
      const stored = oneStatement
        ? await storeAll()
        : await this.transactions.run(async () => {
            const all = await storeAll();
            await alongside?.();
            return all;
          });
      stored.forEach((event) => this.streams.publish(event));
      return stored;
    });
    // A failed emit fails its caller; the events after it still go out in order.
    this.queue = emitted.catch(() => undefined);
    return emitted;
  }

  /** The `eventIndex` the next event will get. */
  get nextEventIndex(): number {
    return this.nextIndex;
  }

  /** Resolves once every event emitted so far is stored and published. */
  async drained(): Promise<void> {
    await this.queue;
  }
}

/** One after the other: their sequence numbers must follow their order. */
async function storeInOrder(
  events: readonly RunEvent[],
  store: (event: RunEvent) => Promise<RunEvent>,
): Promise<RunEvent[]> {
  const stored: RunEvent[] = [];
  for (const event of events) stored.push(await store(event));
  return stored;
}
