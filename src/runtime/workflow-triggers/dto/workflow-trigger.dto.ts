import { ApiProperty } from '@nestjs/swagger';
import { Allow, IsBoolean, IsIn, IsInt, IsString, Max, Min, MaxLength } from 'class-validator';
import { PageDtoOf } from '../../../core/api/page-dto-of';
import { Omittable } from '../../../core/validation/omittable.decorator';

const TYPES = ['webhook', 'schedule'] as const;
const VERIFICATIONS = ['standard_webhooks', 'none'] as const;
const OVERLAPS = ['skip', 'allow'] as const;
/** The most deliveries per minute a webhook trigger may take, and how many when not told. */
const MAX_DELIVERIES_PER_MINUTE = 10_000;
export const DEFAULT_DELIVERIES_PER_MINUTE = 60;
const INPUT_EXAMPLE = { repository: '{{ input.body.repository.name }}' };

/** What a trigger's fields may be changed to. */
export class UpdateWorkflowTriggerDto {
  /** A disabled trigger starts nothing; a delivery to it gets 404. @example true */
  @Omittable()
  @IsBoolean()
  enabled?: boolean;

  /**
   * A webhook's: the template of the run's input, over the delivery as `input`:
   * `{{ input.body… }}` and `{{ input.headers.<lowercase name> }}`, written as a workflow
   * step's input template is; null or absent: the delivery's body. A schedule's: the run's
   * input as it is; null or absent: `{}`.
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

  /**
   * A schedule's cron expression: 5 fields, or 6 with seconds first (`0,30 * * * * *`: every
   * 30 seconds). Required for a schedule. @example "0 9 * * 1-5"
   */
  @Omittable()
  @IsString()
  @MaxLength(200)
  cron?: string;

  /** A schedule's IANA time zone, which `cron` is read in. Default: `UTC`. @example "Europe/Paris" */
  @Omittable()
  @IsString()
  @MaxLength(100)
  timezone?: string;

  /**
   * A schedule's fire while its previous run is still going: `skip` (the default) starts none
   * and records the fire as skipped; `allow` starts one anyway.
   */
  @ApiProperty({ enum: OVERLAPS, required: false, example: 'skip' })
  @Omittable()
  @IsIn(OVERLAPS)
  overlap?: (typeof OVERLAPS)[number];

  /**
   * A webhook's: how many deliveries may start runs per minute (by the clock of the database
   * every instance shares); past it a delivery gets 429 `TRIGGER_RATE_LIMITED` with
   * `Retry-After`, and nothing runs. A delivery repeated (the same `webhook-id`) is not counted.
   * 1 to 10,000; default 60. @example 60
   */
  @Omittable()
  @IsInt()
  @Min(1)
  @Max(MAX_DELIVERIES_PER_MINUTE)
  deliveries_per_minute?: number;
}

export class CreateWorkflowTriggerDto extends UpdateWorkflowTriggerDto {
  /** What fires it: a call of its URL (`webhook`), or its `cron` times (`schedule`). */
  @ApiProperty({ enum: TYPES, example: 'webhook' })
  @IsIn(TYPES)
  type!: (typeof TYPES)[number];
}

export class WorkflowTriggerDto {
  /** @example "0c1d2e3f-4a5b-4c6d-8e7f-9a0b1c2d3e4f" */
  id!: string;
  /** @example "7f6e5d4c-3b2a-4190-8f7e-6d5c4b3a2f1e" */
  workflow_id!: string;
  @ApiProperty({ enum: TYPES, example: 'webhook' })
  type!: string;
  /** @example true */
  enabled!: boolean;
  /** A webhook's; null for a schedule. */
  @ApiProperty({ enum: VERIFICATIONS, example: 'standard_webhooks', nullable: true })
  verification!: string | null;
  @ApiProperty({ example: INPUT_EXAMPLE, nullable: true })
  input!: unknown;
  /**
   * A webhook's: where deliveries are posted (no API key), answered 202 with the run started;
   * null for a schedule.
   * @example "https://toolhub.example.com/hooks/0c1d2e3f-4a5b-4c6d-8e7f-9a0b1c2d3e4f"
   */
  url!: string | null;
  /** A schedule's; null for a webhook. @example null */
  cron!: string | null;
  /** A schedule's; null for a webhook. @example null */
  timezone!: string | null;
  @ApiProperty({ enum: OVERLAPS, nullable: true, example: null })
  overlap!: string | null;
  /** A webhook's deliveries that may start runs per minute; null for a schedule. @example 60 */
  deliveries_per_minute!: number | null;
  /** An enabled schedule's next fire time; null otherwise. @example null */
  next_fire_at!: Date | null;
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
   * `started`: it started the run; `skipped`: the trigger's previous run was still going
   * (`overlap: skip`); `failed`: the workflow refused the input, nothing ran.
   */
  @ApiProperty({ enum: ['started', 'skipped', 'failed'], example: 'started' })
  outcome!: string;
  /**
   * The run it started; null when it started none, or once that run is deleted.
   * @example "3e2d1c0b-9a8f-4e7d-b6c5-a4f3e2d1c0b9"
   */
  workflow_run_id!: string | null;
}

export class WorkflowTriggerFirePageDto extends PageDtoOf(WorkflowTriggerFireDto) {}

export class TriggeredRunDto {
  /** @example "3e2d1c0b-9a8f-4e7d-b6c5-a4f3e2d1c0b9" */
  workflow_run_id!: string;
}
