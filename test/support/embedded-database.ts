import { cp, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { type Pool } from 'pg';
import pino from 'pino';
import { DataDirectoryConfig } from '../../src/core/config';
import { DatabaseConfig } from '../../src/database/database.config';
import { openDatabase } from '../../src/database/open-database';
import * as schema from '../../src/database/schema';

/**
 * An embedded database of its own, migrated. Opening a copy of the template global-setup.js
 * made takes about a second; creating one (initdb) takes several, so that is only the fallback
 * when there is none (and that one is not migrated: the caller migrates).
 */
export async function openEmbeddedDatabase(): Promise<{ client: PGlite; close(): Promise<void> }> {
  const template = process.env.TOOLHUB_PGLITE_TEMPLATE;
  if (!template) {
    const client = await PGlite.create();
    return { client, close: () => client.close() };
  }
  const directory = await mkdtemp(join(tmpdir(), 'toolhub-test-db-'));
  await cp(join(template, 'pgdata'), join(directory, 'pgdata'), { recursive: true });
  const client = await PGlite.create(join(directory, 'pgdata'));
  return {
    client,
    close: async () => {
      await client.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}

/** An embedded database of its own, migrated, through Drizzle with the app's schema. */
export async function openMigratedDatabase() {
  const { client, close } = await openEmbeddedDatabase();
  const db = drizzle({ client, schema });
  await migrate(db, { migrationsFolder: join(__dirname, '..', '..', 'migrations') });
  return { db, close };
}

/**
 * The node-postgres pool of the server's own connection (`openDatabase`) to an embedded database
 * in a new data directory; `close` closes it and removes the directory.
 */
export async function openServerConnection(): Promise<{ pool: Pool; close(): Promise<void> }> {
  const directory = await mkdtemp(join(tmpdir(), 'toolhub-server-db-'));
  const data = Object.assign(new DataDirectoryConfig(), { DATA_DIR: directory });
  const connection = await openDatabase(new DatabaseConfig(), data, pino({ level: 'silent' }));
  return {
    pool: (connection.db as unknown as { $client: Pool }).$client,
    close: async () => {
      await connection.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
