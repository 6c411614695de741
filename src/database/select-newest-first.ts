import { type SQL, count, desc } from 'drizzle-orm';
import { type PgColumn, type PgTable } from 'drizzle-orm/pg-core';
import { type Database } from './database';

/** A table of rows that users own and list newest first (sessions, approvals, files). */
export type NewestFirstTable = PgTable & { id: PgColumn; created_at: PgColumn };

/** One page of the rows matching `where`, newest first (ties by id), and their total. */
export async function selectNewestFirst<TTable extends NewestFirstTable>(
  db: Database,
  table: TTable,
  where: SQL | undefined,
  page: { limit: number; offset: number },
): Promise<{ rows: TTable['$inferSelect'][]; total: number }> {
  // Drizzle cannot type a select over a generic table: widen it, and type the rows back.
  const from: PgTable = table;
  const [rows, [{ total }]] = await Promise.all([
    db
      .select()
      .from(from)
      .where(where)
      .orderBy(desc(table.created_at), desc(table.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ total: count() }).from(from).where(where),
  ]);
  return { rows, total };
}
