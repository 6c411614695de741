import { eq, getTableName, sql } from 'drizzle-orm';
import { type PgTable } from 'drizzle-orm/pg-core';
import { type Database } from '../../database/database';
import { preparedQuery } from '../../database/prepared-queries';
import { isUuid } from '../../database/uuid';
import { type ListedTable } from './select-page';

/** The row with this id, if there is one (never for ids that are not UUIDs). */
export async function findById<TTable extends ListedTable>(
  db: Database,
  table: TTable,
  id: string,
): Promise<TTable['$inferSelect'] | undefined> {
  if (!isUuid(id)) return undefined;
  // Drizzle cannot type a select over a generic table: widen it; the caller gets the row type.
  const from: PgTable = table;
  const [row] = await preparedQuery(db, `${getTableName(table)}_by_id`, () =>
    db
      .select()
      .from(from)
      .where(eq(table.id, sql.placeholder('id'))),
  ).execute({ id });
  return row;
}
