import { bigint, check, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';

/** The length of a budget's window; windows start at the top of the UTC minute, hour, day, month. */
export const BUDGET_PERIODS = ['minute', 'hour', 'day', 'month'] as const;
export type BudgetPeriod = (typeof BUDGET_PERIODS)[number];

/** What a budget limits: each is counted in its own column of the window's counter. */
export const BUDGET_DIMENSIONS = ['tool_calls', 'runs', 'tokens'] as const;
export type BudgetDimension = (typeof BUDGET_DIMENSIONS)[number];

/**
 * A limit on the use of one user, one key or one agent per window. Exactly one scope column is
 * set, and at least one limit.
 */
export const budgets = pgTable(
  'budgets',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    scope_user: text('scope_user'),
    scope_key_id: text('scope_key_id'),
    scope_agent_id: text('scope_agent_id'),
    period: text('period').$type<BudgetPeriod>().notNull(),
    limit_tool_calls: bigint('limit_tool_calls', { mode: 'number' }),
    limit_runs: bigint('limit_runs', { mode: 'number' }),
    limit_tokens: bigint('limit_tokens', { mode: 'number' }),
    created_at: timestamp('created_at', { withTimezone: true, mode: 'date' })
      .notNull()
      .defaultNow(),
  },
  (table) => [
    check(
      'budgets_one_scope',
      sql`num_nonnulls(${table.scope_user}, ${table.scope_key_id}, ${table.scope_agent_id}) = 1`,
    ),
  ],
);

/**
 * A budget's use in one window. Every instance counts in the same row with a conditional
 * update, so the total allowed across instances is the limit. No foreign key: a charge racing
 * the budget's deletion writes a row nobody reads, rather than failing the call.
 */
export const budgetCounters = pgTable(
  'budget_counters',
  {
    budget_id: uuid('budget_id').notNull(),
    window_start: timestamp('window_start', { withTimezone: true, mode: 'date' }).notNull(),
    tool_calls: bigint('tool_calls', { mode: 'number' }).notNull().default(0),
    runs: bigint('runs', { mode: 'number' }).notNull().default(0),
    tokens: bigint('tokens', { mode: 'number' }).notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.budget_id, table.window_start] })],
);
