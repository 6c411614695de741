import { type RunStatus, isActiveRunStatus } from '../../database/schema';

/** What a run that is gone is taken to have ended at: before anything could follow it. */
const LONG_AGO = new Date(0);

/**
 * When a run (of an agent or a workflow) ended, as its row says: undefined while it is active,
 * long ago if its row is gone or records no end time.
 */
export function runEndOf(
  run: { status: RunStatus; finished_at: Date | null } | undefined,
): Date | undefined {
  if (!run) return LONG_AGO;
  if (isActiveRunStatus(run.status)) return undefined;
  return run.finished_at ?? LONG_AGO;
}
