import { Injectable } from '@nestjs/common';
import { type Principal } from '../api-keys/principal';
import { ValidationFailedError } from '../core/errors';
import { type AuditEntry, entryOf } from '../audit/audit-entry';
import { type AuditFilter, AuditLogRepository } from '../audit/audit-log.repository';
import { AuditTrail } from '../audit/audit-trail';
import { OthersAuditEntriesError } from './audit-api.errors';
import { cursorAfter, seqAfter } from './audit-cursor';
import { type AuditFilterQueryDto, type AuditPageQueryDto } from './dto/audit-query.dto';

/** Entries an export reads at a time. */
const EXPORT_CHUNK = 500;

/**
 * Reads the audit log for a caller: admins every entry, members their own user's. Entries this
 * instance queued before the request are written first, so a caller reads what it just did.
 */
@Injectable()
export class AuditReader {
  constructor(
    private readonly log: AuditLogRepository,
    private readonly trail: AuditTrail,
  ) {}

  async page(
    caller: Principal,
    query: AuditPageQueryDto,
  ): Promise<{ items: AuditEntry[]; next_cursor: string | null }> {
    const filter = filterFor(caller, query);
    await this.trail.written();
    const rows = await this.log.page(filter, seqAfter(query.cursor, filter), query.limit);
    const last = rows.at(-1);
    return {
      items: rows.map(entryOf),
      next_cursor: last && rows.length === query.limit ? cursorAfter(last.seq, filter) : null,
    };
  }

  /** Every entry the filters match, as they are listed, a chunk at a time. */
  async *export(caller: Principal, query: AuditFilterQueryDto): AsyncGenerator<AuditEntry> {
    const filter = filterFor(caller, query);
    await this.trail.written();
    let after = 0;
    for (;;) {
      const rows = await this.log.page(filter, after, EXPORT_CHUNK);
      for (const row of rows) yield entryOf(row);
      if (rows.length < EXPORT_CHUNK) return;
      after = rows[rows.length - 1].seq;
    }
  }

  /** Checks the filters; throws before anything is read or sent. */
  check(caller: Principal, query: AuditFilterQueryDto): void {
    filterFor(caller, query);
  }
}

function filterFor(caller: Principal, query: AuditFilterQueryDto): AuditFilter {
  if (caller.role !== 'admin' && query.user !== undefined && query.user !== caller.user) {
    throw new OthersAuditEntriesError();
  }
  const from = query.from === undefined ? undefined : new Date(query.from);
  const to = query.to === undefined ? undefined : new Date(query.to);
  if (from && to && from > to) {
    throw new ValidationFailedError([{ field: 'from', messages: ['from must not be after to'] }]);
  }
  return {
    ...(query.type !== undefined && { type: query.type }),
    ...((caller.role !== 'admin' || query.user !== undefined) && {
      user: caller.role === 'admin' ? query.user : caller.user,
    }),
    ...(query.tool !== undefined && { tool: query.tool }),
    ...(from && { from }),
    ...(to && { to }),
  };
}
