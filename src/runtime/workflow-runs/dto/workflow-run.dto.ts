import { ApiProperty } from '@nestjs/swagger';
import { Allow, IsString } from 'class-validator';
import { PageDtoOf } from '../../../core/api/page-dto-of';
import { Omittable } from '../../../core/validation/omittable.decorator';
import { RunErrorDto } from '../../runs/dto/run.dto';
import { WebhookStateDto } from '../../../webhooks/dto/webhook-state.dto';

const STATUSES = ['running', 'awaiting_approval', 'completed', 'failed', 'cancelled'];

export class StartWorkflowRunDto {
  /** The workflow's input, checked against its `input_schema` before anything runs. */
  @ApiProperty({ example: { topic: 'login' }, required: false })
  @Allow()
  input?: unknown;

  /**
   * Where to POST a signed notice (Standard Webhooks) when the run completes, fails, is
   * cancelled or waits for an approval; an address tools may not reach is refused (422).
   * @example "https://example.com/hooks/toolhub"
   */
  @Omittable()
  @IsString()
  webhook_url?: string;
}

export class WorkflowRunStepDto {
  /**
   * The step run's place in the run's tree: a top-level step's index (`"2"`), or its parent's
   * path, the group it is in and its index there: `"3/items/7/0"` (a map's item 7),
   * `"1/cases/0/0"` (a branch's first case), `"1/default/0"`, `"4/branches/b/0"` (a parallel
   * branch `b`), `"5/iterations/2/0"` (a loop's third iteration).
   * @example "1"
   */
  path!: string;
  /** Its position in its list of steps: the last number of its path. @example 1 */
  index!: number;
  /** The step's key in the workflow, if it has one. @example "draft" */
  key!: string | null;
  /** Absent only for a step run the run's pinned definition does not hold. */
  @ApiProperty({ enum: ['agent', 'tool'], example: 'agent', required: false })
  type?: string;
  /** The agent's or the tool's id. @example "2b1a0f9e-8d7c-4b6a-9e5d-4c3b2a1f0e9d" */
  ref_id?: string;
  @ApiProperty({ enum: ['pending', ...STATUSES], example: 'completed' })
  status!: string;
  /**
   * How often the step started: 1 for a step run once, more after retries (`retry`) and after
   * runs again of a step a stopped server cut off; 0 while pending.
   */
  @ApiProperty({ type: 'integer', example: 1 })
  attempts!: number;
  /** An agent step's run. @example "8c7b6a5d-4e3f-4a1b-9c8d-7e6f5a4b3c2d" */
  run_id?: string;
  /** What the step produced, once completed. @example "A diagram of the login flow." */
  @ApiProperty({ required: false, example: 'A diagram of the login flow.' })
  output?: unknown;
  error?: RunErrorDto;
  /** The step runs nested in this one (its cases', branches', items' or iterations'). */
  @ApiProperty({ type: () => [WorkflowRunStepDto], required: false })
  steps?: WorkflowRunStepDto[];
}

export class WorkflowRunDto {
  /** @example "3e2d1c0b-9a8f-4e7d-b6c5-a4f3e2d1c0b9" */
  id!: string;
  /** @example "7f6e5d4c-3b2a-4190-8f7e-6d5c4b3a2f1e" */
  workflow_id!: string;
  @ApiProperty({ enum: STATUSES, example: 'completed' })
  status!: string;
  @ApiProperty({ example: { topic: 'login' }, nullable: true })
  input!: unknown;
  /** The last step's output, once completed. */
  @ApiProperty({ example: 'https://www.plantuml.com/plantuml/svg/SoWkIImgAStDuN', nullable: true })
  output!: unknown;
  steps!: WorkflowRunStepDto[];
  error!: RunErrorDto | null;
  /** @example "2026-11-22T10:00:00.000Z" */
  created_at!: Date;
  /** @example "2026-11-22T10:00:09.000Z" */
  finished_at!: Date | null;
  /**
   * The latest webhook delivery about the workflow run; null when it was started without
   * `webhook_url`.
   */
  @ApiProperty({ type: WebhookStateDto, nullable: true })
  webhook?: WebhookStateDto | null;
}

export class WorkflowRunPageDto extends PageDtoOf(WorkflowRunDto) {}

export class WorkflowRunCancelRequestedDto {
  /** @example "3e2d1c0b-9a8f-4e7d-b6c5-a4f3e2d1c0b9" */
  workflow_run_id!: string;
  /** Its running step stops; its stream ends with `complete` (reason `cancelled`). @example true */
  cancel_requested!: true;
}
