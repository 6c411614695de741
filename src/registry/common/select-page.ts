import { asc, count, getTableName, sql } from 'drizzle-orm';
import { type PgColumn, type PgTable } from 'drizzle-orm/pg-core';
import { type Database } from '../../database/database';
import { preparedQuery } from '../../database/prepared-queries';
import { type ListFilter } from './list-filter';
import { type PageQueryDto } from '../../core/api/page.dto';

/** A registry table listed by creation: it has an id, a name, a description and timestamps. */
export type ListedTable = PgTable & {
  id: PgColumn;
  name: PgColumn;
  description: PgColumn;
  created_at: PgColumn;
};

/**
 * One page of a table's rows in creation order (`created_at`, then `id` so ties are stable),
 * and the total across all pages, in one round trip: the page walks the creation-order index
 * and stops after `limit` rows, and each row carries the total, counted once by a subquery (a
 * `count(*) over ()` would read and sort every row with all its columns first). Only a page
 * past the end, which has no row to carry it, asks for the total on its own.
 * The statements are built once per table and filter shape and prepared on the server: a
 * list request neither builds SQL nor has it parsed and planned again.
 */
export async function selectPage<TTable extends ListedTable>(
  db: Database,
  table: TTable,
  filter: ListFilter,
  page: PageQueryDto,
): Promise<{ rows: TTable['$inferSelect'][]; total: number }> {
  const statements = statementsFor(db, table, filter);
  const values = { ...filter.values, limit: page.limit, offset: page.offset };
  const counted = await statements.page.execute(values);
  if (counted.length > 0) {
    return {
      rows: counted.map(({ row }) => row as TTable['$inferSelect']),
      total: counted[0].total,
    };
  }
  const total = page.offset === 0 ? 0 : (await statements.total.execute(filter.values))[0].total;
  return { rows: [], total };
}

/** The page statement and the count statement of a table and filter shape, each prepared once. */
function statementsFor(db: Database, table: ListedTable, filter: ListFilter) {
  const name = `list_${getTableName(table)}_${filter.shape}`;
  return {
    page: preparedQuery(db, name, () =>
      db
        .select({
          row: widened(table),
          total: sql<number>`(${countOf(db, table, filter)})`.mapWith(Number),
        })
        .from(widened(table))
        .where(filter.where)
        .orderBy(asc(table.created_at), asc(table.id))
        .limit(sql.placeholder('limit'))
        .offset(sql.placeholder('offset')),
    ),
    total: preparedQuery(db, `${name}_total`, () => countOf(db, table, filter)),
  };
}

function countOf(db: Database, table: ListedTable, filter: ListFilter) {
  return db.select({ total: count() }).from(widened(table)).where(filter.where);
}

/** Drizzle cannot type a select over a generic table. */
const widened = (table: ListedTable): PgTable => table;
