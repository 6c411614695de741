import { Injectable } from '@nestjs/common';
import { type Page } from '../../core/api/page.dto';
import { Transactions } from '../../database/transactions';
import { type AuditContext } from '../../audit/audit-event';
import { AuditTrail } from '../../audit/audit-trail';
import { RegisteredToolsRepository } from '../tools/registered-tools.repository';
import { ToolCatalogSync } from '../tools/tool-catalog-sync.service';
import {
  type ListToolSourceChangesQueryDto,
  type ToolSourceChangeDto,
} from './dto/tool-source-change.dto';
import { importedToolFields, reasonOf } from './imported-tool-fields';
import { ToolSourceChangeDecidedError, ToolSourceChangeNotFoundError } from './tool-source.errors';
import { ToolSourceChangesRepository } from './tool-source-changes.repository';
import { toToolSourceChangeDto } from './tool-source-views';
import { ToolSourcesService } from './tool-sources.service';

/** A source's recorded changes, and admins' decisions on the pending ones. */
@Injectable()
export class ToolSourceChangesService {
  constructor(
    private readonly sources: ToolSourcesService,
    private readonly changes: ToolSourceChangesRepository,
    private readonly tools: RegisteredToolsRepository,
    private readonly transactions: Transactions,
    private readonly catalogSync: ToolCatalogSync,
    private readonly audit: AuditTrail,
  ) {}

  async list(
    sourceId: string,
    query: ListToolSourceChangesQueryDto,
  ): Promise<Page<ToolSourceChangeDto>> {
    const source = await this.sources.find(sourceId);
    const { rows, total } = await this.changes.page(source.id, query.status, query);
    return {
      items: rows.map(toToolSourceChangeDto),
      total,
      limit: query.limit,
      offset: query.offset,
    };
  }

  /**
   * Approving serves the upstream's new state (an added tool becomes active unless an admin
   * switched it off); rejecting keeps what was approved, and an added tool stays out.
   */
  async decide(
    sourceId: string,
    changeId: string,
    decision: 'approve' | 'reject',
    by: AuditContext,
  ): Promise<ToolSourceChangeDto> {
    const source = await this.sources.find(sourceId);
    const change = await this.changes.find(source.id, changeId);
    if (!change) throw new ToolSourceChangeNotFoundError(changeId);
    const decided = await this.transactions.run(async () => {
      const decided = await this.changes.decide(
        change.id,
        decision === 'approve' ? 'approved' : 'rejected',
        by.actor.user,
      );
      if (!decided) throw new ToolSourceChangeDecidedError(change.id, change.status);
      await this.audit.record({
        ...by,
        type: 'source.change_decided',
        target: source.name,
        details: {
          source_id: source.id,
          change_id: decided.id,
          change: decided.change,
          decision: decided.status,
          ...(decided.tool_id !== null && { tool_id: decided.tool_id }),
        },
      });
      const tool = decided.tool_id === null ? undefined : await this.tools.find(decided.tool_id);
      if (!tool) return decided;
      if (decision === 'approve' && decided.after) {
        await this.tools.update(tool.id, importedToolFields(source, decided.after, 'listed', tool));
      } else if (decision === 'reject' && decided.change === 'added') {
        await this.tools.update(tool.id, {
          source_state: 'rejected',
          unavailable_reason: reasonOf('rejected'),
        });
      }
      return decided;
    });
    if (decided.tool_id !== null) await this.catalogSync.toolChanged(decided.tool_id);
    return toToolSourceChangeDto(decided);
  }
}
