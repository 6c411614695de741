import { Inject, Injectable } from '@nestjs/common';
import { eq } from 'drizzle-orm';
import { DATABASE, type Database } from '../../database/database';
import { isForeignKeyViolation } from '../../database/postgres-errors';
import { agents } from '../../database/schema';
import { type AgentRow } from './agents.repository';
import { writeNamed } from '../common/named-write';
import { type Page } from '../common/page.dto';
import {
  ResourceInUseError,
  ResourceNotFoundError,
  ValidationFailedError,
} from '../common/registry.errors';
import { ProviderRegistry } from '../../providers/provider-registry.service';
import { type ModelConfigDto } from './dto/model-config.dto';
import { type SearchPageQueryDto } from '../common/search-page-query.dto';
import { listFilter, nameOrDescriptionContains } from '../common/list-filter';
import { selectPage } from '../common/select-page';
import { findById } from '../common/find-by-id';
import { workflowsUsing } from '../workflows/workflows-using';
import { invalidToolIds, replaceAgentTools, toolIdsByAgent } from './agent-tool-links';
import { AgentsRepository } from './agents.repository';
import { toAgentDto } from './agent-views';
import { type AgentDetailDto, type AgentDto } from './dto/agent.dto';
import { type AgentToolsDto } from './dto/agent-tools.dto';
import { type ToolIdItem, toolIdOf } from './dto/tool-ids.decorator';
import { type CreateAgentDto } from './dto/create-agent.dto';
import { type UpdateAgentDto } from './dto/update-agent.dto';

/** The agents: create, list, read, update, relink tools and delete (seed 003, AC-013…AC-018). */
@Injectable()
export class AgentsService {
  constructor(
    @Inject(DATABASE) private readonly db: Database,
    private readonly repository: AgentsRepository,
    private readonly providers: ProviderRegistry,
  ) {}

  async create(dto: CreateAgentDto): Promise<AgentDto> {
    this.assertRunnable(dto.model_config);
    const toolIds = (dto.tool_ids ?? []).map(toolIdOf);
    const row = await this.write(dto.name, toolIds, async (tx) => {
      const [created] = await tx
        .insert(agents)
        .values({
          name: dto.name,
          description: dto.description ?? '',
          system_prompt: dto.system_prompt,
          model_config: dto.model_config,
        })
        .returning();
      return created;
    });
    // The stored ids are exactly the given ones, in PostgreSQL's (lower-case) spelling.
    const storedIds = toolIds.map((id) => id.toLowerCase());
    return toAgentDto(row, storedIds);
  }

  async list(query: SearchPageQueryDto): Promise<Page<AgentDto>> {
    const filter = listFilter(nameOrDescriptionContains(agents, query.search));
    const { rows, total } = await selectPage(this.db, agents, filter, query);
    const toolIds = await toolIdsByAgent(this.db, rows.map(idOf));
    return {
      items: rows.map((row) => toAgentDto(row, toolIds.get(row.id) ?? [])),
      total,
      limit: query.limit,
      offset: query.offset,
    };
  }

  async get(id: string): Promise<AgentDetailDto> {
    const row = await this.find(id);
    const [tools, usedInWorkflows] = await Promise.all([
      this.repository.toolsOf(row.id),
      workflowsUsing(this.db, { agent_id: row.id }),
    ]);
    return {
      ...toAgentDto(row, tools.map(idOf)),
      tools,
      used_in_workflows: usedInWorkflows,
    };
  }

  async update(id: string, dto: UpdateAgentDto): Promise<AgentDto> {
    if (dto.model_config) this.assertRunnable(dto.model_config);
    const current = await this.find(id);
    const row = await this.write(dto.name ?? current.name, dto.tool_ids, async (tx) => {
      const [updated] = await tx
        .update(agents)
        .set({
          name: dto.name,
          description: dto.description,
          system_prompt: dto.system_prompt,
          model_config: dto.model_config,
          updated_at: new Date(),
        })
        .where(eq(agents.id, current.id))
        .returning();
      // Deleted since it was found.
      if (!updated) throw new ResourceNotFoundError('Agent', id);
      return updated;
    });
    const toolIds = await toolIdsByAgent(this.db, [row.id]);
    return toAgentDto(row, toolIds.get(row.id) ?? []);
  }

  /** Replaces the agent's tools (AC-016); answers with the detail, which shows them. */
  async replaceTools(id: string, dto: AgentToolsDto): Promise<AgentDetailDto> {
    const { id: agentId } = await this.update(id, { tool_ids: dto.tool_ids });
    return this.get(agentId);
  }

  async delete(id: string): Promise<{ deleted: true; id: string }> {
    const row = await this.find(id);
    await this.refuseIfUsed(row);
    try {
      await this.db.delete(agents).where(eq(agents.id, row.id));
    } catch (error) {
      // A workflow step added since the check above: the foreign key refused the delete.
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
  private find(id: string): Promise<AgentRow> {
    return findById(this.db, agents, 'Agent', id);
  }

  /** Workflows run agents by id: deleting one a workflow uses would break it (AC-018). */
  private async refuseIfUsed(row: AgentRow): Promise<void> {
    const usedInWorkflows = await workflowsUsing(this.db, { agent_id: row.id });
    if (usedInWorkflows.length > 0) {
      throw new ResourceInUseError('Agent', row.name, { used_in_workflows: usedInWorkflows });
    }
  }

  /**
   * Writes the agent (`writeAgent`) and, when given, its tool list in one transaction, so an
   * agent never exists with half its tools or with tools that do not.
   */
  private write(
    name: string,
    toolIds: readonly ToolIdItem[] | undefined,
    writeAgent: (tx: Database) => Promise<AgentRow>,
  ): Promise<AgentRow> {
    return writeNamed(
      'Agent',
      name,
      () =>
        this.db.transaction(async (tx) => {
          const row = await writeAgent(tx);
          if (toolIds !== undefined) await replaceAgentTools(tx, row.id, toolIds);
          return row;
        }),
      () => invalidToolIds(this.db, (toolIds ?? []).map(toolIdOf)),
    );
  }
}

const idOf = (row: { id: string }) => row.id;
