import { Injectable } from '@nestjs/common';
import { and, desc, eq, isNotNull, sql } from 'drizzle-orm';
import { a2aTasks } from '../../database/schema';
import { totalRows } from '../../database/total-rows';
import { Transactions } from '../../database/transactions';

export type A2aTaskRow = typeof a2aTasks.$inferSelect;

/** Whose a task is: a user, through one agent's A2A endpoint. */
export interface TaskScope {
  owner: string;
  agentId: string;
}

/** The task rows, each read and written within the scope of its owner and agent. */
@Injectable()
export class A2aTasksRepository {
  constructor(private readonly transactions: Transactions) {}

  /** Stores the task's protocol form; the session and run, once known, are kept. */
  async save(
    scope: TaskScope,
    task: { id: string; contextId: string; json: Record<string, unknown> },
    work: { sessionId?: string; runId?: string },
  ): Promise<void> {
    const values = {
      id: task.id,
      owner: scope.owner,
      agent_id: scope.agentId,
      context_id: task.contextId,
      task: task.json,
      session_id: work.sessionId,
      run_id: work.runId,
    };
    await this.transactions.db
      .insert(a2aTasks)
      .values(values)
      .onConflictDoUpdate({
        target: a2aTasks.id,
        set: {
          task: values.task,
          session_id: sql`coalesce(excluded.session_id, ${a2aTasks.session_id})`,
          run_id: sql`coalesce(excluded.run_id, ${a2aTasks.run_id})`,
          updated_at: new Date(),
        },
        // Another user's (or agent's) task of the same id is never overwritten.
        setWhere: and(eq(a2aTasks.owner, scope.owner), eq(a2aTasks.agent_id, scope.agentId)),
      });
  }

  /** The scope's task; undefined for another user's or agent's, as for one that does not exist. */
  async find(scope: TaskScope, id: string): Promise<A2aTaskRow | undefined> {
    const [row] = await this.transactions.db
      .select()
      .from(a2aTasks)
      .where(and(eq(a2aTasks.id, id), ...inScope(scope)));
    return row;
  }

  /**
   * A page of the scope's tasks, most recently changed first, optionally of one context, in one
   * state (its protocol name) and whose status changed at or after an instant, with how many
   * there are in all.
   */
  async list(
    scope: TaskScope,
    filter: {
      contextId?: string;
      state?: string;
      changedSince?: Date;
      limit: number;
      offset: number;
    },
  ): Promise<{ rows: A2aTaskRow[]; total: number }> {
    const rows = await this.transactions.db
      .select({ row: a2aTasks, total: totalRows })
      .from(a2aTasks)
      .where(
        and(
          ...inScope(scope),
          filter.contextId ? eq(a2aTasks.context_id, filter.contextId) : undefined,
          filter.state ? sql`${a2aTasks.task}->'status'->>'state' = ${filter.state}` : undefined,
          filter.changedSince
            ? sql`(${a2aTasks.task}->'status'->>'timestamp')::timestamptz >= ${filter.changedSince.toISOString()}::timestamptz`
            : undefined,
        ),
      )
      .orderBy(desc(a2aTasks.updated_at), desc(a2aTasks.id))
      .limit(filter.limit)
      .offset(filter.offset);
    return { rows: rows.map(({ row }) => row), total: rows[0]?.total ?? 0 };
  }

  /** The session a context continues: that of its latest task that started a run. */
  async sessionOfContext(scope: TaskScope, contextId: string): Promise<string | undefined> {
    const [row] = await this.transactions.db
      .select({ session_id: a2aTasks.session_id })
      .from(a2aTasks)
      .where(
        and(...inScope(scope), eq(a2aTasks.context_id, contextId), isNotNull(a2aTasks.session_id)),
      )
      .orderBy(desc(a2aTasks.created_at))
      .limit(1);
    return row?.session_id ?? undefined;
  }
}

function inScope(scope: TaskScope) {
  return [eq(a2aTasks.owner, scope.owner), eq(a2aTasks.agent_id, scope.agentId)];
}
