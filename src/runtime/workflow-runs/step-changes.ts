import { sql } from 'drizzle-orm';
import { type Database } from '../../database/database';
import { workflowRunSteps } from '../../database/schema';
import { topLevelPath } from './step-paths';

/** A step's change of state, with what it produced or why it failed. */
export type StepChange =
  /** `started`: the step starts an attempt (and counts it), rather than working on. */
  | { status: 'running'; runId?: string | null; started?: true }
  | { status: 'awaiting_approval' }
  | { status: 'completed'; output: unknown }
  | { status: 'failed' | 'cancelled'; error: { code: string; message: string } };

/** A change of the workflow run's top-level step at `index`, or of the step run at `path`. */
export type StepUpdate = StepChange & ({ index: number } | { path: string });

/**
 * The `WITH` query `changed_steps` that makes the changes the placeholder `step_changes` lists
 * (see `stepChangesValue`) to the steps of the workflow run the placeholder `workflow_run_id`
 * names. One statement for any changes: its SQL is built and planned once, where statements
 * of their own would differ with the columns each change sets. A column a change does not name
 * keeps its value.
 */
export function changedStepsQuery(db: Database) {
  return db.$with('changed_steps', { path: workflowRunSteps.path }).as(sql`
    UPDATE ${workflowRunSteps} AS step
    SET status = change.status,
      attempts = step.attempts + CASE WHEN change.started THEN 1 ELSE 0 END,
      run_id = CASE WHEN change.sets_run_id THEN change.run_id ELSE step.run_id END,
      output = CASE WHEN change.sets_output THEN change.output ELSE step.output END,
      error = CASE WHEN change.sets_error THEN change.error ELSE step.error END
    FROM jsonb_to_recordset(${sql.placeholder('step_changes')}::jsonb) AS change (
      path text, status text, started boolean, sets_run_id boolean, run_id uuid,
      sets_output boolean, output jsonb, sets_error boolean, error jsonb)
    WHERE step.workflow_run_id = ${sql.placeholder('workflow_run_id')} AND step.path = change.path
    RETURNING step.path`);
}

/**
 * The value of `changedStepsQuery`'s `step_changes`: the changes as JSON text. An output of
 * `null` or none is stored as SQL NULL (JSON's `null` becomes it in `jsonb_to_recordset`).
 */
export function stepChangesValue(updates: readonly StepUpdate[]): string {
  return JSON.stringify(
    updates.map((update) => ({
      path: 'path' in update ? update.path : topLevelPath(update.index),
      status: update.status,
      started: 'started' in update && update.started === true,
      sets_run_id: 'runId' in update && update.runId !== undefined,
      run_id: 'runId' in update ? update.runId : null,
      sets_output: 'output' in update,
      output: 'output' in update ? update.output : null,
      sets_error: 'error' in update,
      error: 'error' in update ? update.error : null,
    })),
  );
}
