import { isDeepStrictEqual } from 'node:util';
import { Injectable } from '@nestjs/common';
import { ValidationFailedError } from '../../core/errors';
import { type AuditContext } from '../../audit/audit-event';
import { AuditTrail } from '../../audit/audit-trail';
import { type ToolImplementation } from '../../database/schema';
import { Transactions } from '../../database/transactions';
import { isForeignKeyViolation } from '../../database/postgres-errors';
import { BuiltinToolRegistry } from '../../tools/builtin-tool-registry.service';
import { ToolKindRegistry } from '../../tools/tool-kind-registry.service';
import { type Page } from '../../core/api/page.dto';
import { writeNamed } from '../common/named-write';
import { type RegistryChangeType, registryChange } from '../common/registry-change';
import { ResourceInUseError, ResourceNotFoundError, isInUse } from '../common/registry.errors';
import { type CreateToolDto } from './dto/create-tool.dto';
import { type ListToolsQueryDto } from './dto/list-tools-query.dto';
import { type ToolDetailDto, type ToolDto } from './dto/tool.dto';
import { type ToolImplementationViewDto } from './dto/tool-implementation.dto';
import { type UpdateToolDto } from './dto/update-tool.dto';
import { RegisteredToolFactory, type ToolRow } from './registered-tool-factory';
import { BuiltinToolReadOnlyError, SourceManagedError } from './registered-tool.errors';
import { RegisteredToolsRepository } from './registered-tools.repository';
import { ToolCatalogSync } from './tool-catalog-sync.service';
import { ToolParametersCompiler } from './tool-parameters';
import { ToolPageCache } from './tool-page-cache';
import { ToolPageTexts } from './tool-page-texts';
import { ToolSourceNames } from './tool-source-names';
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
    private readonly pages: ToolPageCache,
    private readonly sourceNames: ToolSourceNames,
    private readonly transactions: Transactions,
    private readonly audit: AuditTrail,
  ) {}

  private readonly texts = new ToolPageTexts();

  async create(dto: CreateToolDto, by: AuditContext): Promise<ToolDto> {
    const implementation = dto.implementation && this.kinds.store(dto.name, dto.implementation);
    const parameters = await this.parametersOf(dto.name, dto.parameters, implementation);
    if (!parameters) throw parametersRequired();
    const row = await writeNamed('Tool', dto.name, () =>
      this.audited('tool.created', by, () =>
        this.tools.insert({
          name: dto.name,
          description: dto.description ?? '',
          parameters,
          implementation: implementation ?? null,
          is_active: dto.is_active ?? true,
          requires_approval:
            dto.requires_approval ?? this.approvalDefaultOf(dto.name, implementation),
          // What may carry secret headers is for key holders unless its registrant says not.
          public: dto.public ?? false,
        }),
      ),
    );
    await this.catalogSync.toolChanged(row.id);
    return this.view(row);
  }

  /** The page of tools `query` asks for, as the JSON text of a `Page<ToolDto>`. */
  async listJson(query: ListToolsQueryDto): Promise<string> {
    const page = await this.pages.page(query, () => this.tools.page(query));
    await this.sourceNames.load(page.rows.map((row) => row.source_id));
    const reasons = page.rows.map((row) => this.unavailableReasonOf(row));
    return this.texts.textOf(page, reasons, (): Page<ToolDto> => ({
      items: page.rows.map((row) => this.view(row)),
      total: page.total,
      limit: query.limit,
      offset: query.offset,
    }));
  }

  async get(id: string): Promise<ToolDetailDto> {
    const row = await this.find(id);
    await this.sourceNames.load([row.source_id]);
    return { ...this.view(row), ...(await this.tools.usage(row.id)) };
  }

  async update(id: string, dto: UpdateToolDto, by: AuditContext): Promise<ToolDto> {
    const current = await this.find(id);
    if (current.implementation?.type === 'builtin') assertOnlyActivation(current, dto);
    if (current.source_id !== null) return this.override(current, dto, by);
    const name = dto.name ?? current.name;
    const implementation = dto.implementation && this.kinds.store(name, dto.implementation);
    // The kind judges only what changes, so a tool whose agent is gone can still be switched off.
    const parameters =
      implementation || dto.parameters !== undefined
        ? await this.parametersOf(
            name,
            dto.parameters,
            implementation ?? current.implementation ?? undefined,
          )
        : undefined;
    // Leaving a kind that defined the input needs an input schema of the tool's own.
    if (implementation && !parameters && this.suppliesParameters(name, current.implementation)) {
      throw parametersRequired();
    }
    const kindChanged = implementation && implementation.type !== current.implementation?.type;
    const row = await writeNamed('Tool', name, () =>
      this.audited('tool.updated', by, () =>
        this.tools.update(current.id, {
          name: dto.name,
          description: dto.description,
          parameters,
          implementation,
          is_active: dto.is_active,
          // A tool that becomes another kind takes that kind's default unless told.
          requires_approval:
            dto.requires_approval ??
            (kindChanged ? this.approvalDefaultOf(name, implementation) : undefined),
          public: dto.public,
        }),
      ),
    );
    if (!row) throw new ResourceNotFoundError('Tool', id);
    await this.catalogSync.toolChanged(row.id);
    return this.view(row);
  }

  async delete(id: string, by: AuditContext): Promise<{ deleted: true; id: string }> {
    const row = await this.find(id);
    if (row.source_id !== null) throw SourceManagedError.onDelete(row.name);
    // A builtin whose code is gone is served by nothing and would never come back: deletable.
    if (row.implementation?.type === 'builtin' && this.builtins.find(row.name)) {
      throw BuiltinToolReadOnlyError.onDelete(row.name);
    }
    const usage = await this.tools.usage(row.id);
    if (isInUse(usage)) throw new ResourceInUseError('Tool', row.name, usage);
    try {
      await this.audited('tool.deleted', by, async () => {
        await this.tools.delete(row.id);
        return row;
      });
    } catch (error) {
      // A reference added since the check above: the foreign key refused the delete.
      if (!isForeignKeyViolation(error)) throw error;
      throw new ResourceInUseError('Tool', row.name, await this.tools.usage(row.id));
    }
    await this.catalogSync.toolChanged(row.id);
    return { deleted: true, id: row.id };
  }

  /**
   * Sets what an admin may set on an imported tool and remembers which fields were set, so that
   * its source's syncs keep them; anything else belongs to the source.
   */
  private async override(current: ToolRow, dto: UpdateToolDto, by: AuditContext): Promise<ToolDto> {
    const given = Object.entries(dto).filter(([, value]) => value !== undefined);
    const managed = given.map(([field]) => field).filter((field) => !OVERRIDABLE.has(field));
    if (managed.length > 0) throw SourceManagedError.onEdit(current.name, managed);
    const overrides = new Set([...current.overrides, ...given.map(([field]) => field)]);
    const row = await this.audited('tool.updated', by, () =>
      this.tools.update(current.id, {
        description: dto.description,
        is_active: dto.is_active,
        requires_approval: dto.requires_approval,
        public: dto.public,
        overrides: [...overrides].sort(),
      }),
    );
    if (!row) throw new ResourceNotFoundError('Tool', current.id);
    await this.catalogSync.toolChanged(row.id);
    await this.sourceNames.load([row.source_id]);
    return this.view(row);
  }

  /** Writes a tool and its audit entry in one transaction; nothing is recorded of no write. */
  private audited<T extends ToolRow | undefined>(
    type: RegistryChangeType,
    by: AuditContext,
    write: () => Promise<T>,
  ): Promise<T> {
    return this.transactions.run(async () => {
      const row = await write();
      if (row) await this.audit.record(registryChange(type, row, by));
      return row;
    });
  }

  /**
   * The `parameters` to store: the given ones, checked; or, for a kind that defines its tools'
   * input, that input schema, which given ones must equal. Undefined when neither says.
   */
  private async parametersOf(
    toolName: string,
    given: Record<string, unknown> | undefined,
    implementation: ToolImplementation | undefined,
  ): Promise<Record<string, unknown> | undefined> {
    const supplied =
      implementation &&
      (await this.registrationFor(toolName, implementation)?.suppliedParameters?.(implementation));
    if (!supplied) {
      if (given !== undefined) this.parameters.assertValid(given, 'parameters');
      return given;
    }
    if (given !== undefined && !isDeepStrictEqual(given, supplied)) {
      throw new ValidationFailedError([
        {
          field: 'parameters',
          messages: [
            `parameters of a tool of type ${implementation.type} are its input schema: omit them, or send exactly ${JSON.stringify(supplied)}`,
          ],
        },
      ]);
    }
    return supplied;
  }

  private suppliesParameters(toolName: string, implementation: ToolImplementation | null) {
    return !!this.registrationFor(toolName, implementation)?.suppliedParameters;
  }

  /** A tool waits for approval unless its registrant says not, if its kind says so. */
  private approvalDefaultOf(toolName: string, implementation?: ToolImplementation): boolean {
    return this.registrationFor(toolName, implementation)?.requiresApprovalByDefault ?? false;
  }

  /** How the tool's kind is registered; undefined without one, or for a kind only code makes. */
  private registrationFor(toolName: string, implementation?: ToolImplementation | null) {
    return implementation
      ? this.kinds.kindOf(toolName, implementation.type).registration
      : undefined;
  }

  private view(row: ToolRow): ToolDto {
    const implementation =
      row.implementation &&
      (this.kinds.view(row.name, row.implementation) as ToolImplementationViewDto);
    return toToolDto(
      row,
      implementation,
      (sourceId) => this.sourceNames.nameOf(sourceId),
      this.unavailableReasonOf(row),
    );
  }

  /** What keeps the tool from being served: its build, or its source (stored with the tool). */
  private unavailableReasonOf(row: ToolRow): string | undefined {
    return this.factory.unavailableReason(row.id) ?? row.unavailable_reason ?? undefined;
  }

  /** The stored tool, or 404 (also for ids that are not UUIDs). */
  async find(id: string): Promise<ToolRow> {
    const row = await this.tools.find(id);
    if (!row) throw new ResourceNotFoundError('Tool', id);
    return row;
  }
}

/** A tool of a kind that does not define its input, given no input schema. */
function parametersRequired(): ValidationFailedError {
  return new ValidationFailedError([
    { field: 'parameters', messages: ['parameters must be an object'] },
  ]);
}

/** What an operator may change on a builtin tool: whether it is served, to whom, and approval. */
const OPERATOR_FIELDS = new Set(['is_active', 'requires_approval', 'public']);

/** What an admin may set on an imported tool, kept across its source's syncs. */
const OVERRIDABLE = new Set([...OPERATOR_FIELDS, 'description']);

function assertOnlyActivation(current: ToolRow, dto: UpdateToolDto): void {
  const changes = Object.entries(dto).filter(
    ([field, value]) => !OPERATOR_FIELDS.has(field) && value !== undefined,
  );
  if (changes.length > 0) throw BuiltinToolReadOnlyError.onEdit(current.name);
}
