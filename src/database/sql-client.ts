import { type Database } from './database';

/** What runs a parameterised SQL text: a `pg` pool or one of its connections. */
export interface SqlClient {
  query(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
}

/**
 * The `pg` client under a Drizzle handle: the pool for the database, the connection that holds
 * the transaction for a transaction handle. Libraries that speak SQL text with `$1` parameters
 * (the job queue) reach the database, or the caller's transaction, through it. Both backends
 * are reached through node-postgres, so both handles keep their client in `session.client`.
 */
export function sqlClientOf(db: Database): SqlClient {
  return (db as unknown as { session: { client: SqlClient } }).session.client;
}
