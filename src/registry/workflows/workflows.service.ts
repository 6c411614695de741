import { Inject, Injectable } from '@nestjs/common';
import { eq } from 'drizzle-orm';
import { DATABASE, type Database } from '../../database/database';
import { workflows } from '../../database/schema';
import { writeNamed } from '../common/named-write';
import { type Page } from '../common/page.dto';
import { ResourceNotFoundError } from '../common/registry.errors';
import { type SearchPageQueryDto } from '../common/search-page-query.dto';
import { listFilter, nameOrDescriptionContains } from '../common/list-filter';
import { selectPage } from '../common/select-page';
import { findById } from '../common/find-by-id';
import { type CreateWorkflowDto } from './dto/create-workflow.dto';
import { type UpdateWorkflowDto } from './dto/update-workflow.dto';
import { type WorkflowDto } from './dto/workflow.dto';
import { type WorkflowStepDto } from './dto/workflow-step.dto';
import { invalidStepReferences, replaceWorkflowSteps, stepsByWorkflow } from './workflow-steps';
import { type WorkflowRow, toWorkflowDto } from './workflow-views';

/** The workflows: ordered steps that each run a registered agent or tool. */
@Injectable()
export class WorkflowsService {
  constructor(@Inject(DATABASE) private readonly db: Database) {}

  async create(dto: CreateWorkflowDto): Promise<WorkflowDto> {
    const row = await this.write(dto.name, dto.steps, async (tx) => {
      const [created] = await tx
        .insert(workflows)
        .values({ name: dto.name, description: dto.description ?? '' })
        .returning();
      return created;
    });
    return this.withSteps(row);
  }

  async list(query: SearchPageQueryDto): Promise<Page<WorkflowDto>> {
    const filter = listFilter(nameOrDescriptionContains(workflows, query.search));
    const { rows, total } = await selectPage(this.db, workflows, filter, query);
    const ids = rows.map((row) => row.id);
    const steps = await stepsByWorkflow(this.db, ids);
    return {
      items: rows.map((row) => toWorkflowDto(row, steps.get(row.id) ?? [])),
      total,
      limit: query.limit,
      offset: query.offset,
    };
  }

  async get(id: string): Promise<WorkflowDto> {
    return this.withSteps(await this.find(id));
  }

  async update(id: string, dto: UpdateWorkflowDto): Promise<WorkflowDto> {
    const current = await this.find(id);
    const row = await this.write(dto.name ?? current.name, dto.steps, async (tx) => {
      const [updated] = await tx
        .update(workflows)
        .set({ name: dto.name, description: dto.description, updated_at: new Date() })
        .where(eq(workflows.id, current.id))
        .returning();
      // Deleted since it was found.
      if (!updated) throw new ResourceNotFoundError('Workflow', id);
      return updated;
    });
    return this.withSteps(row);
  }

  /** Nothing references a workflow; its steps go with it (ON DELETE CASCADE). */
  async delete(id: string): Promise<{ deleted: true; id: string }> {
    const row = await this.find(id);
    await this.db.delete(workflows).where(eq(workflows.id, row.id));
    return { deleted: true, id: row.id };
  }

  /** The stored workflow, or 404 (also for ids that are not UUIDs). */
  private find(id: string): Promise<WorkflowRow> {
    return findById(this.db, workflows, 'Workflow', id);
  }

  private async withSteps(row: WorkflowRow): Promise<WorkflowDto> {
    const steps = await stepsByWorkflow(this.db, [row.id]);
    return toWorkflowDto(row, steps.get(row.id) ?? []);
  }

  /**
   * Writes the workflow (`writeWorkflow`) and, when given, its steps in one transaction, so a
   * workflow never exists with half its steps or with steps that run nothing.
   */
  private write(
    name: string,
    steps: readonly WorkflowStepDto[] | undefined,
    writeWorkflow: (tx: Database) => Promise<WorkflowRow>,
  ): Promise<WorkflowRow> {
    return writeNamed(
      'Workflow',
      name,
      () =>
        this.db.transaction(async (tx) => {
          const row = await writeWorkflow(tx);
          if (steps !== undefined) await replaceWorkflowSteps(tx, row.id, steps);
          return row;
        }),
      () => invalidStepReferences(this.db, steps ?? []),
    );
  }
}
