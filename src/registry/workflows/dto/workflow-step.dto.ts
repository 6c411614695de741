import { ApiProperty } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import {
  IsDefined,
  IsIn,
  IsInt,
  IsNumber,
  IsString,
  Matches,
  Max,
  Min,
  ValidateNested,
} from 'class-validator';
import { Omittable } from '../../../core/validation/omittable.decorator';
import { STEP_KEY_PATTERN } from '../step-template-paths';

/** What a workflow step runs: a registered agent or a registered tool. */
export const STEP_TYPES = ['agent', 'tool'] as const;

export type StepType = (typeof STEP_TYPES)[number];

/** What a step's failure does to its workflow run. */
export const STEP_ON_ERROR = ['fail', 'continue'] as const;

/** Most attempts of one step, its retries included. */
export const MAX_STEP_ATTEMPTS = 10;

/** Longest delay between two attempts, and longest attempt, that a step may ask for. */
export const MAX_RETRY_DELAY_MS = 3_600_000;
export const MAX_STEP_TIMEOUT_SECONDS = 86_400;

/**
 * How a failed step runs again: up to `max_attempts` attempts in all, the n-th retry after
 * `initial_delay_ms × factor^(n-1)` ms (at most `max_delay_ms`), of which a random part
 * (up to half) is taken off so that many runs retrying together spread out.
 */
export class StepRetryDto {
  /** Attempts in all, the first one included. @example 3 */
  @ApiProperty({ type: 'integer', minimum: 1, maximum: MAX_STEP_ATTEMPTS })
  @IsInt()
  @Min(1)
  @Max(MAX_STEP_ATTEMPTS)
  max_attempts!: number;

  /** The delay before the first retry. Default 1000. @example 500 */
  @ApiProperty({ type: 'integer', required: false, minimum: 0, maximum: MAX_RETRY_DELAY_MS })
  @Omittable()
  @IsInt()
  @Min(0)
  @Max(MAX_RETRY_DELAY_MS)
  initial_delay_ms?: number;

  /** What each delay is multiplied by for the next. Default 2. @example 2 */
  @ApiProperty({ required: false, minimum: 1, maximum: 10 })
  @Omittable()
  @IsNumber()
  @Min(1)
  @Max(10)
  factor?: number;

  /** The longest delay. Default 30000. @example 10000 */
  @ApiProperty({ type: 'integer', required: false, minimum: 0, maximum: MAX_RETRY_DELAY_MS })
  @Omittable()
  @IsInt()
  @Min(0)
  @Max(MAX_RETRY_DELAY_MS)
  max_delay_ms?: number;
}

export class WorkflowStepDto {
  /** @example "agent" */
  @IsIn(STEP_TYPES)
  type!: StepType;

  /** The id of the agent or tool, as `type` says. @example "5b1d2c3e-4f50-4a6b-8c7d-9e0f1a2b3c4d" */
  @IsString()
  id!: string;

  /**
   * Names the step for the input templates of later steps (`{{ steps.<key>.output }}`), unique
   * in the workflow: a lowercase letter, then up to 63 lowercase letters, digits or `_`.
   * @example "fetch_prices"
   */
  @ApiProperty({ pattern: STEP_KEY_PATTERN.source, maxLength: 64 })
  @Omittable()
  @IsString()
  @Matches(STEP_KEY_PATTERN, {
    message: '$property must be a lowercase letter, then up to 63 lowercase letters, digits or _',
  })
  key?: string;

  /**
   * The template of the step's input: any JSON value but `null`. A string that is exactly
   * `{{ path }}` becomes the value read, type kept; other strings get each `{{ path }}` as
   * text; arrays and objects are rendered item by item. Paths: `input…`,
   * `previous.output…`, `steps.<index|key>.output…`, each followed by keys or array indexes
   * (`steps.fetch_prices.output.items.0`); only earlier steps can be read.
   * @example {"symbols": "{{ steps.fetch_prices.output.symbols }}", "note": "Prices for {{ input.market }}"}
   */
  @ApiProperty({
    required: false,
    oneOf: [
      { type: 'object' },
      { type: 'array', items: {} },
      { type: 'string' },
      { type: 'number' },
      { type: 'boolean' },
    ],
  })
  @Omittable()
  @IsDefined({ message: '$property must not be null; leave it out for no template' })
  input?: unknown;

  /** Runs the step again when it fails (a timeout included); none: it runs once. */
  @Omittable()
  @ValidateNested()
  @Type(() => StepRetryDto)
  retry?: StepRetryDto;

  /**
   * Longest one attempt may take, approval waits included; past it the attempt is stopped (its
   * tool call aborted, its agent run cancelled) and fails with `STEP_TIMEOUT`.
   * @example 60
   */
  @ApiProperty({
    type: 'integer',
    required: false,
    minimum: 1,
    maximum: MAX_STEP_TIMEOUT_SECONDS,
  })
  @Omittable()
  @IsInt()
  @Min(1)
  @Max(MAX_STEP_TIMEOUT_SECONDS)
  timeout_seconds?: number;

  /**
   * `fail` (default): the step's failure, once its retries are spent, fails the workflow run.
   * `continue`: the step ends `failed` with its error recorded, its output is `null`, and the
   * run goes on with the next step.
   * @example "continue"
   */
  @ApiProperty({ required: false, enum: STEP_ON_ERROR })
  @Omittable()
  @IsIn(STEP_ON_ERROR)
  on_error?: (typeof STEP_ON_ERROR)[number];
}

/** A step as the API shows it: with the name of what it runs; `key` and `input` when set. */
export class WorkflowStepViewDto extends WorkflowStepDto {
  /** @example "buy_signal_analyzer" */
  name!: string;
}
