import { resolve } from 'node:path';
import { defaultDataDirectory } from '../../core/config/default-data-directory';
import {
  type EmbeddedDatabase,
  startEmbeddedDatabase,
  stopEmbeddedDatabase,
} from './embedded-database';

/**
 * The embedded database takes about as long to start (PostgreSQL in WebAssembly, on a thread of
 * its own) as the main thread takes to load the server's modules. The server's entry point
 * starts it first, so the two run side by side on two cores; opening the database then takes
 * the thread already under way. One per process: there is one entry point and one database.
 */
let headStart: { dataDir: string; database: Promise<EmbeddedDatabase> } | undefined;

/**
 * Starts the embedded database of the data directory that `env` names, unless `env` names a
 * PostgreSQL server (or a DATA_DIR that the configuration will refuse, which then says why).
 * Resolves what it started, for `embeddedDatabaseFor` to hand on.
 */
export function startEmbeddedDatabaseEarly(
  env: Record<string, string | undefined>,
): Promise<EmbeddedDatabase> | undefined {
  if (env.DATABASE_URL) return undefined;
  const dataDir = dataDirectoryOf(env.DATA_DIR);
  if (dataDir === undefined) return undefined;
  const database = startEmbeddedDatabase(dataDir);
  // A failure is reported when the database is opened, after the configuration is checked.
  database.catch(() => undefined);
  headStart = { dataDir, database };
  return database;
}

/** The embedded database of `dataDir`: the one started early if it is that one, else a new one. */
export async function embeddedDatabaseFor(dataDir: string): Promise<EmbeddedDatabase> {
  const early = headStart;
  headStart = undefined;
  if (early?.dataDir === dataDir) return early.database;
  await early?.database.then(stopEmbeddedDatabase, () => undefined);
  return startEmbeddedDatabase(dataDir);
}

/**
 * Stops the database started early if nothing opened it (the start failed before): it may be
 * creating a new database, which a process ending half-way through would leave unusable.
 */
export async function stopUnusedEarlyStart(): Promise<void> {
  const early = headStart;
  headStart = undefined;
  await early?.database.then(stopEmbeddedDatabase, () => undefined);
}

/** DATA_DIR as the configuration reads it: made absolute, its default when unset. */
function dataDirectoryOf(value: string | undefined): string | undefined {
  if (value === undefined) return defaultDataDirectory();
  return value.trim() === '' ? undefined : resolve(value);
}
