import { asc, eq } from 'drizzle-orm';
import { type Database } from '../../database/database';
import { agentTools, agents } from '../../database/schema';
import { type ResourceReference } from '../common/registry.errors';
import { workflowsUsing } from '../workflows/workflows-using';

/** The agents and workflows that reference a tool, by name (AC-006, AC-010). */
export async function toolUsage(
  db: Database,
  toolId: string,
): Promise<{ used_by_agents: ResourceReference[]; used_in_workflows: ResourceReference[] }> {
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
