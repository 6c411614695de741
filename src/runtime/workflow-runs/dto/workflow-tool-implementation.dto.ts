import { ApiProperty } from '@nestjs/swagger';
import { IsIn, IsUUID } from 'class-validator';

/** A `workflow` tool: a call runs the workflow and answers with its output. */
export class WorkflowToolImplementationDto {
  @ApiProperty({ enum: ['workflow'], example: 'workflow' })
  @IsIn(['workflow'])
  type!: 'workflow';

  /** The workflow the tool runs. @example "7f6e5d4c-3b2a-4190-8f7e-6d5c4b3a2f1e" */
  @IsUUID()
  workflow_id!: string;
}
