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
import { type WorkflowStepDto } from './dto/workflow-step.dto';
import { publishedStepType } from './step-types/published-step-types';
import { type StepNode } from './step-types/step-type.contract';
import { listAtSlot, placedSteps, withListsEmptied } from './step-types/step-tree';
import { assertValidStepDefinitions } from './workflow-step-checks';

/**
 * A step as it is stored and run: its type; for an agent or tool step what it runs (by id, and
 * its name); when set its key, input template and failure handling; a step holding others,
 * its own fields with the steps it holds (see its type).
 */
export interface WorkflowStepDefinition extends StepNode {
  id?: string;
  name?: string;
  input?: unknown;
  retry?: StepRetry;
  timeout_seconds?: number;
  on_error?: StepOnError;
}

/** The agent or tool a step runs, if its type runs one. */
function targetOf(step: StepNode): { agent_id: string } | { tool_id: string } | undefined {
  return publishedStepType(step.type)?.target?.(step);
}

/**
 * The refusal of steps whose id is not a UUID or names no agent (for `agent` steps) or no
 * tool (for `tool` steps), at any depth, if any; every bad id is listed once, in step order.
 */
export async function invalidStepReferences(
  db: Database,
  steps: readonly StepNode[],
): Promise<InvalidReferencesError | undefined> {
  const targets = placedSteps(steps).flatMap(({ step }) => targetOf(step) ?? []);
  const idsOf = (column: 'agent_id' | 'tool_id') =>
    targets.flatMap((target) =>
      column in target ? [(target as Record<string, string>)[column]] : [],
    );
  const missing = {
    agent_id: new Set(await missingIds(db, agents.id, idsOf('agent_id'))),
    tool_id: new Set(await missingIds(db, tools.id, idsOf('tool_id'))),
  };
  const invalid = new Set(
    targets.flatMap((target) =>
      Object.entries(target).flatMap(([column, id]) =>
        missing[column as keyof typeof missing].has(id) ? [id] : [],
      ),
    ),
  );
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
  const nodes = steps as unknown as StepNode[];
  await assertValidStepDefinitions(nodes);
  const refused = await invalidStepReferences(tx, nodes);
  if (refused) throw refused;
  await tx.delete(workflowSteps).where(eq(workflowSteps.workflow_id, workflowId));
  if (steps.length === 0) return;
  await tx.insert(workflowSteps).values(
    placedSteps(nodes).map(({ step, parent }, position) => {
      const { type, id, key, input, retry, timeout_seconds, on_error, ...own } = withListsEmptied(
        step,
      ) as StepNode & WorkflowStepDto;
      const target = targetOf(step);
      return {
        workflow_id: workflowId,
        position,
        type,
        parent_position: parent?.position ?? null,
        slot: parent?.slot ?? null,
        settings: target || Object.keys(own).length === 0 ? null : own,
        agent_id: target && 'agent_id' in target ? id : null,
        tool_id: target && 'tool_id' in target ? id : null,
        key,
        input,
        retry,
        timeout_seconds,
        on_error,
      };
    }),
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
  const rowsOf = new Map(workflowIds.map((id) => [id, [] as StepRow[]]));
  for (const row of rows) rowsOf.get(row.workflow_id)?.push(row);
  for (const [id, stepRows] of rowsOf) byWorkflow.set(id, stepTree(stepRows));
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
  const steps = stepTree(rows.filter((row): row is StepRow & typeof row => row.type !== null));
  return { workflow: rows[0].workflow, steps };
}

/** What a step runs and with what, as both reads of steps select it. */
const STEP_COLUMNS = {
  type: workflowSteps.type,
  parent_position: workflowSteps.parent_position,
  slot: workflowSteps.slot,
  settings: workflowSteps.settings,
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

interface StepRow {
  type: string;
  parent_position: number | null;
  slot: string | null;
  settings: Record<string, unknown> | null;
  agent_id: string | null;
  agent_name: string | null;
  tool_id: string | null;
  tool_name: string | null;
  key: string | null;
  input: unknown;
  retry: StepRetry | null;
  timeout_seconds: number | null;
  on_error: StepOnError | null;
}

/**
 * The steps of a workflow from its rows in position order: each top-level one in order, each
 * other one put in the list (`slot`) of the step holding it, which comes before it.
 */
function stepTree(rows: readonly StepRow[]): WorkflowStepDefinition[] {
  const top: WorkflowStepDefinition[] = [];
  const placed: WorkflowStepDefinition[] = [];
  for (const row of rows) {
    const step = toStepDefinition(row);
    placed.push(step);
    const holder = row.parent_position === null ? undefined : placed[row.parent_position];
    if (holder && row.slot !== null) listAtSlot(holder, row.slot).push(step);
    else top.push(step);
  }
  return top;
}

function toStepDefinition(row: StepRow): WorkflowStepDefinition {
  const step: WorkflowStepDefinition = { type: row.type };
  if (row.agent_id !== null) Object.assign(step, { id: row.agent_id, name: row.agent_name ?? '' });
  if (row.tool_id !== null) Object.assign(step, { id: row.tool_id, name: row.tool_name ?? '' });
  // NULL is no key, no template (the API refuses a `null` template), and the view omits them.
  if (row.key !== null) step.key = row.key;
  if (row.input !== null) step.input = row.input;
  if (row.retry !== null) step.retry = row.retry;
  if (row.timeout_seconds !== null) step.timeout_seconds = row.timeout_seconds;
  if (row.on_error !== null) step.on_error = row.on_error;
  // The type's own fields, its lists empty until the rows below it fill them.
  return row.settings === null ? step : { ...step, ...structuredClone(row.settings) };
}
