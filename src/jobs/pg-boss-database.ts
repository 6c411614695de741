import type PgBoss from 'pg-boss';
import { type Database } from '../database/database';
import { sqlClientOf } from '../database/sql-client';

/**
 * pg-boss's way into the app's database: its SQL runs on the app's own `pg` pool (over PGlite's
 * thread or a PostgreSQL server alike) rather than on a pool of its own, and a job sent inside a
 * unit of work runs on that unit's connection, in its transaction.
 */
export class PgBossDatabase implements PgBoss.Db {
  constructor(private readonly db: Database) {}

  executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[] }> {
    return sqlClientOf(this.db).query(text, values);
  }
}
