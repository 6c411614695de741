import { asc, count, getTableName, sql } from 'drizzle-orm';
import { type PgColumn, type PgTable } from 'drizzle-orm/pg-core';
import { type Database } from '../../database/database';
import { type ListFilter } from './list-filter';
import { type PageQueryDto } from '../../core/api/page.dto';

/** A registry table listed by creation: it has an id, a name, a description and timestamps. */
export type ListedTable = PgTable & {
  id: PgColumn;
  name: PgColumn;
  description: PgColumn;
  created_at: PgColumn;
};

interface PageStatements {
  page: { execute(values: Record<string, unknown>): Promise<{ row: unknown; total: number }[]> };
  total: { execute(values: Record<string, unknown>): Promise<{ total: number }[]> };
}

/** Each database's list statements, by table and filter shape. */
const statementsOf = new WeakMap<Database, Map<string, PageStatements>>();

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

function statementsFor(db: Database, table: ListedTable, filter: ListFilter): PageStatements {
  let byShape = statementsOf.get(db);
  if (!byShape) statementsOf.set(db, (byShape = new Map<string, PageStatements>()));
  const name = `list_${getTableName(table)}_${filter.shape}`;
  let statements = byShape.get(name);
  if (!statements) {
    statements = prepareStatements(db, table, filter, name);
    byShape.set(name, statements);
  }
  return statements;
}

function prepareStatements(
  db: Database,
  table: ListedTable,
  filter: ListFilter,
  name: string,
): PageStatements {
  // Drizzle cannot type a select over a generic table: widen it.
  const from: PgTable = table;
  const countAll = db.select({ total: count() }).from(from).where(filter.where);
  return {
    page: db
      .select({ row: from, total: sql<number>`(${countAll})`.mapWith(Number) })
      .from(from)
      .where(filter.where)
      .orderBy(asc(table.created_at), asc(table.id))
      .limit(sql.placeholder('limit'))
      .offset(sql.placeholder('offset'))
      .prepare(name),
    total: countAll.prepare(`${name}_total`),
  };
}
