import { inArray } from 'drizzle-orm';
import { type PgColumn } from 'drizzle-orm/pg-core';
import { type Database } from '../../database/database';
import { isUuid } from '../../database/uuid';

/**
 * The ids, of those given, that name no row of `idColumn`'s table, in the given order and each
 * once. Ids that are not UUIDs name nothing (and must not reach PostgreSQL, which would refuse
 * the whole query). Works on a transaction too, so a check and its write can share one.
 */
export async function missingIds(
  db: Database,
  idColumn: PgColumn,
  ids: readonly string[],
): Promise<string[]> {
  // PostgreSQL returns UUIDs in lower case; callers may send them in any case.
  const candidates = [...new Set(ids.filter(isUuid).map((id) => id.toLowerCase()))];
  const rows =
    candidates.length === 0
      ? []
      : await db.select({ id: idColumn }).from(idColumn.table).where(inArray(idColumn, candidates));
  const found = new Set(rows.map((row) => row.id as string));
  return [...new Set(ids.filter((id) => !found.has(id.toLowerCase())))];
}
