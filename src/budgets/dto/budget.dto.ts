import { ApiProperty } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import {
  IsIn,
  IsInt,
  IsObject,
  IsString,
  Matches,
  Max,
  MaxLength,
  Min,
  ValidateNested,
} from 'class-validator';
import { PageDtoOf } from '../../core/api/page-dto-of';
import { Omittable } from '../../core/validation/omittable.decorator';
import { BUDGET_PERIODS, type BudgetPeriod } from '../../database/schema';

const PERIOD_PROPERTY = ApiProperty({
  enum: BUDGET_PERIODS,
  example: 'day',
  description: 'The window: the UTC minute, hour, day or calendar month, by the database’s clock',
});

/** Whose use the budget limits: exactly one of a user, an API key or an agent. */
export class BudgetScopeDto {
  /** A user: every key of theirs, their runs and their runs' tool calls. @example "alice" */
  @Omittable()
  @IsString()
  @MaxLength(200)
  @Matches(/\S/, { message: 'user must not be blank' })
  user?: string;

  /** An API key: calls and runs started with it. @example "8d7c6b5a-4f3e-4d2c-9b1a-0f9e8d7c6b5a" */
  @Omittable()
  @IsString()
  @MaxLength(200)
  key_id?: string;

  /** An agent: its runs, their tokens and their tool calls. @example "5e4d3c2b-1a09-4f8e-8d7c-6b5a49382716" */
  @Omittable()
  @IsString()
  @MaxLength(200)
  agent_id?: string;
}

function IsLimit(): PropertyDecorator {
  return (target, key) => {
    ApiProperty({ required: false, type: 'integer', minimum: 0 })(target, key);
    Omittable()(target, key);
    IsInt()(target, key);
    Min(0)(target, key);
    Max(Number.MAX_SAFE_INTEGER)(target, key);
  };
}

/** What is allowed per window; at least one. 0 allows none. */
export class BudgetLimitsDto {
  /** Tool calls over every transport (REST, MCP, test-runs, runs, workflows). @example 1000 */
  @IsLimit()
  tool_calls?: number;

  /** Agent runs started (directly, by a workflow or by an agent tool). @example 50 */
  @IsLimit()
  runs?: number;

  /** Model tokens, input and output, of runs. @example 2000000 */
  @IsLimit()
  tokens?: number;
}

export class CreateBudgetDto {
  @IsObject()
  @ValidateNested()
  @Type(() => BudgetScopeDto)
  scope!: BudgetScopeDto;

  @PERIOD_PROPERTY
  @IsIn(BUDGET_PERIODS)
  period!: BudgetPeriod;

  @IsObject()
  @ValidateNested()
  @Type(() => BudgetLimitsDto)
  limits!: BudgetLimitsDto;
}

/** Use of each limited dimension in the current window. */
export class BudgetUseDto {
  /** @example 412 */
  tool_calls?: number;
  /** @example 3 */
  runs?: number;
  /** @example 815000 */
  tokens?: number;
}

export class BudgetDto {
  /** @example "0b6f2d1e-7c4a-4e59-9f3b-2a8d1c6e5f40" */
  id!: string;
  scope!: BudgetScopeDto;
  @PERIOD_PROPERTY
  period!: BudgetPeriod;
  limits!: BudgetLimitsDto;
  /** What the current window has used of each limit. */
  used!: BudgetUseDto;
  /** When the current window started. @example "2026-11-29T00:00:00.000Z" */
  window_start!: Date;
  /** When the current window ends and its use starts again from 0. @example "2026-11-30T00:00:00.000Z" */
  resets_at!: Date;
  /** @example "2026-11-28T09:12:00.000Z" */
  created_at!: Date;
}

export class BudgetPageDto extends PageDtoOf(BudgetDto) {}
