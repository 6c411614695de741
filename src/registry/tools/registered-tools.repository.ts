import { Injectable } from '@nestjs/common';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { type ToolImplementation, agentTools, agents, tools } from '../../database/schema';
import { Transactions } from '../../database/transactions';
import { isUuid } from '../../database/uuid';
import { columnEquals, listFilter, nameOrDescriptionContains } from '../common/list-filter';
import { type ResourceReference } from '../common/registry.errors';
import { selectPage } from '../common/select-page';
import { workflowsUsing } from '../workflows/workflows-using';
import { type ListToolsQueryDto } from './dto/list-tools-query.dto';
import { type ToolRow } from './registered-tool-factory';

/** A tool's fields as they are written. */
export type ToolValues = Omit<typeof tools.$inferInsert, 'id' | 'created_at' | 'updated_at'>;

/** The agents and workflows that reference a tool, by name. */
export interface ToolUsage {
  used_by_agents: ResourceReference[];
  used_in_workflows: ResourceReference[];
}

/** The registered tools, read and written in the current unit of work. */
@Injectable()
export class RegisteredToolsRepository {
  constructor(private readonly transactions: Transactions) {}

  async find(id: string): Promise<ToolRow | undefined> {
    if (!isUuid(id)) return undefined;
    const [row] = await this.transactions.db.select().from(tools).where(eq(tools.id, id));
    return row;
  }

  async insert(values: ToolValues): Promise<ToolRow> {
    const [row] = await this.transactions.db.insert(tools).values(values).returning();
    return row;
  }

  /** The updated tool; undefined when it no longer exists. */
  async update(id: string, values: Partial<ToolValues>): Promise<ToolRow | undefined> {
    const [row] = await this.transactions.db
      .update(tools)
      .set({ ...values, updated_at: new Date() })
      .where(eq(tools.id, id))
      .returning();
    return row;
  }

  async delete(id: string): Promise<void> {
    await this.transactions.db.delete(tools).where(eq(tools.id, id));
  }

  /** A page of tools in creation order, filtered by activity, source and `search` when given. */
  page(query: ListToolsQueryDto): Promise<{ rows: ToolRow[]; total: number }> {
    const filter = listFilter(
      columnEquals(tools.is_active, query.is_active),
      columnEquals(tools.source_id, query.source_id),
      nameOrDescriptionContains(tools, query.search),
    );
    return selectPage(this.transactions.db, tools, filter, query);
  }

  async usage(toolId: string): Promise<ToolUsage> {
    const db = this.transactions.db;
    const [usedByAgents, usedInWorkflows] = await Promise.all([
      db
        .select({ id: agents.id, name: agents.name })
        .from(agentTools)
        .innerJoin(agents, eq(agents.id, agentTools.agent_id))
        .where(eq(agentTools.tool_id, toolId))
        .orderBy(asc(agents.name)),
      workflowsUsing(db, { tool_id: toolId }),
    ]);
    return { used_by_agents: usedByAgents, used_in_workflows: usedInWorkflows };
  }

  /**
   * The tools whose implementation runs the given agent (`{type: 'agent', agent_id}`) or
   * workflow (`{type: 'workflow', workflow_id}`), by name. The id is JSON text, not a UUID
   * column, so both sides are compared in lower case, as PostgreSQL spells UUIDs.
   */
  servingAs(target: { agent_id: string } | { workflow_id: string }): Promise<ResourceReference[]> {
    const [type, field, id] =
      'agent_id' in target
        ? ['agent', 'agent_id', target.agent_id]
        : ['workflow', 'workflow_id', target.workflow_id];
    return this.transactions.db
      .select({ id: tools.id, name: tools.name })
      .from(tools)
      .where(
        and(
          sql`${tools.implementation}->>'type' = ${type}`,
          sql`lower(${tools.implementation}->>${field}) = ${id.toLowerCase()}`,
        ),
      )
      .orderBy(asc(tools.name));
  }

  allActive(): Promise<ToolRow[]> {
    return this.transactions.db.select().from(tools).where(eq(tools.is_active, true));
  }

  async findActive(id: string): Promise<ToolRow | undefined> {
    const [row] = await this.transactions.db
      .select()
      .from(tools)
      .where(and(eq(tools.id, id), eq(tools.is_active, true)));
    return row;
  }

  /** Every tool's implementation, for checks that span all of them. */
  implementations(): Promise<
    { id: string; name: string; implementation: ToolImplementation | null }[]
  > {
    return this.transactions.db
      .select({ id: tools.id, name: tools.name, implementation: tools.implementation })
      .from(tools);
  }

  /** Replaces the implementation only if it is still `current`: a newer write wins. */
  async replaceImplementationIfUnchanged(
    id: string,
    current: ToolImplementation,
    next: ToolImplementation,
  ): Promise<void> {
    await this.transactions.db
      .update(tools)
      .set({ implementation: next })
      .where(and(eq(tools.id, id), eq(tools.implementation, current)));
  }

  /** Inserts the tools whose names are free; a name taken (by any instance) keeps its row. */
  async insertMissing(values: ToolValues[]): Promise<void> {
    await this.transactions.db
      .insert(tools)
      .values(values)
      .onConflictDoNothing({ target: tools.name });
  }

  findByNames(names: string[]): Promise<ToolRow[]> {
    return this.transactions.db.select().from(tools).where(inArray(tools.name, names));
  }
}
