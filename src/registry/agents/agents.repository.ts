import { Injectable } from '@nestjs/common';
import { asc, eq, sql } from 'drizzle-orm';
import { agentTools, agents, tools } from '../../database/schema';
import { Transactions } from '../../database/transactions';
import { isUuid } from '../../database/uuid';

export type AgentRow = typeof agents.$inferSelect;

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

/** Reads of agents for the registry and for the features that run them. */
@Injectable()
export class AgentsRepository {
  constructor(private readonly transactions: Transactions) {}

  async find(id: string): Promise<AgentRow | undefined> {
    if (!isUuid(id)) return undefined;
    const [row] = await this.transactions.db.select().from(agents).where(eq(agents.id, id));
    return row;
  }

  /** The agent's tools, active or not, in the order the agent lists them. */
  toolsOf(agentId: string): Promise<AgentToolRow[]> {
    return this.transactions.db
      .select({
        id: tools.id,
        name: tools.name,
        description: tools.description,
        is_active: tools.is_active,
        requires_approval: sql<boolean>`coalesce(${agentTools.requires_approval}, ${tools.requires_approval})`,
      })
      .from(agentTools)
      .innerJoin(tools, eq(tools.id, agentTools.tool_id))
      .where(eq(agentTools.agent_id, agentId))
      .orderBy(asc(agentTools.position));
  }

  async findWithTools(id: string): Promise<AgentWithTools | undefined> {
    const agent = await this.find(id);
    return agent && { agent, tools: await this.toolsOf(agent.id) };
  }
}
