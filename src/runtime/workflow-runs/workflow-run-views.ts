import { type WorkflowRunDto, type WorkflowRunStepDto } from './dto/workflow-run.dto';
import { definitionAt } from './step-definitions';
import { parentPathOf } from './step-paths';
import { type StepRunRow, type WorkflowRunRow } from './workflow-runs.repository';

export const workflowRunPath = (id: string) => `/api/v1/workflow-runs/${id}`;

/** The workflow run as its GET shows it, its step runs (`rows`, in path order) as a tree. */
export function toWorkflowRunDto(run: WorkflowRunRow, rows: readonly StepRunRow[]): WorkflowRunDto {
  return {
    id: run.id,
    workflow_id: run.workflow_id,
    status: run.status,
    input: run.input ?? null,
    output: run.output ?? null,
    steps: stepTree(run, rows),
    error: run.error,
    created_at: run.created_at,
    finished_at: run.finished_at,
  };
}

/** The top-level step runs, each holding the step runs nested in it, in path order. */
function stepTree(run: WorkflowRunRow, rows: readonly StepRunRow[]): WorkflowRunStepDto[] {
  const byPath = new Map<string, WorkflowRunStepDto>();
  const top: WorkflowRunStepDto[] = [];
  for (const row of rows) {
    const view = toStepDto(run, row);
    byPath.set(row.path, view);
    const parent = parentPathOf(row.path);
    const holder = parent === undefined ? undefined : byPath.get(parent);
    if (holder) (holder.steps ??= []).push(view);
    else if (parent === undefined) top.push(view);
  }
  return top;
}

function toStepDto(run: WorkflowRunRow, row: StepRunRow): WorkflowRunStepDto {
  const step = definitionAt(run.steps, row.path);
  const segments = row.path.split('/');
  return {
    path: row.path,
    index: row.index ?? Number(segments[segments.length - 1]),
    key: step?.key ?? null,
    ...(step && { type: step.type, ref_id: step.ref_id }),
    status: row.status,
    attempts: row.attempts,
    ...(row.run_id && { run_id: row.run_id }),
    ...(row.status === 'completed' && { output: row.output ?? null }),
    ...(row.error && { error: row.error }),
  };
}
