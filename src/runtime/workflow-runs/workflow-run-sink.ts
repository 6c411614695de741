import { type Transactions } from '../../database/transactions';
import { EventSink } from '../events/event-sink';
import { type RunEvent } from '../events/run-event.types';
import { type StepUpdate } from './step-changes';
import { topLevelPath } from './step-paths';
import { type WorkflowRunEventStore } from './workflow-run-events.repository';
import {
  type RelayedStepEvent,
  type StepPlace,
  type WorkflowRunEvent,
  type WorkflowRunEventFields,
  type WorkflowRunEventType,
} from './workflow-run-event.types';
import { type WorkflowRunStreams } from './workflow-run-streams';

/** A stored event to emit, and the change of a step stored with it. */
export interface ChangingEmit<T extends WorkflowRunEventType = WorkflowRunEventType> {
  type: T;
  fields: WorkflowRunEventFields[T];
  change: StepUpdate;
}

/** Where one workflow run's events go (see `EventSink`): all its own but `complete` are stored. */
export class WorkflowRunSink extends EventSink<WorkflowRunEvent> {
  constructor(
    private readonly workflowRunId: string,
    firstIndex: number,
    private readonly store: WorkflowRunEventStore,
    streams: WorkflowRunStreams,
    transactions: Transactions,
  ) {
    super(
      firstIndex,
      { store: (event) => store.append(event), publish: (event) => streams.publish(event) },
      transactions,
    );
  }

  /** Emits an event; `alongside` runs in the transaction that stores it. */
  async emit<T extends WorkflowRunEventType>(
    type: T,
    fields: WorkflowRunEventFields[T],
    alongside?: () => Promise<unknown>,
  ): Promise<WorkflowRunEvent> {
    const [emitted] = await this.emitTogether([this.build(type, fields)], alongside);
    return emitted;
  }

  /**
   * Emits stored events, each with its change (e.g. its step's new state), all by the statement
   * that stores them: one round trip, committed together.
   */
  emitAllWith(emits: readonly ChangingEmit[]): Promise<WorkflowRunEvent[]> {
    return this.emitAllStoredBy(
      emits.map(({ type, fields }) => this.build(type, fields)),
      (events) =>
        this.store.appendAll(
          events,
          emits.map(({ change }) => change),
        ),
    );
  }

  /**
   * Emits `before` (stored events with their changes), then the event `type`, all stored (and
   * numbered) by `store` together, e.g. by one statement that also ends the run.
   */
  emitAllStoredAs<T extends WorkflowRunEventType>(
    before: readonly ChangingEmit[],
    type: T,
    fields: WorkflowRunEventFields[T],
    store: (events: WorkflowRunEvent[], changes: StepUpdate[]) => Promise<WorkflowRunEvent[]>,
  ): Promise<WorkflowRunEvent[]> {
    const events = [
      ...before.map((emit) => this.build(emit.type, emit.fields)),
      this.build(type, fields),
    ];
    return this.emitAllStoredBy(events, (built) =>
      store(
        built,
        before.map(({ change }) => change),
      ),
    );
  }

  private build<T extends WorkflowRunEventType>(
    type: T,
    fields: WorkflowRunEventFields[T],
  ): WorkflowRunEvent {
    return {
      type,
      workflowRunId: this.workflowRunId,
      eventIndex: this.takeIndex(),
      timestamp: new Date().toISOString(),
      persistenceState: type === 'complete' ? 'transient' : 'persisted',
      ...fields,
      ...stepPathOf(fields),
    } as WorkflowRunEvent;
  }

  /** Streams an event of a step's run under this stream's next index; its run stores it. */
  async relay(place: StepPlace, event: RunEvent): Promise<void> {
    // eslint-disable-next-line @typescript-eslint/no-unused-vars
    const { eventIndex, persistenceState, sequenceNumber, ...own } = event;
    const relayed = {
      ...own,
      workflowRunId: this.workflowRunId,
      eventIndex: this.takeIndex(),
      persistenceState: 'transient',
      ...place,
      ...stepPathOf(place),
    } as RelayedStepEvent;
    // Stored nowhere here, it can only fail once the stream has ended: nobody is left to see it.
    await this.emitTogether([relayed]).catch(() => undefined);
  }
}

/** A top-level step's event names its step by path too, as nested steps' events do. */
function stepPathOf(fields: object): { stepPath?: string } {
  return 'stepIndex' in fields && typeof fields.stepIndex === 'number'
    ? { stepPath: topLevelPath(fields.stepIndex) }
    : {};
}
