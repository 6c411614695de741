// Creating a PGlite database (initdb) takes 2-3 s, and applying the migrations to it about
// 0.4 s more; copying a migrated one takes 0.1 s. Every test app gets a copy of this template
// (see test-database.ts), so each start finds its migrations applied, as a restart would. It
// begins as a copy of the build's new database (scripts/new-database-template.js) when there is
// one, as a server's first start does. With `DATABASE_URL`, the template is a migrated database
// on that server, which `CREATE DATABASE … TEMPLATE` copies (a fifth of the time migrating takes).
const { accessSync, constants, cpSync, existsSync, mkdtempSync, statfsSync } = require('node:fs');
const { tmpdir } = require('node:os');
const { join } = require('node:path');

const ROOT = join(__dirname, '..', '..');
const BUILT_NEW_DATABASE = join(ROOT, 'dist', 'database', 'pglite', 'new-database');

module.exports = async function createDatabaseTemplate() {
  useScratchInMemory();
  if (process.env.DATABASE_URL) return createPostgresTemplate(process.env.DATABASE_URL);
  const { PGlite } = require('@electric-sql/pglite');
  const { drizzle } = require('drizzle-orm/pglite');
  const { migrate } = require('drizzle-orm/pglite/migrator');
  const template = mkdtempSync(join(tmpdir(), 'toolhub-pglite-template-'));
  const directory = join(template, 'pgdata');
  if (existsSync(BUILT_NEW_DATABASE)) cpSync(BUILT_NEW_DATABASE, directory, { recursive: true });
  const client = await PGlite.create(directory);
  await migrate(drizzle({ client }), { migrationsFolder: join(ROOT, 'migrations') });
  await client.close();
  process.env.TOOLHUB_PGLITE_TEMPLATE = template;
};

async function createPostgresTemplate(serverUrl) {
  const { Client } = require('pg');
  const { drizzle } = require('drizzle-orm/node-postgres');
  const { migrate } = require('drizzle-orm/node-postgres/migrator');
  const name = `toolhub_test_template_${process.pid}_${Date.now()}`;
  const server = new Client({ connectionString: serverUrl });
  await server.connect();
  await server.query(`CREATE DATABASE ${name}`);
  await server.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  // A database being copied must have no connections: this one is closed before any test runs.
  const client = new Client({ connectionString: url.toString() });
  await client.connect();
  await migrate(drizzle(client), { migrationsFolder: join(ROOT, 'migrations') });
  await client.end();
  process.env.TOOLHUB_POSTGRES_TEMPLATE = name;
}

// Every app of a test copies the 39 MB template (971 files) and writes its database there: on
// this project's CI disk a copy takes about 0.4 s, in memory (tmpfs) 0.1 s, and the whole suite
// spends a third less time in the kernel. Workers and the processes they start inherit TMPDIR, so
// `tmpdir()` is this directory everywhere, and the teardown removes it with whatever a test left
// behind. Without a roomy /dev/shm (macOS; a container's 64 MB default) the system's own
// temporary directory is used.
const IN_MEMORY = '/dev/shm';
const ROOM_NEEDED_BYTES = 2 * 1024 ** 3;

function useScratchInMemory() {
  if (!hasRoomInMemory()) return;
  const scratch = mkdtempSync(join(IN_MEMORY, 'toolhub-tests-'));
  process.env.TOOLHUB_TEST_SCRATCH = scratch;
  process.env.TMPDIR = scratch;
}

function hasRoomInMemory() {
  try {
    accessSync(IN_MEMORY, constants.W_OK);
    const { bavail, bsize } = statfsSync(IN_MEMORY);
    return bavail * bsize >= ROOM_NEEDED_BYTES;
  } catch {
    return false;
  }
}
