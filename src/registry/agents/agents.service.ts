import { Injectable } from '@nestjs/common';
import { isForeignKeyViolation } from '../../database/postgres-errors';
import { Transactions } from '../../database/transactions';
import { type AuditContext } from '../../audit/audit-event';
import { AuditTrail } from '../../audit/audit-trail';
import { type RegistryChangeType, registryChange } from '../common/registry-change';
import { writeNamed } from '../common/named-write';
import { type Page } from '../../core/api/page.dto';
import {
  ResourceInUseError,
  ResourceNotFoundError,
  type ResourceUsage,
  isInUse,
} from '../common/registry.errors';
import { ValidationFailedError } from '../../core/errors';
import { ProviderRegistry } from '../../providers/provider-registry.service';
import { type ModelConfigDto } from './dto/model-config.dto';
import { type SearchPageQueryDto } from '../../core/api/search-page-query.dto';
import { RegisteredToolsRepository } from '../tools/registered-tools.repository';
import { WorkflowsRepository } from '../workflows/workflows.repository';
import { type AgentRow, AgentsRepository } from './agents.repository';
import { toAgentDto } from './agent-views';
import { type AgentDetailDto, type AgentDto } from './dto/agent.dto';
import { type AgentToolsDto } from './dto/agent-tools.dto';
import { type ToolIdItem, toolIdOf } from './dto/tool-ids.decorator';
import { type CreateAgentDto } from './dto/create-agent.dto';
import { type UpdateAgentDto } from './dto/update-agent.dto';

/** The agents: create, list, read, update, relink tools and delete. */
@Injectable()
export class AgentsService {
  constructor(
    private readonly agents: AgentsRepository,
    private readonly workflows: WorkflowsRepository,
    private readonly tools: RegisteredToolsRepository,
    private readonly transactions: Transactions,
    private readonly providers: ProviderRegistry,
    private readonly audit: AuditTrail,
  ) {}

  async create(dto: CreateAgentDto, by: AuditContext): Promise<AgentDto> {
    this.assertRunnable(dto.model_config);
    // The items as given: an item may carry the agent's own approval rule for its tool.
    const toolIds = dto.tool_ids ?? [];
    const row = await this.write(dto.name, toolIds, { type: 'agent.created', by }, () =>
      this.agents.insert({
        name: dto.name,
        description: dto.description ?? '',
        system_prompt: dto.system_prompt,
        model_config: dto.model_config,
        a2a_enabled: dto.a2a?.enabled ?? false,
      }),
    );
    // The stored ids are exactly the given ones, in PostgreSQL's (lower-case) spelling.
    const storedIds = toolIds.map((item) => toolIdOf(item).toLowerCase());
    return toAgentDto(row, storedIds);
  }

  async list(query: SearchPageQueryDto): Promise<Page<AgentDto>> {
    const { rows, total } = await this.agents.page(query);
    const toolIds = await this.agents.toolIdsByAgent(rows.map(idOf));
    return {
      items: rows.map((row) => toAgentDto(row, toolIds.get(row.id) ?? [])),
      total,
      limit: query.limit,
      offset: query.offset,
    };
  }

  async get(id: string): Promise<AgentDetailDto> {
    const row = await this.find(id);
    const [tools, usage] = await Promise.all([this.agents.toolsOf(row.id), this.usage(row.id)]);
    return { ...toAgentDto(row, tools.map(idOf)), tools, ...usage };
  }

  async update(id: string, dto: UpdateAgentDto, by: AuditContext): Promise<AgentDto> {
    if (dto.model_config) this.assertRunnable(dto.model_config);
    const current = await this.find(id);
    const change = { type: 'agent.updated', by } as const;
    const row = await this.write(dto.name ?? current.name, dto.tool_ids, change, async () => {
      const updated = await this.agents.update(current.id, {
        name: dto.name,
        description: dto.description,
        system_prompt: dto.system_prompt,
        model_config: dto.model_config,
        a2a_enabled: dto.a2a?.enabled,
      });
      // Deleted since it was found.
      if (!updated) throw new ResourceNotFoundError('Agent', id);
      return updated;
    });
    const toolIds = await this.agents.toolIdsByAgent([row.id]);
    return toAgentDto(row, toolIds.get(row.id) ?? []);
  }

  /** Replaces the agent's whole tool list; answers with the detail, which shows them. */
  async replaceTools(id: string, dto: AgentToolsDto, by: AuditContext): Promise<AgentDetailDto> {
    const { id: agentId } = await this.update(id, { tool_ids: dto.tool_ids }, by);
    return this.get(agentId);
  }

  async delete(id: string, by: AuditContext): Promise<{ deleted: true; id: string }> {
    const row = await this.find(id);
    await this.refuseIfUsed(row);
    try {
      await this.transactions.run(async () => {
        await this.agents.delete(row.id);
        await this.audit.record(registryChange('agent.deleted', row, by));
      });
    } catch (error) {
      // A workflow step added since the check above: the foreign key refused the delete. A tool
      // refers to its agent in JSON, which no foreign key guards: only the check above sees it.
      if (!isForeignKeyViolation(error)) throw error;
      await this.refuseIfUsed(row);
      throw error;
    }
    return { deleted: true, id: row.id };
  }

  /** Refuses (422) a provider this server does not have, or settings the provider refuses. */
  private assertRunnable(modelConfig: ModelConfigDto): void {
    const provider = this.providers.find(modelConfig.provider);
    const problems = provider
      ? (provider.checkModelConfig?.(modelConfig as unknown as Record<string, unknown>) ?? [])
      : [`provider must be one of: ${this.providers.names().join(', ')}`];
    if (problems.length > 0) {
      const field = provider ? 'model_config' : 'model_config.provider';
      throw new ValidationFailedError([{ field, messages: problems }]);
    }
  }

  /** The stored agent, or 404 (also for ids that are not UUIDs). */
  private async find(id: string): Promise<AgentRow> {
    const row = await this.agents.find(id);
    if (!row) throw new ResourceNotFoundError('Agent', id);
    return row;
  }

  /**
   * Workflows and the tools that serve an agent run it by id: deleting one either uses would
   * break them, so it is refused.
   */
  private async refuseIfUsed(row: AgentRow): Promise<void> {
    const usage = await this.usage(row.id);
    if (isInUse(usage)) throw new ResourceInUseError('Agent', row.name, usage);
  }

  /** The workflows with a step that runs the agent, and the tools that serve it. */
  private async usage(
    agentId: string,
  ): Promise<Required<Pick<ResourceUsage, 'used_in_workflows' | 'served_as_tools'>>> {
    const [usedInWorkflows, servedAsTools] = await Promise.all([
      this.workflows.usingStep({ agent_id: agentId }),
      this.tools.servingAs({ agent_id: agentId }),
    ]);
    return { used_in_workflows: usedInWorkflows, served_as_tools: servedAsTools };
  }

  /**
   * Writes the agent (`writeAgent`) and, when given, its tool list in one transaction, so an
   * agent never exists with half its tools or with tools that do not, nor without its audit entry.
   */
  private write(
    name: string,
    toolIds: readonly ToolIdItem[] | undefined,
    change: { type: RegistryChangeType; by: AuditContext },
    writeAgent: () => Promise<AgentRow>,
  ): Promise<AgentRow> {
    return writeNamed(
      'Agent',
      name,
      () =>
        this.transactions.run(async () => {
          const row = await writeAgent();
          if (toolIds !== undefined) await this.agents.replaceTools(row.id, toolIds);
          await this.audit.record(registryChange(change.type, row, change.by));
          return row;
        }),
      () => this.agents.invalidToolIds((toolIds ?? []).map(toolIdOf)),
    );
  }
}

const idOf = (row: { id: string }) => row.id;
