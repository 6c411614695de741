/**
 * The embedded database keeps its data across restarts, and a second process on the same data
 * directory refuses to start instead of corrupting it.
 */
import { utimesSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { SELECTED_ADAPTER, type TestApp, startTestApp } from './support/test-app';
import { bearerFor } from './support/api-key';
import { CLI, STACK_LINE, runBuilt } from './support/run-built';
import { MAIN, startServerProcess } from './support/server-process';
import { type TestDatabase, createTestDatabase } from './support/test-database';

// Some cases start the built server and CLI: a busy machine may take long (the waits are for
// answers and exits, never for a time).
jest.setTimeout(180_000);

const TOOL = {
  name: 'persisted_tool',
  description: 'survives restarts',
  parameters: { type: 'object', properties: { q: { type: 'string' } } },
};

describe('persistence', () => {
  let database: TestDatabase;

  beforeEach(async () => {
    database = await createTestDatabase();
  });

  afterEach(async () => {
    await database.drop();
  });

  test('a tool created before a restart is read back after it, with the same key', async () => {
    const first = await startTestApp(SELECTED_ADAPTER, { env: database.env });
    const auth = await bearerFor(first.app);
    const names = async (app: TestApp) =>
      (
        (await app.http.get('/api/v1/tools').set('Authorization', auth)).body.items as {
          name: string;
        }[]
      )
        .map((tool) => tool.name)
        .sort();
    const builtins = await names(first);
    const created = await first.http.post('/api/v1/tools').set('Authorization', auth).send(TOOL);
    expect(created.status).toBe(201);
    await first.close();

    const second = await startTestApp(SELECTED_ADAPTER, { env: database.env });
    try {
      const read = await second.http
        .get(`/api/v1/tools/${created.body.id}`)
        .set('Authorization', auth);
      expect(read.status).toBe(200);
      expect(read.body).toMatchObject({ ...TOOL, id: created.body.id, is_active: true });
      // Builtin tools are registered once, not again on each start.
      expect(builtins).toContain('encodePlantUML');
      expect(await names(second)).toEqual([...builtins, 'persisted_tool'].sort());
    } finally {
      await second.close();
    }
  });

  // Only the embedded database has a data directory to share.
  const embeddedOnly = process.env.DATABASE_URL ? test.skip : test;

  embeddedOnly(
    'a second server or the key CLI on the same data directory refuses, in one line',
    async () => {
      const server = await startServerProcess(database.env);
      try {
        const env = { ...database.env, PORT: '0', LOG_LEVEL: 'silent' };
        const [second, keys] = await Promise.all([
          runBuilt(MAIN, [], { env }),
          runBuilt(CLI, ['keys', 'list'], { env }),
        ]);
        const pid = server.child.pid ?? 0;
        expect(second.code).toBe(1);
        expect(second.stderr).toBe(
          `The data directory ${database.env.DATA_DIR} (DATA_DIR) is in use by another toolhub ` +
            `process (pid ${pid} on ${hostname()}): the embedded database serves one process at ` +
            'a time. Stop that process first, or set DATABASE_URL so that several share a ' +
            'PostgreSQL server.\n',
        );
        // The CLI says once, without a stack, to use the server's key API or stop it; another
        // DATA_DIR would only open another, empty database.
        expect(keys.code).toBe(1);
        expect(keys.stderr.trimEnd().split('\n')).toEqual([
          expect.stringContaining(`A running toolhub server (pid ${pid} on ${hostname()})`),
        ]);
        expect(keys.stderr).toContain('POST /api/v1/keys');
        expect(keys.stderr).toContain('stop it');
        expect(keys.stderr).not.toContain('DATA_DIR');
        expect(keys.stderr).not.toMatch(STACK_LINE);
        // The first server is unharmed and still serves its data.
        expect((await fetch(`${server.url}/api/tools`)).status).toBe(200);
      } finally {
        await server.stop();
      }
    },
  );

  embeddedOnly('a lock left by a killed container (another hostname) is taken over', async () => {
    // Its heartbeat stopped long ago: no process anywhere holds it.
    const lockFile = join(database.env.DATA_DIR, 'toolhub.lock');
    writeFileSync(lockFile, JSON.stringify({ pid: 1, host: '3f2a1b0c9d8e' }));
    const longAgo = new Date(Date.now() - 10 * 60_000);
    utimesSync(lockFile, longAgo, longAgo);
    const next = await startTestApp(SELECTED_ADAPTER, { env: database.env });
    try {
      expect((await next.http.get('/api/tools')).status).toBe(200);
    } finally {
      await next.close();
    }
  });

  embeddedOnly('a lock left by a process that died is taken over', async () => {
    const crashed = await startServerProcess(database.env);
    await crashed.stop(); // SIGKILL: no chance to release the lock
    const next = await startTestApp(SELECTED_ADAPTER, { env: database.env });
    try {
      expect((await next.http.get('/api/tools')).status).toBe(200);
    } finally {
      await next.close();
    }
  });
});
