import { type SQL, asc, count, or, sql } from 'drizzle-orm';
import { type PgColumn, type PgTable } from 'drizzle-orm/pg-core';
import { type Database } from '../../database/database';
import { containsIgnoringCase } from './list-query';
import { type PageQueryDto } from './page.dto';

/** A registry table listed by creation: it has an id, a name, a description and timestamps. */
export type ListedTable = PgTable & {
  id: PgColumn;
  name: PgColumn;
  description: PgColumn;
  created_at: PgColumn;
};

/** Rows whose name or description contains `search`, ignoring case; all rows without one. */
export function nameOrDescriptionContains(
  table: ListedTable,
  search: string | undefined,
): SQL | undefined {
  if (!search) return undefined;
  return or(
    containsIgnoringCase(table.name, search),
    containsIgnoringCase(table.description, search),
  );
}

/**
 * One page of a table's rows in creation order (`created_at`, then `id` so ties are stable),
 * and the total across all pages, in one round trip: the page walks the creation-order index
 * and stops after `limit` rows, and each row carries the total, counted once by a subquery (a
 * `count(*) over ()` would read and sort every row with all its columns first). Only a page
 * past the end, which has no row to carry it, asks for the total on its own.
 */
export async function selectPage<TTable extends ListedTable>(
  db: Database,
  table: TTable,
  where: SQL | undefined,
  page: PageQueryDto,
): Promise<{ rows: TTable['$inferSelect'][]; total: number }> {
  // Drizzle cannot type a select over a generic table: widen it, and type the rows back.
  const from: PgTable = table;
  const countAll = db.select({ total: count() }).from(from).where(where);
  const counted = await db
    .select({ row: from, total: sql<number>`(${countAll})`.mapWith(Number) })
    .from(from)
    .where(where)
    .orderBy(asc(table.created_at), asc(table.id))
    .limit(page.limit)
    .offset(page.offset);
  if (counted.length > 0) {
    return {
      rows: counted.map(({ row }) => row as TTable['$inferSelect']),
      total: counted[0].total,
    };
  }
  const total = page.offset === 0 ? 0 : (await countAll)[0].total;
  return { rows: [], total };
}
