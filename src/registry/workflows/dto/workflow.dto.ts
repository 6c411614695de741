import { PageDtoOf } from '../../../core/api/page-dto-of';
import { type ReferenceDto } from '../../common/reference.dto';
import { type WorkflowStepViewDto } from './workflow-step.dto';

export class WorkflowDto {
  /** @example "9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d" */
  id!: string;
  /** @example "daily_screening" */
  name!: string;
  /** @example "Screens the market, then looks for buy signals" */
  description!: string;
  /** In the order they run. */
  steps!: WorkflowStepViewDto[];
  /**
   * JSON Schema of the input the workflow takes when it is called as a tool.
   * @example {"type": "object", "properties": {"market": {"type": "string"}}, "required": ["market"]}
   */
  input_schema!: Record<string, unknown>;
  /** @example "2026-11-22T10:00:00.000Z" */
  created_at!: Date;
  /** @example "2026-11-22T10:00:00.000Z" */
  updated_at!: Date;
}

export class WorkflowDetailDto extends WorkflowDto {
  /**
   * Tools that run this workflow (implementation `{"type": "workflow", "workflow_id": …}`), by
   * name.
   */
  served_as_tools!: ReferenceDto[];
}

export class WorkflowPageDto extends PageDtoOf(WorkflowDto) {}
