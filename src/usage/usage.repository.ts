import { Injectable } from '@nestjs/common';
import { type SQL, sql } from 'drizzle-orm';
import { rawRows } from '../database/raw-rows';
import { Transactions } from '../database/transactions';

export const USAGE_GROUPS = ['user', 'key', 'agent', 'model', 'tool'] as const;
export type UsageGroup = (typeof USAGE_GROUPS)[number];

export const USAGE_PERIODS = ['hour', 'day', 'month'] as const;
export type UsagePeriod = (typeof USAGE_PERIODS)[number];

/** What a usage report counts: every field but `groupBy` and `period` narrows it. */
export interface UsageQuery {
  groupBy: UsageGroup;
  period: UsagePeriod;
  /** Only this user's runs and tool calls. */
  user?: string;
  from?: Date;
  to?: Date;
}

/** Use of one group in one period by one model (null: no agent, or a deleted one). */
export interface UsageRow {
  group: string | null;
  period_start: Date;
  model: string | null;
  runs: number;
  tool_calls: number;
  input_tokens: number;
  output_tokens: number;
}

/**
 * How each group is named on a run (its session's agent, the key and model it recorded) and on
 * a `tool.called` entry (the run that made the call, if any). A run is not one tool's: by tool,
 * runs and tokens are not counted.
 */
const GROUP_OF: Record<UsageGroup, { run?: SQL; call: SQL }> = {
  user: { run: sql`r.owner`, call: sql`e.user_name` },
  key: { run: sql`r.key_id`, call: sql`e.key_id` },
  agent: { run: sql`s.agent_id::text`, call: sql`s.agent_id::text` },
  model: { run: sql`r.model`, call: sql`r.model` },
  tool: { call: sql`e.target` },
};

/**
 * Usage summed from what is stored: runs (their count and model usage, in the period they
 * started, as the model they started with) and the audit log's `tool.called` entries.
 */
@Injectable()
export class UsageRepository {
  constructor(private readonly transactions: Transactions) {}

  report(query: UsageQuery): Promise<UsageRow[]> {
    const group = GROUP_OF[query.groupBy];
    const periodOf = (at: SQL) => sql`date_trunc(${query.period}, ${at}, 'UTC')`;
    const parts = [
      ...(group.run ? [runsPart(group.run, periodOf(sql`r.created_at`), query)] : []),
      callsPart(group.call, periodOf(sql`e.at`), query),
    ];
    return rawRows<UsageRow>(
      this.transactions.db,
      sql`
        SELECT "group", period_start, model,
          sum(runs)::float8 AS runs, sum(tool_calls)::float8 AS tool_calls,
          sum(input_tokens)::float8 AS input_tokens, sum(output_tokens)::float8 AS output_tokens
        FROM (${sql.join(parts, sql` UNION ALL `)}) AS use
        GROUP BY "group", period_start, model
        ORDER BY period_start, "group" NULLS LAST, model NULLS LAST`,
    );
  }
}

function runsPart(group: SQL, period: SQL, query: UsageQuery): SQL {
  return sql`
    SELECT ${group} AS "group", ${period} AS period_start, r.model AS model,
      count(*) AS runs, 0 AS tool_calls,
      sum(r.input_tokens) AS input_tokens, sum(r.output_tokens) AS output_tokens
    FROM runs r
    JOIN sessions s ON s.id = r.session_id
    WHERE ${sql.join(conditions(query, sql`r.owner`, sql`r.created_at`), sql` AND `)}
    GROUP BY 1, 2, 3`;
}

function callsPart(group: SQL, period: SQL, query: UsageQuery): SQL {
  return sql`
    SELECT ${group} AS "group", ${period} AS period_start, r.model AS model,
      0 AS runs, count(*) AS tool_calls, 0 AS input_tokens, 0 AS output_tokens
    FROM audit_entries e
    LEFT JOIN runs r ON r.id = (e.details->>'run_id')::uuid
    LEFT JOIN sessions s ON s.id = r.session_id
    WHERE e.type = 'tool.called'
      AND ${sql.join(conditions(query, sql`e.user_name`, sql`e.at`), sql` AND `)}
    GROUP BY 1, 2, 3`;
}

function conditions(query: UsageQuery, user: SQL, at: SQL): SQL[] {
  return [
    sql`true`,
    ...(query.user === undefined ? [] : [sql`${user} = ${query.user}`]),
    ...(query.from === undefined ? [] : [sql`${at} >= ${query.from.toISOString()}::timestamptz`]),
    ...(query.to === undefined ? [] : [sql`${at} <= ${query.to.toISOString()}::timestamptz`]),
  ];
}
