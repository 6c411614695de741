import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePostgres } from 'drizzle-orm/node-postgres';
import { migrate as migratePostgres } from 'drizzle-orm/node-postgres/migrator';
import { Client, Pool } from 'pg';
import { type Logger } from 'pino';
import { DataDirectoryLock } from './data-directory-lock';
import { type Database, type DatabaseConnection } from './database';
import { type DatabaseConfig } from './database.config';
import * as schema from './schema';

// The committed SQL migrations (`npm run db:generate`), at the package root: the same path from
// src/ (tests) and dist/ (the built server).
const MIGRATIONS_FOLDER = join(__dirname, '..', '..', 'migrations');
/** Serialises migrations of instances starting together against one server. */
const MIGRATION_LOCK_ID = 7_406_310_115;

/** Opens the configured database and applies the committed migrations it lacks. */
export async function openDatabase(
  config: DatabaseConfig,
  logger: Logger,
): Promise<DatabaseConnection> {
  return config.DATABASE_URL ? openPostgres(config, logger) : openPglite(config.DATA_DIR);
}

async function openPglite(dataDir: string): Promise<DatabaseConnection> {
  const lock = DataDirectoryLock.acquire(dataDir);
  try {
    const client = await PGlite.create(join(dataDir, 'pgdata'));
    const db = drizzlePglite({ client, schema });
    await migratePglite(db, { migrationsFolder: MIGRATIONS_FOLDER });
    return {
      db: db as unknown as Database,
      backend: 'pglite',
      close: async () => {
        await client.close();
        lock.release();
      },
    };
  } catch (error) {
    lock.release();
    throw error;
  }
}

async function openPostgres(config: DatabaseConfig, logger: Logger): Promise<DatabaseConnection> {
  await migrateWithLock(config.DATABASE_URL);
  const pool = new Pool({ connectionString: config.DATABASE_URL, max: config.DATABASE_POOL_SIZE });
  // An idle connection dropped by the server must not crash the process; the pool replaces it.
  pool.on('error', (error) => logger.warn({ err: error }, 'PostgreSQL connection lost'));
  return {
    db: drizzlePostgres({ client: pool, schema }) as unknown as Database,
    backend: 'postgres',
    close: () => pool.end(),
  };
}

async function migrateWithLock(url: string): Promise<void> {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_ID]);
    await migratePostgres(drizzlePostgres({ client }), { migrationsFolder: MIGRATIONS_FOLDER });
  } finally {
    // Ending the session releases the advisory lock too.
    await client.end();
  }
}
