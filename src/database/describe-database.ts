import { join } from 'node:path';
import { type DatabaseConfig } from './database.config';

/** The embedded database's files inside the data directory. */
export function pgliteDirectory(dataDir: string): string {
  return join(dataDir, 'pgdata');
}

/**
 * The database in use, in words for the start-up line: which server and database (never the
 * password), or where the embedded one keeps its files.
 */
export function describeDatabase(config: DatabaseConfig, dataDir: string): string {
  if (!config.DATABASE_URL) return `PGlite at ${pgliteDirectory(dataDir)}`;
  try {
    const url = new URL(config.DATABASE_URL);
    const user = url.username ? ` as ${decodeURIComponent(url.username)}` : '';
    return `PostgreSQL ${url.host}${url.pathname}${user}`;
  } catch {
    return 'PostgreSQL (DATABASE_URL does not parse as a URL)';
  }
}
