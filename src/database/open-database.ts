import { join } from 'node:path';
import { drizzle as drizzlePostgres } from 'drizzle-orm/node-postgres';
import { migrate as migratePostgres } from 'drizzle-orm/node-postgres/migrator';
import { Pool } from 'pg';
import { type Logger } from 'pino';
import { connectPostgres } from './connect-postgres';
import { type Database, type DatabaseConnection } from './database';
import { type DataDirectoryConfig } from '../core/config';
import { type DatabaseConfig } from './database.config';
import { stopEmbeddedDatabase } from './pglite/embedded-database';
import { embeddedDatabaseFor } from './pglite/head-start';
import { PgliteWireStream } from './pglite/pglite-wire-stream';
import { prepareRepeatedStatements } from './prepared-statements';
import * as schema from './schema';

// The committed SQL migrations (`npm run db:generate`), at the package root: the same path from
// src/ (tests) and dist/ (the built server).
const MIGRATIONS_FOLDER = join(__dirname, '..', '..', 'migrations');
/** Serialises migrations of instances starting together against one server. */
const MIGRATION_LOCK_ID = 7_406_310_115;

/** Opens the configured database and applies the committed migrations it lacks. */
export async function openDatabase(
  config: DatabaseConfig,
  data: DataDirectoryConfig,
  logger: Logger,
): Promise<DatabaseConnection> {
  return config.DATABASE_URL ? openPostgres(config, logger) : openPglite(data.DATA_DIR);
}

async function openPglite(dataDir: string): Promise<DatabaseConnection> {
  // PGlite runs on a thread of its own, so the event loop serving requests never waits on a
  // query's CPU; the app reaches it through node-postgres, as it would a PostgreSQL server.
  const embedded = await embeddedDatabaseFor(dataDir);
  // PGlite serves one session: one connection, never closed, that queries queue for.
  const pool = new Pool({
    user: 'postgres',
    database: 'postgres',
    max: 1,
    idleTimeoutMillis: 0,
    stream: () => new PgliteWireStream(embedded.thread),
  });
  pool.on('connect', prepareRepeatedStatements);
  const db = drizzlePostgres({ client: pool, schema });
  try {
    await migratePostgres(db, { migrationsFolder: MIGRATIONS_FOLDER });
  } catch (error) {
    await pool.end();
    await stopEmbeddedDatabase(embedded);
    throw error;
  }
  return {
    db: db as unknown as Database,
    backend: 'pglite',
    close: async () => {
      await pool.end();
      await stopEmbeddedDatabase(embedded);
    },
  };
}

async function openPostgres(config: DatabaseConfig, logger: Logger): Promise<DatabaseConnection> {
  await migrateWithLock(config, logger);
  const pool = new Pool({ connectionString: config.DATABASE_URL, max: config.DATABASE_POOL_SIZE });
  // An idle connection dropped by the server must not crash the process; the pool replaces it.
  // The pool hangs the dropped client on the error: logged whole, it would print its config.
  pool.on('connect', prepareRepeatedStatements);
  pool.on('error', ({ message, code }: Error & { code?: string }) =>
    logger.warn({ err: { message, code } }, 'PostgreSQL connection lost'),
  );
  return {
    db: drizzlePostgres({ client: pool, schema }) as unknown as Database,
    backend: 'postgres',
    close: () => pool.end(),
  };
}

/** Also where a start waits for a server that is not up yet: the first connection is here. */
async function migrateWithLock(config: DatabaseConfig, logger: Logger): Promise<void> {
  const client = await connectPostgres(
    config.DATABASE_URL,
    config.DATABASE_CONNECT_TIMEOUT_SECONDS,
    logger,
  );
  try {
    await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_ID]);
    await migratePostgres(drizzlePostgres({ client }), { migrationsFolder: MIGRATIONS_FOLDER });
  } finally {
    // Ending the session releases the advisory lock too.
    await client.end();
  }
}
