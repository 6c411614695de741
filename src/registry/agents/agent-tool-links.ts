import { asc, eq, inArray } from 'drizzle-orm';
import { type Database } from '../../database/database';
import { agentTools, tools } from '../../database/schema';
import { missingIds } from '../common/missing-ids';
import { InvalidToolIdsError } from './agent.errors';
import { type ToolIdItem, toolIdOf } from './dto/tool-ids.decorator';

/** The refusal (400) of tool ids that are not UUIDs or name no tool, if any are. */
export async function invalidToolIds(
  db: Database,
  toolIds: readonly string[],
): Promise<InvalidToolIdsError | undefined> {
  const invalid = await missingIds(db, tools.id, toolIds);
  return invalid.length > 0 ? new InvalidToolIdsError(invalid) : undefined;
}

/**
 * Makes `items` the agent's tools, in that order, with the agent's approval rules. Run it in the transaction of the agent's
 * write: the check and the links then commit together, or not at all.
 */
export async function replaceAgentTools(
  tx: Database,
  agentId: string,
  items: readonly ToolIdItem[],
): Promise<void> {
  const refused = await invalidToolIds(tx, items.map(toolIdOf));
  if (refused) throw refused;
  await tx.delete(agentTools).where(eq(agentTools.agent_id, agentId));
  if (items.length === 0) return;
  await tx.insert(agentTools).values(
    items.map((item, position) => ({
      agent_id: agentId,
      tool_id: toolIdOf(item),
      position,
      requires_approval: typeof item === 'string' ? null : (item.requires_approval ?? null),
    })),
  );
}

/** The tool ids of each of the agents, in each agent's order; agents without tools map to []. */
export async function toolIdsByAgent(
  db: Database,
  agentIds: readonly string[],
): Promise<Map<string, string[]>> {
  const byAgent = new Map(agentIds.map((id) => [id, [] as string[]]));
  if (agentIds.length === 0) return byAgent;
  const links = await db
    .select({ agent_id: agentTools.agent_id, tool_id: agentTools.tool_id })
    .from(agentTools)
    .where(inArray(agentTools.agent_id, [...agentIds]))
    .orderBy(asc(agentTools.position));
  for (const link of links) byAgent.get(link.agent_id)?.push(link.tool_id);
  return byAgent;
}
