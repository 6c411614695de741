import { type RunEvent, type RunEventType } from '../events/run-event.types';

/**
 * Which step an event is of: a top-level step by its index (and its path, which the sink adds),
 * a nested one by its path alone (`"3/items/7/0"`).
 */
export type StepPlace =
  { stepIndex: number; stepPath?: string } | { stepPath: string; stepIndex?: never };

/** The fields of each workflow run event beyond the common ones; clients read these names. */
export interface WorkflowRunEventFields {
  workflow_started: { input: unknown };
  step_started: StepPlace & {
    stepKey: string | null;
    stepType: string;
    /** An agent or tool step's agent's or tool's id; null for a step holding others. */
    refId: string | null;
  };
  step_completed: StepPlace & { output: unknown };
  /** `continued`: the step's `on_error` is `continue`, and the run goes on after it. */
  step_failed: StepPlace & { error: string; code: string; continued?: true };
  /** The step's `attempt`-th attempt failed; it runs again (`step_started`) after `delayMs`. */
  step_retrying: StepPlace & {
    attempt: number;
    delayMs: number;
    error: string;
    code: string;
  };
  workflow_completed: { output: unknown };
  error: { error: string; code: string };
  complete: { reason: 'success' | 'cancelled' };
}

export type WorkflowRunEventType = keyof WorkflowRunEventFields;

interface WorkflowRunEventBase<T> {
  type: T;
  workflowRunId: string;
  /** Every event of the workflow run's stream, from 0, gap-free: the SSE `id`. */
  eventIndex: number;
  timestamp: string;
  persistenceState: 'persisted' | 'transient';
  /** Stored events only: consecutive from 0 per workflow run. */
  sequenceNumber?: number;
  /** A step's event: the step run's path in the run's tree (see `step-paths.ts`). */
  stepPath?: string;
}

/** An event of the workflow run itself; all but `complete` are stored. */
export type OwnWorkflowRunEvent<T extends WorkflowRunEventType = WorkflowRunEventType> =
  T extends WorkflowRunEventType ? WorkflowRunEventBase<T> & WorkflowRunEventFields[T] : never;

/**
 * An event of an agent step's run, streamed (not stored: its own run stores it) under the
 * workflow stream's index, naming the step and keeping the run's `runId` and `sessionId`.
 */
export type RelayedStepEvent = WorkflowRunEventBase<RunEventType> &
  Omit<RunEvent, 'eventIndex' | 'persistenceState' | 'sequenceNumber'> &
  StepPlace;

export type WorkflowRunEvent = OwnWorkflowRunEvent | RelayedStepEvent;

/** The workflow run's own end: a relayed `complete` or `error` is only its step run's. */
export function isWorkflowRunEnd(event: WorkflowRunEvent): boolean {
  return !('stepPath' in event && 'runId' in event) && ['complete', 'error'].includes(event.type);
}
