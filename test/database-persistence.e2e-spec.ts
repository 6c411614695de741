/**
 * The embedded database keeps its data across restarts, and a second process on the same data
 * directory refuses to start instead of corrupting it (issue 4, persistence foundation).
 */
import { ADAPTERS, startTestApp } from './support/test-app';
import { bearerFor } from './support/api-key';
import { startServerProcess } from './support/server-process';
import { type TestDatabase, createTestDatabase } from './support/test-database';
import { spawnSync } from 'node:child_process';
import { MAIN } from './support/server-process';

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
    const first = await startTestApp(ADAPTERS[0], { env: database.env });
    const auth = await bearerFor(first.app);
    const created = await first.http.post('/api/v1/tools').set('Authorization', auth).send(TOOL);
    expect(created.status).toBe(201);
    await first.close();

    const second = await startTestApp(ADAPTERS[1], { env: database.env });
    try {
      const read = await second.http
        .get(`/api/v1/tools/${created.body.id}`)
        .set('Authorization', auth);
      expect(read.status).toBe(200);
      expect(read.body).toMatchObject({ ...TOOL, id: created.body.id, is_active: true });
      // Builtin tools are registered once, not again on each start.
      const all = await second.http.get('/api/v1/tools').set('Authorization', auth);
      expect(all.body.items.map((tool: { name: string }) => tool.name).sort()).toEqual([
        'encodePlantUML',
        'persisted_tool',
      ]);
    } finally {
      await second.close();
    }
  });

  // Only the embedded database has a data directory to share.
  const embeddedOnly = process.env.DATABASE_URL ? test.skip : test;

  embeddedOnly('a second process on the same data directory refuses to start', async () => {
    const server = await startServerProcess(database.env);
    try {
      const second = spawnSync(process.execPath, [MAIN], {
        env: { ...process.env, ...database.env, PORT: '0', LOG_LEVEL: 'silent' },
        encoding: 'utf8',
        timeout: 30_000,
      });
      expect(second.status).toBe(1);
      expect(second.stderr).toContain(
        `is in use by another toolhub process (pid ${server.child.pid}`,
      );
      // The first server is unharmed and still serves its data.
      expect((await fetch(`${server.url}/api/tools`)).status).toBe(200);
    } finally {
      await server.stop();
    }
  });

  embeddedOnly('a lock left by a process that died is taken over', async () => {
    const crashed = await startServerProcess(database.env);
    await crashed.stop(); // SIGKILL: no chance to release the lock
    const next = await startTestApp(ADAPTERS[0], { env: database.env });
    try {
      expect((await next.http.get('/api/tools')).status).toBe(200);
    } finally {
      await next.close();
    }
  });
});
