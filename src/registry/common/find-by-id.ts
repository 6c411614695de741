import { eq } from 'drizzle-orm';
import { type PgTable } from 'drizzle-orm/pg-core';
import { type Database } from '../../database/database';
import { isUuid } from '../../database/uuid';
import { type ResourceKind, ResourceNotFoundError } from './registry.errors';
import { type ListedTable } from './select-page';

/** The row with this id, or 404 (also for ids that are not UUIDs). */
export async function findById<TTable extends ListedTable>(
  db: Database,
  table: TTable,
  kind: ResourceKind,
  id: string,
): Promise<TTable['$inferSelect']> {
  // Drizzle cannot type a select over a generic table: widen it; the caller gets the row type.
  const from: PgTable = table;
  const [row] = isUuid(id) ? await db.select().from(from).where(eq(table.id, id)) : [];
  if (!row) throw new ResourceNotFoundError(kind, id);
  return row;
}
