import { type WorkflowRunDto } from './dto/workflow-run.dto';
import { type WorkflowRunRow, type WorkflowRunStepRow } from './workflow-runs.repository';

export const workflowRunPath = (id: string) => `/api/v1/workflow-runs/${id}`;

export function toWorkflowRunDto(
  run: WorkflowRunRow,
  steps: readonly WorkflowRunStepRow[],
): WorkflowRunDto {
  return {
    id: run.id,
    workflow_id: run.workflow_id,
    status: run.status,
    input: run.input ?? null,
    output: run.output ?? null,
    steps: steps.map((state) => {
      const step = run.steps[state.index];
      return {
        index: state.index,
        key: step.key ?? null,
        type: step.type,
        ref_id: step.ref_id,
        status: state.status,
        attempts: state.attempts,
        ...(state.run_id && { run_id: state.run_id }),
        ...(state.status === 'completed' && { output: state.output ?? null }),
        ...(state.error && { error: state.error }),
      };
    }),
    error: run.error,
    created_at: run.created_at,
    finished_at: run.finished_at,
  };
}
