import { Injectable } from '@nestjs/common';
import { and, eq, inArray } from 'drizzle-orm';
import { type SearchPageQueryDto } from '../../core/api/search-page-query.dto';
import { ACTIVE_RUN_STATUSES, workflowRuns, workflows } from '../../database/schema';
import { Transactions } from '../../database/transactions';
import { findById } from '../common/find-by-id';
import { listFilter, nameOrDescriptionContains } from '../common/list-filter';
import { type InvalidReferencesError, type ResourceReference } from '../common/registry.errors';
import { selectPage } from '../common/select-page';
import { type WorkflowStepDto } from './dto/workflow-step.dto';
import {
  type WorkflowStepDefinition,
  invalidStepReferences,
  replaceWorkflowSteps,
  stepsByWorkflow,
  workflowWithSteps,
} from './workflow-steps';
import { type WorkflowRow } from './workflow-views';
import { workflowsUsing } from './workflows-using';

/** A workflow's own fields as they are written. */
export type WorkflowValues = Pick<
  typeof workflows.$inferInsert,
  'name' | 'description' | 'input_schema'
>;

/** A workflow as it runs: its input schema and its steps in order. */
export interface WorkflowDefinition {
  id: string;
  name: string;
  input_schema: Record<string, unknown>;
  steps: WorkflowStepDefinition[];
}

/** The workflows and their steps. */
@Injectable()
export class WorkflowsRepository {
  constructor(private readonly transactions: Transactions) {}

  find(id: string): Promise<WorkflowRow | undefined> {
    return findById(this.transactions.db, workflows, id);
  }

  async insert(values: WorkflowValues): Promise<WorkflowRow> {
    const [row] = await this.transactions.db.insert(workflows).values(values).returning();
    return row;
  }

  /** The updated workflow; undefined when it no longer exists. */
  async update(id: string, values: Partial<WorkflowValues>): Promise<WorkflowRow | undefined> {
    const [row] = await this.transactions.db
      .update(workflows)
      .set({ ...values, updated_at: new Date() })
      .where(eq(workflows.id, id))
      .returning();
    return row;
  }

  /** Its steps go with it (ON DELETE CASCADE). */
  async delete(id: string): Promise<void> {
    await this.transactions.db.delete(workflows).where(eq(workflows.id, id));
  }

  /** A page of workflows in creation order, those matching `search` when it is given. */
  page(query: SearchPageQueryDto): Promise<{ rows: WorkflowRow[]; total: number }> {
    const filter = listFilter(nameOrDescriptionContains(workflows, query.search));
    return selectPage(this.transactions.db, workflows, filter, query);
  }

  /** The steps of each of the workflows, in order, with the names of what they run. */
  stepsByWorkflow(workflowIds: readonly string[]): Promise<Map<string, WorkflowStepDefinition[]>> {
    return stepsByWorkflow(this.transactions.db, workflowIds);
  }

  /** The workflow to run, with its steps in order; undefined when there is none of that id. */
  async definitionOf(workflowId: string): Promise<WorkflowDefinition | undefined> {
    const found = await workflowWithSteps(this.transactions.db, workflowId);
    if (!found) return undefined;
    const { workflow, steps } = found;
    return { id: workflow.id, name: workflow.name, input_schema: workflow.input_schema, steps };
  }

  /** The workflow's runs that have not ended, by id (their name is their id). */
  async activeRuns(workflowId: string): Promise<ResourceReference[]> {
    const rows = await this.transactions.db
      .select({ id: workflowRuns.id })
      .from(workflowRuns)
      .where(
        and(
          eq(workflowRuns.workflow_id, workflowId),
          inArray(workflowRuns.status, [...ACTIVE_RUN_STATUSES]),
        ),
      );
    return rows.map(({ id }) => ({ id, name: id }));
  }

  /** Makes `steps` the workflow's steps, refusing steps that run nothing or bad templates. */
  replaceSteps(workflowId: string, steps: readonly WorkflowStepDto[]): Promise<void> {
    return replaceWorkflowSteps(this.transactions.db, workflowId, steps);
  }

  /** The refusal of steps that name no agent or tool, if any do. */
  invalidStepReferences(
    steps: readonly WorkflowStepDto[],
  ): Promise<InvalidReferencesError | undefined> {
    return invalidStepReferences(this.transactions.db, steps);
  }

  /** The workflows with a step that runs the given agent or tool, each once, by name. */
  usingStep(step: { agent_id: string } | { tool_id: string }): Promise<ResourceReference[]> {
    return workflowsUsing(this.transactions.db, step);
  }
}
