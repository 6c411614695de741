import { type Transactions } from '../../database/transactions';
import { type EventStore } from '../events/event-store.repository';
import {
  type RunEvent,
  type RunEventFields,
  type RunEventType,
  isPersisted,
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
  emit<T extends RunEventType>(
    type: T,
    fields: RunEventFields[T],
    alongside?: () => Promise<unknown>,
  ): Promise<RunEvent> {
    const event = {
      type,
      sessionId: this.run.sessionId,
      runId: this.run.runId,
      eventIndex: this.nextIndex++,
      timestamp: new Date().toISOString(),
      persistenceState: isPersisted(type) ? 'persisted' : 'transient',
      ...fields,
    } as RunEvent;
    const emitted = this.queue.then(async () => {
      const store = async () => (isPersisted(type) ? this.store.append(event) : event);
      const final = alongside
        ? await this.transactions.run(async () => {
            const stored = await store();
            await alongside();
            return stored;
          })
        : await store();
      this.streams.publish(final);
      return final;
    });
    // A failed emit fails its caller; the events after it still go out in order.
    this.queue = emitted.catch(() => undefined);
    return emitted;
  }

  /** Resolves once every event emitted so far is stored and published. */
  async drained(): Promise<void> {
    await this.queue;
  }
}
