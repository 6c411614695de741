import { Inject, Injectable } from '@nestjs/common';
import { type SQL, eq, sql } from 'drizzle-orm';
import { DATABASE, type Database } from '../database/database';
import { rawRows } from '../database/raw-rows';
import {
  type BudgetDimension,
  type BudgetPeriod,
  budgetCounters,
  budgets,
} from '../database/schema';
import { type BudgetRefusal } from './budget.errors';
import { type BudgetSubject } from './budget-subject';

export type BudgetRow = typeof budgets.$inferSelect;
export type NewBudget = Omit<typeof budgets.$inferInsert, 'id' | 'created_at'>;

/** A budget with its use in the current window, by the database's clock. */
export interface BudgetWithUse extends BudgetRow {
  used_tool_calls: number;
  used_runs: number;
  used_tokens: number;
  window_start: Date;
  resets_at: Date;
}

/** A budget that limits a dimension, and its current window, as a charge reads it. */
interface Window {
  id: string;
  period: BudgetPeriod;
  lim: number;
  used: number;
  window_start: string;
  window_seconds: number;
  retry_after: number;
}

const LIMIT_COLUMNS: Record<BudgetDimension, SQL> = {
  tool_calls: sql.raw('limit_tool_calls'),
  runs: sql.raw('limit_runs'),
  tokens: sql.raw('limit_tokens'),
};

const USED_COLUMNS: Record<BudgetDimension, SQL> = {
  tool_calls: sql.raw('tool_calls'),
  runs: sql.raw('runs'),
  tokens: sql.raw('tokens'),
};

// Windows follow the database's clock, the one clock every instance shares.
const WINDOW_START = sql`date_trunc(b.period, now(), 'UTC')`;
const WINDOW_END = sql`(date_trunc(b.period, now(), 'UTC') + ('1 ' || b.period)::interval)`;

/**
 * Budgets and their counters. A charge adds to the counter of each budget that applies with one
 * conditional upsert, `… ON CONFLICT DO UPDATE … WHERE used + amount <= limit`: PostgreSQL
 * re-checks the condition on the row's newest version under its lock, so callers on any number
 * of instances never take more than the limit between them.
 */
@Injectable()
export class BudgetsRepository {
  constructor(@Inject(DATABASE) private readonly db: Database) {}

  async create(budget: NewBudget): Promise<BudgetWithUse> {
    const [row] = await this.db.insert(budgets).values(budget).returning({ id: budgets.id });
    return (await this.find(row.id))!;
  }

  /** A page of budgets, oldest first, and how many there are. */
  async list(limit: number, offset: number): Promise<{ rows: BudgetWithUse[]; total: number }> {
    const rows = await this.withUse(sql`TRUE`, sql`LIMIT ${limit} OFFSET ${offset}`);
    const total = await this.db.$count(budgets);
    return { rows, total };
  }

  /** Every budget, without its use. */
  all(): Promise<BudgetRow[]> {
    return this.db.select().from(budgets);
  }

  async find(id: string): Promise<BudgetWithUse | undefined> {
    const [found] = await this.withUse(sql`b.id = ${id}`);
    return found;
  }

  /** Removes the budget and its counters; false when there was none. */
  async delete(id: string): Promise<boolean> {
    return this.db.transaction(async (tx) => {
      const removed = await tx.delete(budgets).where(eq(budgets.id, id)).returning();
      await tx.delete(budgetCounters).where(eq(budgetCounters.budget_id, id));
      return removed.length > 0;
    });
  }

  /**
   * Deletes the counters of windows that have ended, how many. Charges only ever add to their
   * budget's current window, so a counter deleted here is never read again; one a charge that
   * read the clock just before its window ended writes back is deleted next time.
   */
  async pruneEnded(): Promise<number> {
    const deleted = await rawRows<{ budget_id: string }>(
      this.db,
      sql`
        DELETE FROM budget_counters c USING budgets b
        WHERE b.id = c.budget_id AND c.window_start < ${WINDOW_START}
        RETURNING c.budget_id`,
    );
    return deleted.length;
  }

  /**
   * Adds `amount` to `dimension` in every budget on `subject` that limits it, all or none:
   * the refusal of the first budget that has not `amount` left, else nothing.
   */
  async charge(
    subject: BudgetSubject,
    dimension: BudgetDimension,
    amount: number,
  ): Promise<BudgetRefusal | undefined> {
    const windows = await this.windows(this.db, subject, dimension);
    if (windows.length === 0) return undefined;
    // One budget (the usual case): its upsert alone is atomic.
    if (windows.length === 1) {
      const [only] = windows;
      return (await this.add(this.db, only, dimension, amount))
        ? undefined
        : refusalOf(only, dimension);
    }
    return this.db
      .transaction(async (tx) => {
        // In id order: two charges lock the counters in the same order and never deadlock.
        for (const window of windows) {
          if (!(await this.add(tx, window, dimension, amount))) throw new Refused(window);
        }
        return undefined;
      })
      .catch((error: unknown) => {
        if (error instanceof Refused) return refusalOf(error.window, dimension);
        throw error;
      });
  }

  /** Adds `amount` to `dimension` in every budget on `subject` that limits it, whatever is left. */
  async spend(subject: BudgetSubject, dimension: BudgetDimension, amount: number): Promise<void> {
    const used = USED_COLUMNS[dimension];
    await this.db.execute(sql`
      INSERT INTO budget_counters AS c (budget_id, window_start, ${used})
      SELECT b.id, ${WINDOW_START}, ${amount} FROM budgets b
      WHERE ${LIMIT_COLUMNS[dimension]} IS NOT NULL AND ${scopeOf(subject)}
      ORDER BY b.id
      ON CONFLICT (budget_id, window_start) DO UPDATE SET ${used} = c.${used} + excluded.${used}`);
  }

  /** The refusal of a budget on `subject` whose `dimension` is used up in its window, if any. */
  async exhausted(
    subject: BudgetSubject,
    dimension: BudgetDimension,
  ): Promise<BudgetRefusal | undefined> {
    const windows = await this.windows(this.db, subject, dimension);
    const spent = windows.find((window) => window.used >= window.lim);
    return spent && refusalOf(spent, dimension);
  }

  private windows(db: Database, subject: BudgetSubject, dimension: BudgetDimension) {
    const limit = LIMIT_COLUMNS[dimension];
    return rawRows<Window>(
      db,
      sql`
        SELECT b.id, b.period, ${limit}::float8 AS lim,
          coalesce(c.${USED_COLUMNS[dimension]}, 0)::float8 AS used,
          (${WINDOW_START})::text AS window_start,
          extract(epoch FROM ${WINDOW_END} - ${WINDOW_START})::float8 AS window_seconds,
          greatest(1, ceil(extract(epoch FROM ${WINDOW_END} - now())))::float8 AS retry_after
        FROM budgets b
        LEFT JOIN budget_counters c ON c.budget_id = b.id AND c.window_start = ${WINDOW_START}
        WHERE ${limit} IS NOT NULL AND ${scopeOf(subject)}
        ORDER BY b.id`,
    );
  }

  /** Adds `amount` to the window's counter if it stays within the limit; whether it did. */
  private async add(
    db: Database,
    window: Window,
    dimension: BudgetDimension,
    amount: number,
  ): Promise<boolean> {
    const used = USED_COLUMNS[dimension];
    const added = await rawRows<{ budget_id: string }>(
      db,
      sql`
        INSERT INTO budget_counters AS c (budget_id, window_start, ${used})
        SELECT ${window.id}::uuid, ${window.window_start}::timestamptz, ${amount}::bigint
        WHERE ${amount}::bigint <= ${window.lim}::bigint
        ON CONFLICT (budget_id, window_start) DO UPDATE SET ${used} = c.${used} + excluded.${used}
        WHERE c.${used} + excluded.${used} <= ${window.lim}::bigint
        RETURNING c.budget_id`,
    );
    return added.length > 0;
  }

  private async withUse(where: SQL, page = sql``): Promise<BudgetWithUse[]> {
    const rows = await rawRows<Record<string, unknown>>(
      this.db,
      sql`
        SELECT b.*,
          coalesce(c.tool_calls, 0)::float8 AS used_tool_calls,
          coalesce(c.runs, 0)::float8 AS used_runs,
          coalesce(c.tokens, 0)::float8 AS used_tokens,
          ${WINDOW_START} AS window_start, ${WINDOW_END} AS resets_at
        FROM budgets b
        LEFT JOIN budget_counters c ON c.budget_id = b.id AND c.window_start = ${WINDOW_START}
        WHERE ${where}
        ORDER BY b.created_at, b.id ${page}`,
    );
    return rows.map(budgetOf);
  }
}

/** Raw rows carry bigint as strings and timestamps as the driver gives them. */
function budgetOf(row: Record<string, unknown>): BudgetWithUse {
  const count = (value: unknown) => (value === null ? null : Number(value));
  return {
    id: row.id as string,
    scope_user: row.scope_user as string | null,
    scope_key_id: row.scope_key_id as string | null,
    scope_agent_id: row.scope_agent_id as string | null,
    period: row.period as BudgetPeriod,
    limit_tool_calls: count(row.limit_tool_calls),
    limit_runs: count(row.limit_runs),
    limit_tokens: count(row.limit_tokens),
    created_at: new Date(row.created_at as string),
    used_tool_calls: Number(row.used_tool_calls),
    used_runs: Number(row.used_runs),
    used_tokens: Number(row.used_tokens),
    window_start: new Date(row.window_start as string),
    resets_at: new Date(row.resets_at as string),
  };
}

function scopeOf({ user, keyId, agentId }: BudgetSubject): SQL {
  return sql`(b.scope_user = ${user} OR b.scope_key_id = ${keyId ?? null} OR b.scope_agent_id = ${agentId ?? null})`;
}

function refusalOf(window: Window, dimension: BudgetDimension): BudgetRefusal {
  return {
    budgetId: window.id,
    dimension,
    limit: Number(window.lim),
    period: window.period,
    windowSeconds: Math.round(Number(window.window_seconds)),
    retryAfterSeconds: Number(window.retry_after),
  };
}

/** Rolls back a charge of several budgets when one of them has not enough left. */
class Refused extends Error {
  constructor(readonly window: Window) {
    super('refused');
  }
}
