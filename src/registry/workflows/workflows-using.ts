import { asc, eq } from 'drizzle-orm';
import { type Database } from '../../database/database';
import { workflowSteps, workflows } from '../../database/schema';
import { type ResourceReference } from '../common/registry.errors';

/** The workflows with a step that runs the given agent or tool, each once, by name. */
export function workflowsUsing(
  db: Database,
  step: { agent_id: string } | { tool_id: string },
): Promise<ResourceReference[]> {
  const target =
    'agent_id' in step
      ? eq(workflowSteps.agent_id, step.agent_id)
      : eq(workflowSteps.tool_id, step.tool_id);
  return db
    .selectDistinct({ id: workflows.id, name: workflows.name })
    .from(workflowSteps)
    .innerJoin(workflows, eq(workflows.id, workflowSteps.workflow_id))
    .where(target)
    .orderBy(asc(workflows.name));
}
