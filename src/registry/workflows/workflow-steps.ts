import { asc, eq, sql } from 'drizzle-orm';
import { type Database } from '../../database/database';
import { preparedQuery } from '../../database/prepared-queries';
import {
  type StepOnError,
  type StepRetry,
  agents,
  tools,
  workflowSteps,
  workflows,
} from '../../database/schema';
import { isUuid } from '../../database/uuid';
import { missingIds } from '../common/missing-ids';
import { InvalidReferencesError } from '../common/registry.errors';
import { type StepType, type WorkflowStepDto } from './dto/workflow-step.dto';
import { InvalidStepTemplatesError } from './step-template.errors';
import { templateProblems } from './step-templates';

/**
 * A step as it is stored and run: what it runs (by id, and its name), and when set its key
 * and input template.
 */
export interface WorkflowStepDefinition {
  type: StepType;
  id: string;
  name: string;
  key?: string;
  input?: unknown;
  retry?: StepRetry;
  timeout_seconds?: number;
  on_error?: StepOnError;
}

/**
 * The refusal of steps whose id is not a UUID or names no agent (for `agent` steps) or no
 * tool (for `tool` steps), if any; every bad id is listed once, in step order.
 */
export async function invalidStepReferences(
  db: Database,
  steps: readonly WorkflowStepDto[],
): Promise<InvalidReferencesError | undefined> {
  const idsOf = (type: StepType) => steps.filter((step) => step.type === type).map((s) => s.id);
  const missing: Record<StepType, Set<string>> = {
    agent: new Set(await missingIds(db, agents.id, idsOf('agent'))),
    tool: new Set(await missingIds(db, tools.id, idsOf('tool'))),
  };
  const invalid = new Set(steps.filter((step) => missing[step.type].has(step.id)).map((s) => s.id));
  return invalid.size > 0
    ? new InvalidReferencesError('INVALID_STEP_REFERENCES', 'step_ids', [...invalid])
    : undefined;
}

/**
 * Makes `steps` the workflow's steps, at positions 0..n-1. Run it in the transaction of the
 * workflow's write: the check and the steps then commit together, or not at all.
 */
export async function replaceWorkflowSteps(
  tx: Database,
  workflowId: string,
  steps: readonly WorkflowStepDto[],
): Promise<void> {
  const problems = templateProblems(steps);
  if (problems.length > 0) throw new InvalidStepTemplatesError(problems);
  const refused = await invalidStepReferences(tx, steps);
  if (refused) throw refused;
  await tx.delete(workflowSteps).where(eq(workflowSteps.workflow_id, workflowId));
  if (steps.length === 0) return;
  await tx.insert(workflowSteps).values(
    steps.map((step, position) => ({
      workflow_id: workflowId,
      position,
      agent_id: step.type === 'agent' ? step.id : null,
      tool_id: step.type === 'tool' ? step.id : null,
      key: step.key,
      input: step.input,
      retry: step.retry,
      timeout_seconds: step.timeout_seconds,
      on_error: step.on_error,
    })),
  );
}

/** The steps of each of the workflows, in order, with the names of what they run. */
export async function stepsByWorkflow(
  db: Database,
  workflowIds: readonly string[],
): Promise<Map<string, WorkflowStepDefinition[]>> {
  const byWorkflow = new Map(workflowIds.map((id) => [id, [] as WorkflowStepDefinition[]]));
  if (workflowIds.length === 0) return byWorkflow;
  // The ids go as one array parameter, so a statement of any number of them is prepared once.
  const rows = await preparedQuery(db, 'steps_of_workflows', () =>
    db
      .select({ workflow_id: workflowSteps.workflow_id, ...STEP_COLUMNS })
      .from(workflowSteps)
      .leftJoin(agents, eq(agents.id, workflowSteps.agent_id))
      .leftJoin(tools, eq(tools.id, workflowSteps.tool_id))
      .where(sql`${workflowSteps.workflow_id} = any(${sql.placeholder('ids')}::uuid[])`)
      .orderBy(asc(workflowSteps.position)),
  ).execute({ ids: workflowIds });
  for (const row of rows) byWorkflow.get(row.workflow_id)?.push(toStepDefinition(row));
  return byWorkflow;
}

/**
 * The workflow with this id and its steps in order, read by one statement (a workflow run
 * starts with it); undefined when there is none.
 */
export async function workflowWithSteps(
  db: Database,
  id: string,
): Promise<
  { workflow: typeof workflows.$inferSelect; steps: WorkflowStepDefinition[] } | undefined
> {
  if (!isUuid(id)) return undefined;
  const rows = await preparedQuery(db, 'workflow_with_steps', () =>
    db
      .select({ workflow: workflows, position: workflowSteps.position, ...STEP_COLUMNS })
      .from(workflows)
      .leftJoin(workflowSteps, eq(workflowSteps.workflow_id, workflows.id))
      .leftJoin(agents, eq(agents.id, workflowSteps.agent_id))
      .leftJoin(tools, eq(tools.id, workflowSteps.tool_id))
      .where(eq(workflows.id, sql.placeholder('id')))
      .orderBy(asc(workflowSteps.position)),
  ).execute({ id });
  if (rows.length === 0) return undefined;
  // A workflow of no steps is one row, with no step in it.
  const steps = rows.filter((row) => row.position !== null).map(toStepDefinition);
  return { workflow: rows[0].workflow, steps };
}

/** What a step runs and with what, as both reads of steps select it. */
const STEP_COLUMNS = {
  agent_id: workflowSteps.agent_id,
  agent_name: agents.name,
  tool_id: workflowSteps.tool_id,
  tool_name: tools.name,
  key: workflowSteps.key,
  input: workflowSteps.input,
  retry: workflowSteps.retry,
  timeout_seconds: workflowSteps.timeout_seconds,
  on_error: workflowSteps.on_error,
};

function toStepDefinition(row: {
  agent_id: string | null;
  agent_name: string | null;
  tool_id: string | null;
  tool_name: string | null;
  key: string | null;
  input: unknown;
  retry: StepRetry | null;
  timeout_seconds: number | null;
  on_error: StepOnError | null;
}): WorkflowStepDefinition {
  // The check constraint makes a step run exactly one target; the foreign keys, one that exists.
  const target: WorkflowStepDefinition =
    row.agent_id !== null
      ? { type: 'agent', id: row.agent_id, name: row.agent_name ?? '' }
      : { type: 'tool', id: row.tool_id ?? '', name: row.tool_name ?? '' };
  // NULL is no key, no template (the API refuses a `null` template), and the view omits them.
  if (row.key !== null) target.key = row.key;
  if (row.input !== null) target.input = row.input;
  if (row.retry !== null) target.retry = row.retry;
  if (row.timeout_seconds !== null) target.timeout_seconds = row.timeout_seconds;
  if (row.on_error !== null) target.on_error = row.on_error;
  return target;
}
