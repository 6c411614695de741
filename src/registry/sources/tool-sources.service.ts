import { Injectable } from '@nestjs/common';
import { type Page } from '../../core/api/page.dto';
import { type PageQueryDto } from '../../core/api/page.dto';
import { isForeignKeyViolation, isUniqueViolation } from '../../database/postgres-errors';
import { Transactions } from '../../database/transactions';
import { type AuditContext } from '../../audit/audit-event';
import { AuditTrail } from '../../audit/audit-trail';
import { registryChange } from '../common/registry-change';
import { RegisteredToolsRepository } from '../tools/registered-tools.repository';
import { ToolCatalogSync } from '../tools/tool-catalog-sync.service';
import { type ToolSourceDto } from './dto/tool-source.dto';
import { ImportedToolsRepository } from './imported-tools.repository';
import { governedFields } from './imported-tool-fields';
import {
  ToolSourceNameTakenError,
  ToolSourceInUseError,
  ToolSourceNotFoundError,
} from './tool-source.errors';
import { readCreateRequest, readUpdateRequest } from './tool-source-requests';
import { ToolSourceSchedule } from './tool-source-schedule.service';
import { ToolSourceSync } from './tool-source-sync.service';
import { ToolSourceTypes } from './tool-source-types.service';
import { approvalRuleOf, toToolSourceDto } from './tool-source-views';
import { ToolSourceWatches } from './tool-source-watches.service';
import { type ToolSourceRow, ToolSourcesRepository } from './tool-sources.repository';

/** The tool sources: create (with the first import), list, read, update and delete. */
@Injectable()
export class ToolSourcesService {
  constructor(
    private readonly sources: ToolSourcesRepository,
    private readonly imported: ImportedToolsRepository,
    private readonly tools: RegisteredToolsRepository,
    private readonly types: ToolSourceTypes,
    private readonly sync: ToolSourceSync,
    private readonly schedule: ToolSourceSchedule,
    private readonly watches: ToolSourceWatches,
    private readonly transactions: Transactions,
    private readonly catalogSync: ToolCatalogSync,
    private readonly audit: AuditTrail,
  ) {}

  /**
   * Stores the source and imports its tools before answering: they are served at once. An
   * upstream that cannot be read leaves the source `error`; its periodic syncs try again.
   */
  async create(body: Record<string, unknown>, by: AuditContext): Promise<ToolSourceDto> {
    const { common, typed } = await readCreateRequest(body, (type) => this.types.typeOf(type));
    const settings = await this.types.typeOf(typed.type).store(typed);
    const row = await this.named(common.name, () =>
      this.transactions.run(async () => {
        const row = await this.sources.insert({
          name: common.name,
          description: common.description ?? '',
          type: typed.type,
          settings,
          include: common.include ?? [],
          exclude: common.exclude ?? [],
          on_change: common.on_change ?? 'quarantine',
          public: common.public ?? false,
          requires_approval: approvalRuleOf(common.requires_approval ?? 'annotations'),
          sync_interval_seconds: common.sync_interval_seconds ?? 600,
        });
        await this.schedule.scheduleNext(row.id, row.sync_interval_seconds);
        await this.audit.record(registryChange('source.created', row, by));
        return row;
      }),
    );
    await this.sync.sync(row.id);
    this.watches.watch(row);
    return this.get(row.id);
  }

  async list(query: PageQueryDto): Promise<Page<ToolSourceDto>> {
    const { rows, total } = await this.sources.page(query);
    const counts = await this.sources.counts(rows.map((row) => row.id));
    return {
      items: rows.map((row) => this.view(row, counts)),
      total,
      limit: query.limit,
      offset: query.offset,
    };
  }

  async get(id: string): Promise<ToolSourceDto> {
    const row = await this.find(id);
    return this.view(row, await this.sources.counts([row.id]));
  }

  /**
   * Changes the common fields, or the type's as a whole. New approval or visibility rules apply
   * to its tools at once (where no admin set them on the tool); new settings or filters are
   * read by a sync queued at once.
   */
  async update(
    id: string,
    body: Record<string, unknown>,
    by: AuditContext,
  ): Promise<ToolSourceDto> {
    const current = await this.find(id);
    const sourceType = this.types.typeOf(current.type);
    const { common, typed } = await readUpdateRequest(body, sourceType);
    const settings = typed && (await sourceType.store(typed));
    const resync =
      settings !== undefined || common.include !== undefined || common.exclude !== undefined;
    const row = await this.transactions.run(async () => {
      const row = await this.sources.update(id, {
        description: common.description,
        settings,
        include: common.include,
        exclude: common.exclude,
        on_change: common.on_change,
        public: common.public,
        requires_approval:
          common.requires_approval === undefined
            ? undefined
            : approvalRuleOf(common.requires_approval),
        sync_interval_seconds: common.sync_interval_seconds,
      });
      if (!row) throw new ToolSourceNotFoundError(id);
      if (common.public !== undefined || common.requires_approval !== undefined) {
        for (const tool of await this.imported.ofSource(row.id)) {
          await this.tools.update(tool.id, governedFields(row, tool));
        }
      }
      if (resync) await this.schedule.syncSoon(row.id);
      if (common.sync_interval_seconds !== undefined) {
        await this.schedule.scheduleNext(row.id, row.sync_interval_seconds);
      }
      await this.audit.record(registryChange('source.updated', row, by));
      return row;
    });
    if (settings) {
      await sourceType.release?.(row.id);
      this.watches.watch(row);
    }
    await this.catalogSync.allChanged();
    return this.get(row.id);
  }

  /** Deletes the source and its tools, unless an agent or a workflow uses one of them. */
  async delete(id: string, by: AuditContext): Promise<{ deleted: true; id: string }> {
    const row = await this.find(id);
    await this.assertUnused(row);
    try {
      await this.transactions.run(async () => {
        await this.sources.delete(row.id);
        await this.audit.record(registryChange('source.deleted', row, by));
      });
    } catch (error) {
      // A reference added since the check: the tools' foreign keys refused the delete.
      if (!isForeignKeyViolation(error)) throw error;
      await this.assertUnused(row);
      throw error;
    }
    this.watches.unwatch(row.id);
    await this.types.typeOf(row.type).release?.(row.id);
    await this.catalogSync.allChanged();
    return { deleted: true, id: row.id };
  }

  /** Queues a sync now; the source's view shows its outcome (`last_synced_at`, `status`). */
  async requestSync(id: string): Promise<ToolSourceDto> {
    const row = await this.find(id);
    await this.schedule.syncSoon(row.id);
    return this.get(row.id);
  }

  async find(id: string): Promise<ToolSourceRow> {
    const row = await this.sources.find(id);
    if (!row) throw new ToolSourceNotFoundError(id);
    return row;
  }

  private async assertUnused(row: ToolSourceRow): Promise<void> {
    const usage = await this.sources.usage(row.id);
    if (usage.used_by_agents.length > 0 || usage.used_in_workflows.length > 0) {
      throw new ToolSourceInUseError(row.name, usage);
    }
  }

  private async named<T>(name: string, write: () => Promise<T>): Promise<T> {
    try {
      return await write();
    } catch (error) {
      if (isUniqueViolation(error)) throw new ToolSourceNameTakenError(name);
      throw error;
    }
  }

  private view(
    row: ToolSourceRow,
    counts: Map<string, { tool_count: number; pending_changes: number }>,
  ) {
    const typeView = this.types.typeOf(row.type).view(row.settings);
    return toToolSourceDto(
      row,
      counts.get(row.id) ?? { tool_count: 0, pending_changes: 0 },
      typeView,
    );
  }
}
