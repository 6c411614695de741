import { type SQL, asc, count, getTableColumns, or } from 'drizzle-orm';
import { type PgColumn, type PgTable } from 'drizzle-orm/pg-core';
import { type Database } from '../../database/database';
import { containsIgnoringCase, totalRows } from './list-query';
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
 * with the total across all pages counted in the same query.
 */
export async function selectPage<TTable extends ListedTable>(
  db: Database,
  table: TTable,
  where: SQL | undefined,
  page: PageQueryDto,
): Promise<{ rows: TTable['$inferSelect'][]; total: number }> {
  // Drizzle cannot type a select over a generic table: widen it, and type the rows back.
  const from: PgTable = table;
  const rows = (await db
    .select({ ...getTableColumns(table), total: totalRows })
    .from(from)
    .where(where)
    .orderBy(asc(table.created_at), asc(table.id))
    .limit(page.limit)
    .offset(page.offset)) as (TTable['$inferSelect'] & { total: number })[];
  // Past the last page there is no row to carry the total: count separately.
  const total =
    rows[0]?.total ?? (await db.select({ total: count() }).from(from).where(where))[0].total;
  return { rows: rows.map(({ total: _total, ...row }) => row as TTable['$inferSelect']), total };
}
