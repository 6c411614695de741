import { Inject, Injectable } from '@nestjs/common';
import { type SQL, and, asc, count, eq, getTableColumns, or } from 'drizzle-orm';
import { DATABASE, type Database } from '../../database/database';
import { isForeignKeyViolation, isUniqueViolation } from '../../database/postgres-errors';
import { type ToolImplementation, tools } from '../../database/schema';
import { BuiltinToolRegistry } from '../../tools/builtin-tool-registry.service';
import { type Page } from '../common/page.dto';
import { containsIgnoringCase, totalRows } from '../common/list-query';
import {
  NameTakenError,
  ResourceInUseError,
  ResourceNotFoundError,
} from '../common/registry.errors';
import { isUuid } from '../common/uuid';
import { type CreateToolDto } from './dto/create-tool.dto';
import { type ListToolsQueryDto } from './dto/list-tools-query.dto';
import { type ToolDetailDto, type ToolDto } from './dto/tool.dto';
import { type ToolImplementationDto } from './dto/tool-implementation.dto';
import { type UpdateToolDto } from './dto/update-tool.dto';
import { type ToolRow } from './registered-tool-factory';
import { BuiltinToolReadOnlyError } from './registered-tool.errors';
import { ToolCatalogSync } from './tool-catalog-sync.service';
import { ToolParametersCompiler } from './tool-parameters';
import { toolUsage } from './tool-usage';
import { toToolDto } from './tool-views';

/** The registered tools: create, list, read, update and delete (seed 003, AC-001…AC-010). */
@Injectable()
export class RegisteredToolsService {
  private readonly parameters = new ToolParametersCompiler();

  constructor(
    @Inject(DATABASE) private readonly db: Database,
    private readonly catalogSync: ToolCatalogSync,
    private readonly builtins: BuiltinToolRegistry,
  ) {}

  async create(dto: CreateToolDto): Promise<ToolDto> {
    this.parameters.assertValid(dto.parameters);
    const row = await this.uniquelyNamed(dto.name, () =>
      this.db
        .insert(tools)
        .values({
          name: dto.name,
          description: dto.description ?? '',
          parameters: dto.parameters,
          implementation: dto.implementation ? toImplementation(dto.implementation) : null,
          is_active: dto.is_active ?? true,
        })
        .returning(),
    );
    await this.catalogSync.toolChanged(row.id);
    return toToolDto(row);
  }

  async list(query: ListToolsQueryDto): Promise<Page<ToolDto>> {
    const conditions: SQL[] = [];
    if (query.is_active !== undefined) conditions.push(eq(tools.is_active, query.is_active));
    if (query.search) {
      conditions.push(
        or(
          containsIgnoringCase(tools.name, query.search),
          containsIgnoringCase(tools.description, query.search),
        ) as SQL,
      );
    }
    const where = and(...conditions);
    const rows = await this.db
      .select({ ...getTableColumns(tools), total: totalRows })
      .from(tools)
      .where(where)
      .orderBy(asc(tools.created_at), asc(tools.id))
      .limit(query.limit)
      .offset(query.offset);
    // Past the last page there is no row to carry the total: count separately.
    const total =
      rows[0]?.total ??
      (await this.db.select({ total: count() }).from(tools).where(where))[0].total;
    return {
      items: rows.map(({ total: _total, ...row }) => toToolDto(row)),
      total,
      limit: query.limit,
      offset: query.offset,
    };
  }

  async get(id: string): Promise<ToolDetailDto> {
    const row = await this.find(id);
    return { ...toToolDto(row), ...(await toolUsage(this.db, row.id)) };
  }

  async update(id: string, dto: UpdateToolDto): Promise<ToolDto> {
    const current = await this.find(id);
    if (current.implementation?.type === 'builtin') assertOnlyActivation(current, dto);
    if (dto.parameters !== undefined) this.parameters.assertValid(dto.parameters);
    const row = await this.uniquelyNamed(dto.name ?? current.name, () =>
      this.db
        .update(tools)
        .set({
          name: dto.name,
          description: dto.description,
          parameters: dto.parameters,
          implementation: dto.implementation && toImplementation(dto.implementation),
          is_active: dto.is_active,
          updated_at: new Date(),
        })
        .where(eq(tools.id, current.id))
        .returning(),
    );
    if (!row) throw new ResourceNotFoundError('Tool', id);
    await this.catalogSync.toolChanged(row.id);
    return toToolDto(row);
  }

  async delete(id: string): Promise<{ deleted: true; id: string }> {
    const row = await this.find(id);
    // A builtin whose code is gone is served by nothing and would never come back: deletable.
    if (row.implementation?.type === 'builtin' && this.builtins.find(row.name)) {
      throw BuiltinToolReadOnlyError.onDelete(row.name);
    }
    const usage = await toolUsage(this.db, row.id);
    if (usage.used_by_agents.length > 0 || usage.used_in_workflows.length > 0) {
      throw new ResourceInUseError('Tool', row.name, usage);
    }
    try {
      await this.db.delete(tools).where(eq(tools.id, row.id));
    } catch (error) {
      // A reference added since the check above: the foreign key refused the delete.
      if (!isForeignKeyViolation(error)) throw error;
      throw new ResourceInUseError('Tool', row.name, await toolUsage(this.db, row.id));
    }
    await this.catalogSync.toolChanged(row.id);
    return { deleted: true, id: row.id };
  }

  /** The stored tool, or 404 (also for ids that are not UUIDs). */
  async find(id: string): Promise<ToolRow> {
    const [row] = isUuid(id) ? await this.db.select().from(tools).where(eq(tools.id, id)) : [];
    if (!row) throw new ResourceNotFoundError('Tool', id);
    return row;
  }

  /** Runs a write that may hit the unique name; the database decides, so races are safe. */
  private async uniquelyNamed(name: string, write: () => Promise<ToolRow[]>): Promise<ToolRow> {
    try {
      const [row] = await write();
      return row;
    } catch (error) {
      if (isUniqueViolation(error)) throw new NameTakenError('Tool', name);
      throw error;
    }
  }
}

function toImplementation(dto: ToolImplementationDto): ToolImplementation {
  const endpoint = {
    url: dto.url,
    headers: dto.headers ?? {},
    secret_headers: dto.secret_headers ?? {},
  };
  return dto.type === 'mcp'
    ? { type: 'mcp', tool_name: dto.tool_name ?? '', ...endpoint }
    : { type: 'http', ...endpoint };
}

function assertOnlyActivation(current: ToolRow, dto: UpdateToolDto): void {
  const changes = Object.entries(dto).filter(
    ([field, value]) => field !== 'is_active' && value !== undefined,
  );
  if (changes.length > 0) throw BuiltinToolReadOnlyError.onEdit(current.name);
}
