import { DomainError } from '../core/errors';
import { type BudgetDimension, type BudgetPeriod } from '../database/schema';

/** A budget that refused: which one, what it limits and when its window resets. */
export interface BudgetRefusal {
  budgetId: string;
  dimension: BudgetDimension;
  limit: number;
  period: BudgetPeriod;
  /** Seconds the window lasts, and seconds until it resets (at least 1). */
  windowSeconds: number;
  retryAfterSeconds: number;
}

/**
 * A call, run or workflow run a budget does not allow in its current window. The headers are
 * `Retry-After` and the IETF RateLimit header fields (draft-ietf-httpapi-ratelimit-headers):
 * the policy that refused (its quota and window) and what is left of it (nothing, until `t`).
 */
export class BudgetExceededError extends DomainError {
  readonly code = 'BUDGET_EXCEEDED';
  readonly status = 429;

  constructor(readonly refusal: BudgetRefusal) {
    super(
      `Budget ${refusal.budgetId} allows ${refusal.limit} ${refusal.dimension.replace('_', ' ')} per ${refusal.period}; try again in ${refusal.retryAfterSeconds} seconds`,
      {
        budget_id: refusal.budgetId,
        dimension: refusal.dimension,
        limit: refusal.limit,
        period: refusal.period,
        retry_after: refusal.retryAfterSeconds,
      },
    );
  }

  get retryAfterSeconds(): number {
    return this.refusal.retryAfterSeconds;
  }

  override headers(): Record<string, string> {
    const { budgetId, limit, windowSeconds, retryAfterSeconds } = this.refusal;
    const policy = `"budget-${budgetId}"`;
    return {
      'Retry-After': String(retryAfterSeconds),
      'RateLimit-Policy': `${policy};q=${limit};w=${windowSeconds}`,
      RateLimit: `${policy};r=0;t=${retryAfterSeconds}`,
    };
  }
}

/** A refusal as the API docs show it. */
export const BUDGET_EXCEEDED_EXAMPLE = new BudgetExceededError({
  budgetId: '0b6f2d1e-7c4a-4e59-9f3b-2a8d1c6e5f40',
  dimension: 'tool_calls',
  limit: 1000,
  period: 'day',
  windowSeconds: 86_400,
  retryAfterSeconds: 3_600,
});

/** A budget id that names no budget. */
export class BudgetNotFoundError extends DomainError {
  readonly code = 'BUDGET_NOT_FOUND';
  readonly status = 404;
  constructor(id: string) {
    super(`No budget has the id '${id}'`);
  }
}
