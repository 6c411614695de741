import { randomBytes, randomUUID } from 'node:crypto';
import { cpSync, mkdtempSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';

export interface TestDatabase {
  /** The variables that point an app at this database. */
  env: Record<string, string>;
  drop(): Promise<void>;
}

/**
 * A fresh database for one app, its migrations applied and nothing stored: by default an
 * embedded PGlite directory, with `DATABASE_URL` set (CI) a new database on that PostgreSQL
 * server, so the same suites run against both backends without sharing rows. Either one is a
 * copy of the template made in global-setup.js.
 */
export async function createTestDatabase(): Promise<TestDatabase> {
  const serverUrl = process.env.DATABASE_URL;
  return serverUrl ? createPostgresDatabase(serverUrl) : createPgliteDirectory();
}

function createPgliteDirectory(): TestDatabase {
  const dataDir = mkdtempSync(join(tmpdir(), 'toolhub-test-'));
  const template = process.env.TOOLHUB_PGLITE_TEMPLATE;
  if (template) cpSync(join(template, 'pgdata'), join(dataDir, 'pgdata'), { recursive: true });
  return {
    env: { DATA_DIR: dataDir },
    drop: () => rm(dataDir, { recursive: true, force: true }),
  };
}

const TEST_SECRET_KEY = randomBytes(32).toString('base64');

async function createPostgresDatabase(serverUrl: string): Promise<TestDatabase> {
  const name = `toolhub_test_${randomUUID().replaceAll('-', '')}`;
  const template = process.env.TOOLHUB_POSTGRES_TEMPLATE;
  await withClient(serverUrl, (client) =>
    client.query(`CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ''}`),
  );
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  // A data directory all the same: the first start writes its admin key file there.
  const dataDir = mkdtempSync(join(tmpdir(), 'toolhub-test-'));
  return {
    // Instances on one PostgreSQL share their secrets key (the server requires one there).
    env: { DATABASE_URL: url.toString(), DATA_DIR: dataDir, SECRET_KEY: TEST_SECRET_KEY },
    drop: async () => {
      await withClient(serverUrl, (client) =>
        client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
      );
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

async function withClient(url: string, work: (client: Client) => Promise<unknown>): Promise<void> {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    await work(client);
  } finally {
    await client.end();
  }
}
