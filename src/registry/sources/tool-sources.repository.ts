import { Injectable } from '@nestjs/common';
import { and, asc, count, eq, inArray, isNull, lt, or } from 'drizzle-orm';
import {
  type ToolSourceSettings,
  agentTools,
  agents,
  toolSourceChanges,
  toolSources,
  tools,
  workflowSteps,
  workflows,
} from '../../database/schema';
import { Transactions } from '../../database/transactions';
import { isUuid } from '../../database/uuid';
import { type PageQueryDto } from '../../core/api/page.dto';
import { listFilter } from '../common/list-filter';
import { type ResourceReference } from '../common/registry.errors';
import { selectPage } from '../common/select-page';

export type ToolSourceRow = typeof toolSources.$inferSelect;
export type ToolSourceValues = Omit<
  typeof toolSources.$inferInsert,
  'id' | 'created_at' | 'updated_at'
>;

/** How many tools a source has, and how many of its changes wait for a decision. */
export interface ToolSourceCounts {
  tool_count: number;
  pending_changes: number;
}

/** The tool sources, read and written in the current unit of work. */
@Injectable()
export class ToolSourcesRepository {
  constructor(private readonly transactions: Transactions) {}

  async find(id: string): Promise<ToolSourceRow | undefined> {
    if (!isUuid(id)) return undefined;
    const db = this.transactions.db;
    const [row] = await db.select().from(toolSources).where(eq(toolSources.id, id));
    return row;
  }

  async insert(values: ToolSourceValues): Promise<ToolSourceRow> {
    const [row] = await this.transactions.db.insert(toolSources).values(values).returning();
    return row;
  }

  async update(id: string, values: Partial<ToolSourceValues>): Promise<ToolSourceRow | undefined> {
    const [row] = await this.transactions.db
      .update(toolSources)
      .set({ ...values, updated_at: new Date() })
      .where(eq(toolSources.id, id))
      .returning();
    return row;
  }

  /** The sources whose periodic sync is overdue or was never planned, locked against a peer's plan. */
  async unscheduled(now: Date): Promise<ToolSourceRow[]> {
    return this.transactions.db
      .select()
      .from(toolSources)
      .where(or(isNull(toolSources.next_sync_at), lt(toolSources.next_sync_at, now)))
      .for('update', { skipLocked: true });
  }

  /**
   * Sets when the source's next periodic sync is due; with `replacing`, only while that is the
   * current plan. Whether it was set (false: the source is gone, or its plan changed).
   */
  async planNextSync(id: string, due: Date, replacing?: Date): Promise<boolean> {
    const current = replacing ? eq(toolSources.next_sync_at, replacing) : undefined;
    const planned = await this.transactions.db
      .update(toolSources)
      .set({ next_sync_at: due })
      .where(and(eq(toolSources.id, id), current))
      .returning({ id: toolSources.id });
    return planned.length > 0;
  }

  /** Deletes the source, its tools and its changes with it. */
  async delete(id: string): Promise<void> {
    await this.transactions.db.delete(toolSources).where(eq(toolSources.id, id));
  }

  page(query: PageQueryDto): Promise<{ rows: ToolSourceRow[]; total: number }> {
    return selectPage(this.transactions.db, toolSources, listFilter(), query);
  }

  /** The counts of each given source, by id. */
  async counts(ids: string[]): Promise<Map<string, ToolSourceCounts>> {
    const db = this.transactions.db;
    const [toolCounts, pendingCounts] = await Promise.all([
      db
        .select({ id: tools.source_id, total: count() })
        .from(tools)
        .where(inArray(tools.source_id, ids))
        .groupBy(tools.source_id),
      db
        .select({ id: toolSourceChanges.source_id, total: count() })
        .from(toolSourceChanges)
        .where(
          and(inArray(toolSourceChanges.source_id, ids), eq(toolSourceChanges.status, 'pending')),
        )
        .groupBy(toolSourceChanges.source_id),
    ]);
    const totalOf = (rows: { id: string | null; total: number }[], id: string) =>
      rows.find((row) => row.id === id)?.total ?? 0;
    return new Map(
      ids.map((id) => [
        id,
        { tool_count: totalOf(toolCounts, id), pending_changes: totalOf(pendingCounts, id) },
      ]),
    );
  }

  /** The agents and workflows that use any of the source's tools, each once, by name. */
  async usage(
    id: string,
  ): Promise<{ used_by_agents: ResourceReference[]; used_in_workflows: ResourceReference[] }> {
    const db = this.transactions.db;
    const [usedByAgents, usedInWorkflows] = await Promise.all([
      db
        .selectDistinct({ id: agents.id, name: agents.name })
        .from(agentTools)
        .innerJoin(tools, eq(tools.id, agentTools.tool_id))
        .innerJoin(agents, eq(agents.id, agentTools.agent_id))
        .where(eq(tools.source_id, id))
        .orderBy(asc(agents.name)),
      db
        .selectDistinct({ id: workflows.id, name: workflows.name })
        .from(workflowSteps)
        .innerJoin(tools, eq(tools.id, workflowSteps.tool_id))
        .innerJoin(workflows, eq(workflows.id, workflowSteps.workflow_id))
        .where(eq(tools.source_id, id))
        .orderBy(asc(workflows.name)),
    ]);
    return { used_by_agents: usedByAgents, used_in_workflows: usedInWorkflows };
  }

  /** Replaces the settings only if they are still `current`: a newer write wins. */
  async replaceSettingsIfUnchanged(
    id: string,
    current: ToolSourceSettings,
    next: ToolSourceSettings,
  ): Promise<void> {
    await this.transactions.db
      .update(toolSources)
      .set({ settings: next })
      .where(and(eq(toolSources.id, id), eq(toolSources.settings, current)));
  }

  /** Every source, for the watches and the secrets' upkeep of the start. */
  all(): Promise<ToolSourceRow[]> {
    return this.transactions.db.select().from(toolSources);
  }
}
