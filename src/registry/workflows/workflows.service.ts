import { Injectable } from '@nestjs/common';
import { Transactions } from '../../database/transactions';
import { type AuditContext } from '../../audit/audit-event';
import { AuditTrail } from '../../audit/audit-trail';
import { type RegistryChangeType, registryChange } from '../common/registry-change';
import { writeNamed } from '../common/named-write';
import { type Page } from '../../core/api/page.dto';
import { ResourceInUseError, ResourceNotFoundError, isInUse } from '../common/registry.errors';
import { type SearchPageQueryDto } from '../../core/api/search-page-query.dto';
import { RegisteredToolsRepository } from '../tools/registered-tools.repository';
import { ToolParametersCompiler } from '../tools/tool-parameters';
import { type CreateWorkflowDto } from './dto/create-workflow.dto';
import { type UpdateWorkflowDto } from './dto/update-workflow.dto';
import { type WorkflowDetailDto, type WorkflowDto } from './dto/workflow.dto';
import { type WorkflowStepDto } from './dto/workflow-step.dto';
import { type WorkflowRow, toWorkflowDto } from './workflow-views';
import { WorkflowsRepository } from './workflows.repository';

/** The workflows: ordered steps that each run a registered agent or tool. */
@Injectable()
export class WorkflowsService {
  constructor(
    private readonly workflows: WorkflowsRepository,
    private readonly tools: RegisteredToolsRepository,
    private readonly transactions: Transactions,
    private readonly inputSchemas: ToolParametersCompiler,
    private readonly audit: AuditTrail,
  ) {}

  async create(dto: CreateWorkflowDto, by: AuditContext): Promise<WorkflowDto> {
    this.assertValidInputSchema(dto.input_schema);
    const row = await this.write(dto.name, dto.steps, { type: 'workflow.created', by }, () =>
      // Without an input schema the column's default, any object, applies.
      this.workflows.insert({
        name: dto.name,
        description: dto.description ?? '',
        input_schema: dto.input_schema,
      }),
    );
    return this.withSteps(row);
  }

  async list(query: SearchPageQueryDto): Promise<Page<WorkflowDto>> {
    const { rows, total } = await this.workflows.page(query);
    const steps = await this.workflows.stepsByWorkflow(rows.map((row) => row.id));
    return {
      items: rows.map((row) => toWorkflowDto(row, steps.get(row.id) ?? [])),
      total,
      limit: query.limit,
      offset: query.offset,
    };
  }

  async get(id: string): Promise<WorkflowDetailDto> {
    const row = await this.find(id);
    const [workflow, servedAsTools] = await Promise.all([
      this.withSteps(row),
      this.tools.servingAs({ workflow_id: row.id }),
    ]);
    return { ...workflow, served_as_tools: servedAsTools };
  }

  async update(id: string, dto: UpdateWorkflowDto, by: AuditContext): Promise<WorkflowDto> {
    this.assertValidInputSchema(dto.input_schema);
    const current = await this.find(id);
    const change = { type: 'workflow.updated', by } as const;
    const row = await this.write(dto.name ?? current.name, dto.steps, change, async () => {
      const updated = await this.workflows.update(current.id, {
        name: dto.name,
        description: dto.description,
        input_schema: dto.input_schema,
      });
      // Deleted since it was found.
      if (!updated) throw new ResourceNotFoundError('Workflow', id);
      return updated;
    });
    return this.withSteps(row);
  }

  /**
   * The tools that serve a workflow run it by id: deleting one a tool serves would break the
   * tool, so it is refused. Its steps go with it (ON DELETE CASCADE).
   */
  async delete(id: string, by: AuditContext): Promise<{ deleted: true; id: string }> {
    const row = await this.find(id);
    // A run under way would lose its steps and events with the workflow: it is refused too.
    const activeRuns = await this.workflows.activeRuns(row.id);
    const usage = {
      served_as_tools: await this.tools.servingAs({ workflow_id: row.id }),
      ...(activeRuns.length > 0 && { active_runs: activeRuns }),
    };
    if (isInUse(usage)) throw new ResourceInUseError('Workflow', row.name, usage);
    await this.transactions.run(async () => {
      await this.workflows.delete(row.id);
      await this.audit.record(registryChange('workflow.deleted', row, by));
    });
    return { deleted: true, id: row.id };
  }

  /**
   * Refuses (422, naming `input_schema`) a schema a tool could not take as its `parameters`:
   * the workflow is served as a tool with it.
   */
  private assertValidInputSchema(inputSchema: Record<string, unknown> | undefined): void {
    if (inputSchema !== undefined) this.inputSchemas.assertValid(inputSchema, 'input_schema');
  }

  /** The stored workflow, or 404 (also for ids that are not UUIDs). */
  private async find(id: string): Promise<WorkflowRow> {
    const row = await this.workflows.find(id);
    if (!row) throw new ResourceNotFoundError('Workflow', id);
    return row;
  }

  private async withSteps(row: WorkflowRow): Promise<WorkflowDto> {
    const steps = await this.workflows.stepsByWorkflow([row.id]);
    return toWorkflowDto(row, steps.get(row.id) ?? []);
  }

  /**
   * Writes the workflow (`writeWorkflow`) and, when given, its steps in one transaction, so a
   * workflow never exists with half its steps or with steps that run nothing.
   */
  private write(
    name: string,
    steps: readonly WorkflowStepDto[] | undefined,
    change: { type: RegistryChangeType; by: AuditContext },
    writeWorkflow: () => Promise<WorkflowRow>,
  ): Promise<WorkflowRow> {
    return writeNamed(
      'Workflow',
      name,
      () =>
        this.transactions.run(async () => {
          const row = await writeWorkflow();
          if (steps !== undefined) await this.workflows.replaceSteps(row.id, steps);
          await this.audit.record(registryChange(change.type, row, change.by));
          return row;
        }),
      () => this.workflows.invalidStepReferences(steps ?? []),
    );
  }
}
