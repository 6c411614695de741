import { type workflows } from '../../database/schema';
import { type WorkflowDto } from './dto/workflow.dto';
import { type WorkflowStepViewDto } from './dto/workflow-step.dto';

export type WorkflowRow = typeof workflows.$inferSelect;

/** A stored workflow and its steps as the API shows it. */
export function toWorkflowDto(row: WorkflowRow, steps: WorkflowStepViewDto[]): WorkflowDto {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    steps,
    input_schema: row.input_schema,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}
