import { sha256OfJson } from '../audit/audit-entry';
import { type AuditFilter } from '../audit/audit-log.repository';
import { InvalidCursorError } from './audit-api.errors';

/**
 * A page's `next_cursor`: the last `seq` it showed and a digest of the filters it was listed
 * with. A later page starts after that `seq`: entries become visible in `seq` order, so one
 * written meanwhile lands after it, never in a page already seen.
 */
export function cursorAfter(seq: number, filter: AuditFilter): string {
  return Buffer.from(JSON.stringify({ s: seq, f: digestOf(filter) })).toString('base64url');
}

/** The `seq` a cursor continues after, refused when it came with other filters. */
export function seqAfter(cursor: string | undefined, filter: AuditFilter): number {
  if (cursor === undefined) return 0;
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw new InvalidCursorError('malformed');
  }
  const { s, f } = (parsed ?? {}) as { s?: unknown; f?: unknown };
  if (!Number.isSafeInteger(s) || (s as number) < 0 || typeof f !== 'string') {
    throw new InvalidCursorError('malformed');
  }
  if (f !== digestOf(filter)) throw new InvalidCursorError('other_filter');
  return s as number;
}

function digestOf(filter: AuditFilter): string {
  return sha256OfJson({
    ...filter,
    from: filter.from?.toISOString(),
    to: filter.to?.toISOString(),
  }).slice(0, 16);
}
