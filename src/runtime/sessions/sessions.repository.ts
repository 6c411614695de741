import { Injectable } from '@nestjs/common';
import { and, asc, eq, sql } from 'drizzle-orm';
import { agentTools, agents, runs, sessions, tools } from '../../database/schema';
import { preparedQuery } from '../../database/prepared-queries';
import { selectNewestFirst } from '../../database/select-newest-first';
import { Transactions } from '../../database/transactions';
import { isUuid } from '../../database/uuid';
import {
  type AgentWithTools,
  TOOL_OF_AGENT,
  agentWithToolsOf,
} from '../../registry/agents/agents.repository';
import { type RunRow, isActiveRunOf } from '../runs/runs.repository';

export type SessionRow = typeof sessions.$inferSelect;

@Injectable()
export class SessionsRepository {
  constructor(private readonly transactions: Transactions) {}

  async create(owner: string, agentId: string, title: string): Promise<SessionRow> {
    const [row] = await this.transactions.db
      .insert(sessions)
      .values({ owner, agent_id: agentId, title })
      .returning();
    return row;
  }

  async find(id: string): Promise<SessionRow | undefined> {
    const [row] = await this.transactions.db.select().from(sessions).where(eq(sessions.id, id));
    return row;
  }

  /** The session, if it exists and is `owner`'s. */
  async findOwned(id: string, owner: string): Promise<SessionRow | undefined> {
    if (!isUuid(id)) return undefined;
    const [row] = await this.transactions.db
      .select()
      .from(sessions)
      .where(and(eq(sessions.id, id), eq(sessions.owner, owner)));
    return row;
  }

  /**
   * The session, if it exists and is `owner`'s, with its run that has not ended (running or
   * paused for approval), if any, and its agent with the agent's tools: what a start checks and
   * plans with, in one read (a row per tool).
   */
  async findOwnedForRun(
    id: string,
    owner: string,
  ): Promise<{ session: SessionRow; activeRun?: RunRow; agent?: AgentWithTools } | undefined> {
    if (!isUuid(id)) return undefined;
    const db = this.transactions.db;
    // A unique index keeps a session to one active run: the rows differ only in their tool.
    const rows = await preparedQuery(db, 'session_for_run', () =>
      db
        .select({ session: sessions, activeRun: runs, agent: agents, tool: TOOL_OF_AGENT })
        .from(sessions)
        .leftJoin(runs, isActiveRunOf(sessions.id))
        .leftJoin(agents, eq(agents.id, sessions.agent_id))
        .leftJoin(agentTools, eq(agentTools.agent_id, agents.id))
        .leftJoin(tools, eq(tools.id, agentTools.tool_id))
        .where(
          and(eq(sessions.id, sql.placeholder('id')), eq(sessions.owner, sql.placeholder('owner'))),
        )
        .orderBy(asc(agentTools.position)),
    ).execute({ id, owner });
    const [row] = rows;
    return (
      row && {
        session: row.session,
        activeRun: row.activeRun ?? undefined,
        agent: agentWithToolsOf(rows),
      }
    );
  }

  /** A page of `owner`'s sessions, newest first. */
  async listOwned(
    owner: string,
    page: { limit: number; offset: number },
  ): Promise<{ rows: SessionRow[]; total: number }> {
    return selectNewestFirst(this.transactions.db, sessions, eq(sessions.owner, owner), page);
  }

  /**
   * Locks the session's row until the unit of work ends, so no run can start in it meanwhile;
   * false when it is gone (deleted by a request that got there first).
   */
  async lockForDelete(id: string): Promise<boolean> {
    const locked = await this.transactions.db
      .select({ id: sessions.id })
      .from(sessions)
      .where(eq(sessions.id, id))
      .for('update');
    return locked.length > 0;
  }

  /** Deletes the session with its runs and events. */
  async delete(id: string): Promise<void> {
    await this.transactions.db.delete(sessions).where(eq(sessions.id, id));
  }
}
