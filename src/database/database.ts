import { type PgDatabase, type PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type * as schema from './schema';

/** The Drizzle database, the same type over PGlite and over a PostgreSQL server. */
export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

/** Injection token of the `Database`. */
export const DATABASE = Symbol('DATABASE');

/** An open database, migrated; `close` releases its connections (and the PGlite lock). */
export interface DatabaseConnection {
  db: Database;
  /** Which backend serves it, for logs and /health. */
  backend: 'pglite' | 'postgres';
  close(): Promise<void>;
}
