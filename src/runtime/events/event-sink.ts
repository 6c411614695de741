import { type Transactions } from '../../database/transactions';
import { isStored, type StreamedEvent } from './streamed-event';

/** Where a sink's events go: stored (and numbered) when persisted, then published. */
export interface SinkOutlets<E extends StreamedEvent> {
  store(event: E): Promise<E>;
  publish(event: E): void;
}

/**
 * Where one stream's events go. Each gets the stream's next `eventIndex` when it is built;
 * persisted ones are stored (and numbered) before anyone sees them; all are published in index
 * order.
 */
export class EventSink<E extends StreamedEvent> {
  private nextIndex: number;
  private queue: Promise<unknown> = Promise.resolve();
  /** Emits queued and not yet published. */
  private queued = 0;

  constructor(
    firstIndex: number,
    private readonly outlets: SinkOutlets<E>,
    private readonly transactions: Transactions,
  ) {
    this.nextIndex = firstIndex;
  }

  /** The next `eventIndex`, taken. */
  protected takeIndex(): number {
    return this.nextIndex++;
  }

  /**
   * Stores built events (and `alongside`, e.g. a status that changes with them) in one
   * transaction, so both are committed or neither, then publishes them.
   */
  emitTogether(events: E[], alongside?: () => Promise<unknown>): Promise<E[]> {
    // Nothing to store and nothing ahead of them (a run's streamed chunks, mostly): published
    // now, without the queue's turns of promises.
    if (this.queued === 0 && !alongside && !events.some(isStored)) {
      // The executor runs now; a publish that throws rejects the emit.
      return new Promise((resolve) => {
        events.forEach((event) => this.outlets.publish(event));
        resolve(events);
      });
    }
    const storeAll = () =>
      storeInOrder(events, (event) =>
        isStored(event) ? this.outlets.store(event) : Promise.resolve(event),
      );
    const oneStatement = !alongside && events.filter(isStored).length <= 1;
    return this.inTurn(() =>
      oneStatement
        ? storeAll()
        : this.transactions.run(async () => {
            const inOrder = await storeAll();
            await alongside?.();
            return inOrder;
          }),
    );
  }

  /**
   * Emits persisted events that `store` stores (and numbers) together itself, e.g. by one
   * statement that also changes what they tell of, then publishes them.
   */
  protected emitAllStoredBy(events: E[], store: (events: E[]) => Promise<E[]>): Promise<E[]> {
    return this.inTurn(() => store(events));
  }

  /** Stores after the events emitted before, then publishes what was stored, in order. */
  private inTurn(store: () => Promise<E[]>): Promise<E[]> {
    this.queued++;
    const emitted = this.queue.then(async () => {
      const all = await store();
      all.forEach((event) => this.outlets.publish(event));
      return all;
    });
    const settled = () => {
      this.queued--;
    };
    // A failed emit fails its caller; the events after it still go out in order.
    this.queue = emitted.then(settled, settled);
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
async function storeInOrder<E>(
  events: readonly E[],
  store: (event: E) => Promise<E>,
): Promise<E[]> {
  const stored: E[] = [];
  for (const event of events) stored.push(await store(event));
  return stored;
}
