import { ApiProperty } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayUnique,
  IsArray,
  IsBoolean,
  IsInt,
  IsString,
  Matches,
  Max,
  MaxLength,
  Min,
} from 'class-validator';
import { Omittable } from '../../../core/validation/omittable.decorator';
import { WebhookStateDto } from '../../../webhooks/dto/webhook-state.dto';

export class StartRunDto {
  /** The user's message. @example "Draw a sequence diagram of a login." */
  @IsString()
  @Matches(/\S/, { message: '$property must not be empty or blank' })
  @MaxLength(100_000)
  content!: string;

  /** Extended thinking (Anthropic, scripted; streamed reasoning on compatible servers). */
  @Omittable()
  @IsBoolean()
  enable_thinking?: boolean;

  /** Tokens the model may think with; Anthropic: at least 1024 and below max_tokens. */
  @ApiProperty({ type: 'integer', example: 10_000 })
  @Omittable()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(1_000_000)
  thinking_budget?: number;

  /**
   * Ids of my files (`POST /api/v1/files`) to give the model with the message: text as named
   * text, images as images, PDFs as documents (Anthropic).
   * @example ["6f1e2d3c-4b5a-4968-8776-5a4b3c2d1e0f"]
   */
  @Omittable()
  @IsArray()
  @ArrayMaxSize(20)
  @ArrayUnique()
  @IsString({ each: true })
  @MaxLength(100, { each: true })
  attachments?: string[];

  /**
   * Where to post a signed notice each time the run completes, fails, is cancelled or waits
   * for an approval (see the webhooks guide). An address tools may not reach is refused (422).
   * @example "https://hooks.example.com/toolhub"
   */
  @Omittable()
  @IsString()
  webhook_url?: string;
}

export class RunUsageDto {
  /** @example 1250 */
  input_tokens!: number;
  /** @example 310 */
  output_tokens!: number;
}

export class RunErrorDto {
  /** @example "overloaded_error" */
  code!: string;
  /** @example "Overloaded" */
  message!: string;
}

export class RunDto {
  /** @example "8c7b6a5d-4e3f-4a1b-9c8d-7e6f5a4b3c2d" */
  id!: string;
  /** @example "0d9a3f4e-1c2b-4a5d-9e8f-7a6b5c4d3e2f" */
  session_id!: string;
  /**
   * The run whose call of an `agent` tool started this one; null for a run started directly.
   * @example null
   */
  parent_run_id!: string | null;
  /**
   * The workflow run this run is a step of; null for a run that is not a workflow's step.
   * @example null
   */
  workflow_run_id!: string | null;
  /**
   * The runs this one started by calling `agent` tools, oldest first.
   * @example ["5e4d3c2b-1a09-4f8e-8d7c-6b5a49382716"]
   */
  child_run_ids!: string[];
  /**
   * The run's OpenTelemetry trace, when tracing is on (absent otherwise): its spans, and those
   * of a resumed execution, are in this trace. @example "4bf92f3577b34da6a3ce929d0e0e4736"
   */
  trace_id?: string;
  @ApiProperty({
    enum: ['running', 'awaiting_approval', 'completed', 'failed', 'cancelled'],
    example: 'completed',
  })
  status!: string;
  /**
   * The last model turn's stop reason, `cancelled`, or `budget_exceeded` when a token budget was
   * used up by the turn before (the run ends after that turn). @example "end_turn"
   */
  stop_reason!: string | null;
  usage!: RunUsageDto;
  error!: RunErrorDto | null;
  /** @example "2026-11-22T10:00:00.000Z" */
  created_at!: Date;
  /** @example "2026-11-22T10:00:04.000Z" */
  finished_at!: Date | null;
  /**
   * The latest webhook delivery about the run; null when it was started without `webhook_url`
   * or nothing has been sent yet.
   */
  @ApiProperty({ type: WebhookStateDto, nullable: true })
  webhook?: WebhookStateDto | null;
}

export class RunStartedDto {
  /** @example "8c7b6a5d-4e3f-4a1b-9c8d-7e6f5a4b3c2d" */
  run_id!: string;
  /** @example "running" */
  status!: string;
  /** The run's event stream (SSE). @example "/api/v1/runs/8c7b6a5d-4e3f-4a1b-9c8d-7e6f5a4b3c2d/events" */
  events_url!: string;
}

export class RunCancelRequestedDto {
  /** @example "8c7b6a5d-4e3f-4a1b-9c8d-7e6f5a4b3c2d" */
  run_id!: string;
  /** The run stops promptly; its stream ends with `complete` (reason `cancelled`). @example true */
  cancel_requested!: true;
}

export class RunEventsQueryDto {
  /** Replay the events after this `eventIndex` (like `Last-Event-ID`); -1: from the first. */
  @ApiProperty({ type: 'integer', required: false, example: 3 })
  @Omittable()
  @Type(() => Number)
  @IsInt()
  @Min(-1)
  @Max(2 ** 31 - 1)
  after?: number;
}
