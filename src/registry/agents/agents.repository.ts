import { Injectable } from '@nestjs/common';
import { asc, eq, sql } from 'drizzle-orm';
import { type SearchPageQueryDto } from '../../core/api/search-page-query.dto';
import { preparedQuery } from '../../database/prepared-queries';
import { agentTools, agents, tools } from '../../database/schema';
import { Transactions } from '../../database/transactions';
import { isUuid } from '../../database/uuid';
import { findById } from '../common/find-by-id';
import { type InvalidReferencesError } from '../common/registry.errors';
import { listFilter, nameOrDescriptionContains } from '../common/list-filter';
import { selectPage } from '../common/select-page';
import { invalidToolIds, replaceAgentTools, toolIdsByAgent } from './agent-tool-links';
import { type ToolIdItem } from './dto/tool-ids.decorator';

export type AgentRow = typeof agents.$inferSelect;

/** An agent's own fields as they are written. */
export type AgentValues = Pick<
  typeof agents.$inferInsert,
  'name' | 'description' | 'system_prompt' | 'model_config' | 'a2a_enabled'
>;

/** A tool of an agent: what a reader of the agent, or a run of it, needs to know of it. */
export interface AgentToolRow {
  id: string;
  name: string;
  description: string;
  is_active: boolean;
  /** Whether this agent's calls of it wait for approval: the agent's rule, else the tool's. */
  requires_approval: boolean;
}

/** An agent as a run needs it: its stored settings and its tools, in the agent's order. */
export interface AgentWithTools {
  agent: AgentRow;
  tools: AgentToolRow[];
}

/** The agents and their tool links, for the registry and for the features that run them. */
@Injectable()
export class AgentsRepository {
  constructor(private readonly transactions: Transactions) {}

  async insert(values: AgentValues): Promise<AgentRow> {
    const [row] = await this.transactions.db.insert(agents).values(values).returning();
    return row;
  }

  /** The updated agent; undefined when it no longer exists. */
  async update(id: string, values: Partial<AgentValues>): Promise<AgentRow | undefined> {
    const [row] = await this.transactions.db
      .update(agents)
      .set({ ...values, updated_at: new Date() })
      .where(eq(agents.id, id))
      .returning();
    return row;
  }

  async delete(id: string): Promise<void> {
    await this.transactions.db.delete(agents).where(eq(agents.id, id));
  }

  /** A page of agents in creation order, those matching `search` when it is given. */
  page(query: SearchPageQueryDto): Promise<{ rows: AgentRow[]; total: number }> {
    const filter = listFilter(nameOrDescriptionContains(agents, query.search));
    return selectPage(this.transactions.db, agents, filter, query);
  }

  /** The tool ids of each of the agents, in each agent's order. */
  toolIdsByAgent(agentIds: readonly string[]): Promise<Map<string, string[]>> {
    return toolIdsByAgent(this.transactions.db, agentIds);
  }

  /** Makes `items` the agent's tools, refusing ids that name no tool. */
  replaceTools(agentId: string, items: readonly ToolIdItem[]): Promise<void> {
    return replaceAgentTools(this.transactions.db, agentId, items);
  }

  /** The refusal of tool ids that name no tool, if any do. */
  invalidToolIds(toolIds: readonly string[]): Promise<InvalidReferencesError | undefined> {
    return invalidToolIds(this.transactions.db, toolIds);
  }

  /** The agents served over A2A, by name. */
  listA2aEnabled(): Promise<AgentRow[]> {
    return this.transactions.db
      .select()
      .from(agents)
      .where(eq(agents.a2a_enabled, true))
      .orderBy(asc(agents.name));
  }

  find(id: string): Promise<AgentRow | undefined> {
    return findById(this.transactions.db, agents, id);
  }

  /** The agent's tools, active or not, in the order the agent lists them. */
  toolsOf(agentId: string): Promise<AgentToolRow[]> {
    return this.transactions.db
      .select(TOOL_OF_AGENT)
      .from(agentTools)
      .innerJoin(tools, eq(tools.id, agentTools.tool_id))
      .where(eq(agentTools.agent_id, agentId))
      .orderBy(asc(agentTools.position));
  }

  /** The agent and its tools in one statement: a row per tool, or one without a tool. */
  async findWithTools(id: string): Promise<AgentWithTools | undefined> {
    if (!isUuid(id)) return undefined;
    const db = this.transactions.db;
    const rows = await preparedQuery(db, 'agent_with_tools', () =>
      db
        .select({ agent: agents, tool: TOOL_OF_AGENT })
        .from(agents)
        .leftJoin(agentTools, eq(agentTools.agent_id, agents.id))
        .leftJoin(tools, eq(tools.id, agentTools.tool_id))
        .where(eq(agents.id, sql.placeholder('id')))
        .orderBy(asc(agentTools.position)),
    ).execute({ id });
    return agentWithToolsOf(rows);
  }
}

/**
 * An agent's tool as a statement reads it, joined from the agent through `agent_tools` to
 * `tools` (left joins, ordered by `agent_tools.position`): null columns for an agent without
 * tools. Another statement that reads an agent with more selects this too.
 */
export const TOOL_OF_AGENT = {
  id: tools.id,
  name: tools.name,
  description: tools.description,
  is_active: tools.is_active,
  requires_approval: sql<boolean>`coalesce(${agentTools.requires_approval}, ${tools.requires_approval})`,
};

/**
 * The agent and its tools from the rows of a statement selecting `agent` and `tool`
 * (`TOOL_OF_AGENT`): a row per tool, or one row whose tool's columns are all null. Undefined
 * when there are no rows or the agent's columns are null (a left join that found none).
 */
export function agentWithToolsOf(
  rows: readonly {
    agent: AgentRow | null;
    tool: { [K in keyof AgentToolRow]: AgentToolRow[K] | null } | null;
  }[],
): AgentWithTools | undefined {
  const agent = rows[0]?.agent;
  if (!agent) return undefined;
  return {
    agent,
    tools: rows.flatMap(({ tool }) => (tool?.id ? [tool as AgentToolRow] : [])),
  };
}
