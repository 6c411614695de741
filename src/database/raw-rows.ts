import { type SQL } from 'drizzle-orm';
import { type Database } from './database';

/**
 * The rows of a raw SQL statement. Both backends answer `execute` with an object holding
 * `rows` (pg's `QueryResult`, PGlite's `Results`); the shared `Database` type cannot say so.
 */
export async function rawRows<Row>(db: Database, query: SQL): Promise<Row[]> {
  const result: unknown = await db.execute(query);
  return (result as { rows: Row[] }).rows;
}
