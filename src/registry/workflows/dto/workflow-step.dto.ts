import { ApiProperty } from '@nestjs/swagger';
import { Transform, Type, plainToInstance } from 'class-transformer';
import {
  ArrayMaxSize,
  IsArray,
  IsDefined,
  IsIn,
  IsInt,
  IsNumber,
  IsString,
  Matches,
  MaxLength,
  Max,
  Min,
  ValidateBy,
  ValidateNested,
  validateSync,
} from 'class-validator';
import { Omittable } from '../../../core/validation/omittable.decorator';
import { fieldIssuesOf } from '../../../core/validation/field-issues';
import { MAX_EXPRESSION_LENGTH } from '../expressions/workflow-expressions';
import { STEP_KEY_PATTERN } from '../step-template-paths';
import { IsKnownStepType } from '../step-types/known-step-type.decorator';

/** Most steps in one list of steps, and most cases of a branch or branches of a parallel step. */
export const MAX_LISTED_STEPS = 100;
export const MAX_STEP_ALTERNATIVES = 20;

/** Most items of a map that run at once; and a loop's most iterations. */
export const MAX_MAP_CONCURRENCY = 20;
export const MAX_LOOP_ITERATIONS = 100;

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
  /**
   * What the step does: `agent` or `tool` run the registered agent or tool `id`; `branch`,
   * `loop`, `parallel` and `map` run the steps they hold (see the workflows guide).
   * @example "agent"
   */
  @ApiProperty({ enum: ['agent', 'tool', 'branch', 'loop', 'parallel', 'map'] })
  @IsString()
  @IsKnownStepType()
  type!: string;

  /**
   * The id of the agent or tool, for an `agent` or `tool` step.
   * @example "5b1d2c3e-4f50-4a6b-8c7d-9e0f1a2b3c4d"
   */
  @Omittable()
  @IsString()
  id?: string;

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

  /** A `branch` step's cases: the first whose `when` is true runs its steps. */
  @Omittable()
  @IsArray()
  @ArrayMaxSize(MAX_STEP_ALTERNATIVES)
  @ValidateNested({ each: true })
  @Type(() => BranchCaseDto)
  cases?: BranchCaseDto[];

  /** A `branch` step's steps when no case's `when` is true. */
  @Omittable()
  @IsStepList()
  default?: WorkflowStepDto[];

  /**
   * A `parallel` step's branches, by name (as a key is written), each a list of steps; they run
   * at the same time.
   * @example {"prices": [{"type": "tool", "id": "3f0c9a8e-8a3b-4f6e-9a51-0d8a4c2e7b10"}], "news": [{"type": "agent", "id": "5b1d2c3e-4f50-4a6b-8c7d-9e0f1a2b3c4d"}]}
   */
  @ApiProperty({
    required: false,
    type: Object,
    additionalProperties: {
      type: 'array',
      items: { $ref: '#/components/schemas/WorkflowStepDto' },
    },
  })
  @Omittable()
  @Transform(({ value }: { value: unknown }) => stepBranchesOf(value))
  @AreStepBranches()
  branches?: Record<string, WorkflowStepDto[]>;

  /**
   * A `map` step's items: a CEL expression giving a list (at most 1000), over `input`, `steps`
   * and `previous`. @example "steps.fetch.output.symbols"
   */
  @Omittable()
  @IsString()
  @MaxLength(MAX_EXPRESSION_LENGTH)
  items?: string;

  /** How many of a `map` step's items run at once. Default 4. @example 4 */
  @ApiProperty({ type: 'integer', required: false, minimum: 1, maximum: MAX_MAP_CONCURRENCY })
  @Omittable()
  @IsInt()
  @Min(1)
  @Max(MAX_MAP_CONCURRENCY)
  concurrency?: number;

  /**
   * A `loop` step's end: a CEL condition evaluated after each iteration, over `input`,
   * `steps` and `previous` (the iteration's output). @example "previous.done == true"
   */
  @Omittable()
  @IsString()
  @MaxLength(MAX_EXPRESSION_LENGTH)
  until?: string;

  /** A `loop` step's most iterations; reaching it fails the step (`LOOP_LIMIT`). @example 10 */
  @ApiProperty({ type: 'integer', required: false, minimum: 1, maximum: MAX_LOOP_ITERATIONS })
  @Omittable()
  @IsInt()
  @Min(1)
  @Max(MAX_LOOP_ITERATIONS)
  max_iterations?: number;

  /** The steps a `map` step runs for each item, or a `loop` step in each iteration. */
  @Omittable()
  @IsStepList()
  steps?: WorkflowStepDto[];
}

/** A case of a `branch` step. */
export class BranchCaseDto {
  /** A CEL condition over `input`, `steps` and `previous`. @example "input.amount > 100" */
  @IsString()
  @MaxLength(MAX_EXPRESSION_LENGTH)
  when!: string;

  @IsStepList()
  steps!: WorkflowStepDto[];
}

/** A step as the API shows it: with the name of what it runs; `key` and `input` when set. */
export class WorkflowStepViewDto extends WorkflowStepDto {
  /** The agent's or tool's name, for an `agent` or `tool` step. @example "buy_signal_analyzer" */
  name?: string;
}

/** A list of steps held by a step, each checked as a step. */
function IsStepList(): PropertyDecorator {
  const decorators = [
    IsArray(),
    ArrayMaxSize(MAX_LISTED_STEPS),
    ValidateNested({ each: true }),
    Type(() => WorkflowStepDto),
  ];
  return (target, key) => decorators.forEach((decorate) => decorate(target, key));
}

/** Each branch's steps as step DTOs, so they are checked as any step is. */
function stepBranchesOf(value: unknown): unknown {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return value;
  return Object.fromEntries(
    Object.entries(value).map(([name, steps]) => [
      name,
      Array.isArray(steps) ? steps.map((step) => plainToInstance(WorkflowStepDto, step)) : steps,
    ]),
  );
}

/**
 * A `parallel` step's branches: 1 to 20 names written as keys are, each a list of steps that
 * are checked as every step is (class-validator does not go into an object's values itself).
 */
function AreStepBranches(): PropertyDecorator {
  return ValidateBy({
    name: 'areStepBranches',
    validator: {
      validate: (value: unknown) => branchProblems(value).length === 0,
      defaultMessage: (args) => branchProblems(args?.value).join('; '),
    },
  });
}

function branchProblems(value: unknown): string[] {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return ['branches must be an object of step lists by name'];
  }
  const entries = Object.entries(value);
  if (entries.length === 0 || entries.length > MAX_STEP_ALTERNATIVES) {
    return [`branches must have 1 to ${MAX_STEP_ALTERNATIVES} branches`];
  }
  return entries.flatMap(([name, steps]) => {
    if (!STEP_KEY_PATTERN.test(name)) {
      return [`branches.${name}: a name is a lowercase letter, then letters, digits or _`];
    }
    if (!Array.isArray(steps) || steps.length > MAX_LISTED_STEPS) {
      return [`branches.${name} must be a list of at most ${MAX_LISTED_STEPS} steps`];
    }
    return steps.flatMap((step: object, index) =>
      fieldIssuesOf(validateSync(step, { whitelist: true, forbidNonWhitelisted: true })).map(
        (issue) => `branches.${name}.${index}.${issue.field}: ${issue.messages.join(', ')}`,
      ),
    );
  });
}
