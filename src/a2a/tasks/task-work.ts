/**
 * Where a task's work is: the session its context continues and the run it is. Kept in the
 * task's metadata, which its client reads too (the run can be followed and its approvals decided
 * over the REST API as well).
 */
export interface TaskWork {
  sessionId?: string;
  runId?: string;
}

const SESSION_ID = 'toolhub_session_id';
const RUN_ID = 'toolhub_run_id';

export function workMetadata(work: Required<TaskWork>): Record<string, string> {
  return { [SESSION_ID]: work.sessionId, [RUN_ID]: work.runId };
}

export function workOf(task: { metadata?: Record<string, unknown> }): TaskWork {
  const metadata = task.metadata ?? {};
  const text = (value: unknown) => (typeof value === 'string' ? value : undefined);
  return { sessionId: text(metadata[SESSION_ID]), runId: text(metadata[RUN_ID]) };
}
