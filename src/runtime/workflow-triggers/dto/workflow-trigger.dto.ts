import { ApiProperty } from '@nestjs/swagger';
import { Allow, IsBoolean, IsIn } from 'class-validator';
import { PageDtoOf } from '../../../core/api/page-dto-of';
import { Omittable } from '../../../core/validation/omittable.decorator';

const VERIFICATIONS = ['standard_webhooks', 'none'] as const;
const INPUT_EXAMPLE = { repository: '{{ input.body.repository.name }}' };

/** What a trigger's fields may be changed to. */
export class UpdateWorkflowTriggerDto {
  /** A disabled trigger starts nothing; a delivery to it gets 404. @example true */
  @Omittable()
  @IsBoolean()
  enabled?: boolean;

  /**
   * The template of the run's input, over the delivery as `input`: `{{ input.body… }}` and
   * `{{ input.headers.<lowercase name> }}`, written as a workflow step's input template is.
   * Null or absent: the delivery's body is the run's input.
   */
  @ApiProperty({ example: INPUT_EXAMPLE, required: false, nullable: true })
  @Allow()
  input?: unknown;

  /**
   * `standard_webhooks` (the default): a delivery must carry a Standard Webhooks signature made
   * with the trigger's secret and a timestamp within 5 minutes; `none`: anyone with the URL may
   * start runs.
   */
  @ApiProperty({ enum: VERIFICATIONS, required: false, example: 'standard_webhooks' })
  @Omittable()
  @IsIn(VERIFICATIONS)
  verification?: (typeof VERIFICATIONS)[number];
}

export class CreateWorkflowTriggerDto extends UpdateWorkflowTriggerDto {
  /** What fires it: a call of its URL. */
  @ApiProperty({ enum: ['webhook'], example: 'webhook' })
  @IsIn(['webhook'])
  type!: 'webhook';
}

export class WorkflowTriggerDto {
  /** @example "0c1d2e3f-4a5b-4c6d-8e7f-9a0b1c2d3e4f" */
  id!: string;
  /** @example "7f6e5d4c-3b2a-4190-8f7e-6d5c4b3a2f1e" */
  workflow_id!: string;
  @ApiProperty({ enum: ['webhook'], example: 'webhook' })
  type!: string;
  /** @example true */
  enabled!: boolean;
  @ApiProperty({ enum: VERIFICATIONS, example: 'standard_webhooks' })
  verification!: string;
  @ApiProperty({ example: INPUT_EXAMPLE, nullable: true })
  input!: unknown;
  /**
   * Where deliveries are posted (no API key): answered 202 with the run started.
   * @example "https://toolhub.example.com/hooks/0c1d2e3f-4a5b-4c6d-8e7f-9a0b1c2d3e4f"
   */
  url!: string;
  /** @example "2026-11-22T10:00:00.000Z" */
  created_at!: Date;
  /** @example "2026-11-22T10:00:00.000Z" */
  updated_at!: Date;
}

export class CreatedWorkflowTriggerDto extends WorkflowTriggerDto {
  /**
   * The signing secret of a `standard_webhooks` trigger, shown in this answer only: give it to
   * the sender. @example "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw"
   */
  secret?: string;
}

export class WorkflowTriggerFireDto {
  /** @example "6a5b4c3d-2e1f-4a0b-9c8d-7e6f5a4b3c2d" */
  id!: string;
  /** @example "2026-11-22T10:00:00.000Z" */
  fired_at!: Date;
  /**
   * The run it started; null once that run is deleted.
   * @example "3e2d1c0b-9a8f-4e7d-b6c5-a4f3e2d1c0b9"
   */
  workflow_run_id!: string | null;
}

export class WorkflowTriggerFirePageDto extends PageDtoOf(WorkflowTriggerFireDto) {}

export class TriggeredRunDto {
  /** @example "3e2d1c0b-9a8f-4e7d-b6c5-a4f3e2d1c0b9" */
  workflow_run_id!: string;
}
