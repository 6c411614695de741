import { type Transactions } from '../../database/transactions';
import { EventSink } from '../events/event-sink';
import { type EventStore } from '../events/event-store.repository';
import {
  type RunEvent,
  type RunEventFields,
  type RunEventType,
  isPersisted,
} from '../events/run-event.types';
import { type RunStreams } from '../streams/run-streams.service';

/** Where one run's events go (see `EventSink`). */
export class RunEventSink extends EventSink<RunEvent> {
  constructor(
    private readonly run: { sessionId: string; runId: string },
    firstIndex: number,
    store: EventStore,
    streams: RunStreams,
    transactions: Transactions,
  ) {
    super(
      firstIndex,
      { store: (event) => store.append(event), publish: (event) => streams.publish(event) },
      transactions,
    );
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
      eventIndex: this.takeIndex(),
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
}
