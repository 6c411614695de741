import { Injectable } from '@nestjs/common';
import { isForeignKeyViolation } from '../../database/postgres-errors';
import { BuiltinToolRegistry } from '../../tools/builtin-tool-registry.service';
import { ToolKindRegistry } from '../../tools/tool-kind-registry.service';
import { type Page } from '../../core/api/page.dto';
import { writeNamed } from '../common/named-write';
import { ResourceInUseError, ResourceNotFoundError } from '../common/registry.errors';
import { type CreateToolDto } from './dto/create-tool.dto';
import { type ListToolsQueryDto } from './dto/list-tools-query.dto';
import { type ToolDetailDto, type ToolDto } from './dto/tool.dto';
import { type ToolImplementationViewDto } from './dto/tool-implementation.dto';
import { type UpdateToolDto } from './dto/update-tool.dto';
import { RegisteredToolFactory, type ToolRow } from './registered-tool-factory';
import { BuiltinToolReadOnlyError } from './registered-tool.errors';
import { RegisteredToolsRepository } from './registered-tools.repository';
import { ToolCatalogSync } from './tool-catalog-sync.service';
import { ToolParametersCompiler } from './tool-parameters';
import { toToolDto } from './tool-views';

/** The registered tools: create, list, read, update and delete. */
@Injectable()
export class RegisteredToolsService {
  constructor(
    private readonly tools: RegisteredToolsRepository,
    private readonly catalogSync: ToolCatalogSync,
    private readonly builtins: BuiltinToolRegistry,
    private readonly kinds: ToolKindRegistry,
    private readonly parameters: ToolParametersCompiler,
    private readonly factory: RegisteredToolFactory,
  ) {}

  async create(dto: CreateToolDto): Promise<ToolDto> {
    this.parameters.assertValid(dto.parameters);
    const row = await writeNamed('Tool', dto.name, () =>
      this.tools.insert({
        name: dto.name,
        description: dto.description ?? '',
        parameters: dto.parameters,
        implementation: dto.implementation ? this.kinds.store(dto.name, dto.implementation) : null,
        is_active: dto.is_active ?? true,
        // What reaches outside toolhub waits for approval unless its registrant says not.
        requires_approval: dto.requires_approval ?? dto.implementation !== undefined,
        // What may carry secret headers is for key holders unless its registrant says not.
        public: dto.public ?? false,
      }),
    );
    await this.catalogSync.toolChanged(row.id);
    return this.view(row);
  }

  async list(query: ListToolsQueryDto): Promise<Page<ToolDto>> {
    const { rows, total } = await this.tools.page(query);
    return {
      items: rows.map((row) => this.view(row)),
      total,
      limit: query.limit,
      offset: query.offset,
    };
  }

  async get(id: string): Promise<ToolDetailDto> {
    const row = await this.find(id);
    return { ...this.view(row), ...(await this.tools.usage(row.id)) };
  }

  async update(id: string, dto: UpdateToolDto): Promise<ToolDto> {
    const current = await this.find(id);
    if (current.implementation?.type === 'builtin') assertOnlyActivation(current, dto);
    if (dto.parameters !== undefined) this.parameters.assertValid(dto.parameters);
    const row = await writeNamed('Tool', dto.name ?? current.name, () =>
      this.tools.update(current.id, {
        name: dto.name,
        description: dto.description,
        parameters: dto.parameters,
        implementation:
          dto.implementation && this.kinds.store(dto.name ?? current.name, dto.implementation),
        is_active: dto.is_active,
        requires_approval: dto.requires_approval ?? gainsEndpoint(current, dto),
        public: dto.public,
      }),
    );
    if (!row) throw new ResourceNotFoundError('Tool', id);
    await this.catalogSync.toolChanged(row.id);
    return this.view(row);
  }

  async delete(id: string): Promise<{ deleted: true; id: string }> {
    const row = await this.find(id);
    // A builtin whose code is gone is served by nothing and would never come back: deletable.
    if (row.implementation?.type === 'builtin' && this.builtins.find(row.name)) {
      throw BuiltinToolReadOnlyError.onDelete(row.name);
    }
    const usage = await this.tools.usage(row.id);
    if (usage.used_by_agents.length > 0 || usage.used_in_workflows.length > 0) {
      throw new ResourceInUseError('Tool', row.name, usage);
    }
    try {
      await this.tools.delete(row.id);
    } catch (error) {
      // A reference added since the check above: the foreign key refused the delete.
      if (!isForeignKeyViolation(error)) throw error;
      throw new ResourceInUseError('Tool', row.name, await this.tools.usage(row.id));
    }
    await this.catalogSync.toolChanged(row.id);
    return { deleted: true, id: row.id };
  }

  private view(row: ToolRow): ToolDto {
    const implementation =
      row.implementation &&
      (this.kinds.view(row.name, row.implementation) as ToolImplementationViewDto);
    return toToolDto(row, implementation, this.factory.unavailableReason(row.id));
  }

  /** The stored tool, or 404 (also for ids that are not UUIDs). */
  async find(id: string): Promise<ToolRow> {
    const row = await this.tools.find(id);
    if (!row) throw new ResourceNotFoundError('Tool', id);
    return row;
  }
}

/**
 * A tool given its first endpoint by this update takes the default `create` gives such a tool
 * (it now reaches outside toolhub); otherwise an unsent `requires_approval` stays as it is.
 */
function gainsEndpoint(current: ToolRow, dto: UpdateToolDto): true | undefined {
  return current.implementation === null && dto.implementation ? true : undefined;
}

/** What an operator may change on a builtin tool: whether it is served, to whom, and approval. */
const OPERATOR_FIELDS = new Set(['is_active', 'requires_approval', 'public']);

function assertOnlyActivation(current: ToolRow, dto: UpdateToolDto): void {
  const changes = Object.entries(dto).filter(
    ([field, value]) => !OPERATOR_FIELDS.has(field) && value !== undefined,
  );
  if (changes.length > 0) throw BuiltinToolReadOnlyError.onEdit(current.name);
}
