import { ApiProperty } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { ArrayMaxSize, ArrayMinSize, IsArray, IsObject, ValidateNested } from 'class-validator';
import { Omittable } from '../../../core/validation/omittable.decorator';
import {
  IsResourceDescription,
  IsResourceName,
} from '../../../core/api/resource-fields.decorators';
import { HasUniqueStepKeys } from './unique-step-keys.decorator';
import { WorkflowStepDto } from './workflow-step.dto';

/** Most steps of one workflow. */
export const MAX_WORKFLOW_STEPS = 100;

export class CreateWorkflowDto {
  /** Unique among workflows. @example "daily_screening" */
  @IsResourceName()
  name!: string;

  /** @example "Screens the market, then looks for buy signals" */
  @IsResourceDescription()
  description?: string;

  /**
   * What the workflow runs, in order; an agent or tool may appear in several steps. Each may
   * have a `key` (unique in the workflow) and an `input` template reading earlier steps.
   * @example [{"type": "tool", "id": "3f0c9a8e-8a3b-4f6e-9a51-0d8a4c2e7b10", "key": "fetch_prices", "input": {"market": "{{ input.market }}"}}, {"type": "agent", "id": "5b1d2c3e-4f50-4a6b-8c7d-9e0f1a2b3c4d", "input": "Find buy signals in {{ steps.fetch_prices.output }}"}]
   */
  @ApiProperty({ maxItems: MAX_WORKFLOW_STEPS }) // the plugin does not read ArrayMaxSize
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(MAX_WORKFLOW_STEPS)
  @ValidateNested({ each: true })
  @HasUniqueStepKeys()
  @Type(() => WorkflowStepDto)
  steps!: WorkflowStepDto[];

  /**
   * JSON Schema (type `object`) of the input the workflow takes when it is called as a tool;
   * checked as a tool's `parameters` are. Default: `{"type": "object"}`, any object.
   * @example {"type": "object", "properties": {"market": {"type": "string"}}, "required": ["market"]}
   */
  @Omittable()
  @IsObject()
  input_schema?: Record<string, unknown>;
}
