/**
 * A restart keeps tool sources, their imported tools, what admins set on those tools and the
 * changes still waiting for a decision; the restarted server serves and decides them.
 */
import { createHash, randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { DATABASE, type Database } from '../src/database/database';
import { rawRows } from '../src/database/raw-rows';
import {
  PETS_API_KEY,
  PETS_DOCUMENT_JSON,
  PetsApi,
} from '../src/registry/sources/types/openapi/testing/pets-api';
import { bearerFor } from './support/api-key';
import { KEY_A, SECRET } from './support/secrets';
import { eventually } from './support/eventually';
import { SELECTED_ADAPTER, startTestApp } from './support/test-app';
import { type TestDatabase, createTestDatabase } from './support/test-database';
import {
  type UpstreamMcpServer,
  echoTool,
  startUpstreamMcpServer,
} from './support/upstream-mcp-server';

/** A small MCP server over stdio that reports the environment it was started with. */
const STDIO_SERVER = join(__dirname, 'support', 'stdio-mcp-server.js');

/** Another key, written in hex. */
const KEY_B = randomBytes(32).toString('hex');

describe('tool sources across a restart', () => {
  let database: TestDatabase;
  let upstream: UpstreamMcpServer;

  beforeAll(async () => {
    database = await createTestDatabase();
    upstream = await startUpstreamMcpServer('modern', [echoTool('kept')]);
  });

  afterAll(async () => {
    await upstream?.close();
    await database?.drop();
  });

  test('sources, tools, overrides and pending changes survive; the change is decided after', async () => {
    const first = await startTestApp(SELECTED_ADAPTER, { env: database.env });
    let sourceId: string;
    let toolId: string;
    let auth: string;
    try {
      auth = await bearerFor(first.app, 'admin');
      const created = await first.http
        .post('/api/v1/tool-sources')
        .set('Authorization', auth)
        .send({ name: 'kept', type: 'mcp', url: upstream.url, secret_headers: { 'X-Token': 't' } });
      expect(created.status).toBe(201);
      sourceId = String(created.body.id);
      const tools = await first.http
        .get(`/api/v1/tools?source_id=${sourceId}`)
        .set('Authorization', auth);
      toolId = String(tools.body.items[0].id);
      const overridden = await first.http
        .put(`/api/v1/tools/${toolId}`)
        .set('Authorization', auth)
        .send({ description: 'Ours' });
      expect(overridden.status).toBe(200);
      upstream.tools.set('added', echoTool('added'));
      await first.http.post(`/api/v1/tool-sources/${sourceId}/sync`).set('Authorization', auth);
      await eventually('the added tool to wait for review', async () => {
        const source = await first.http
          .get(`/api/v1/tool-sources/${sourceId}`)
          .set('Authorization', auth);
        return source.body.pending_changes === 1 ? true : undefined;
      });
    } finally {
      await first.close();
    }

    const second = await startTestApp(SELECTED_ADAPTER, { env: database.env });
    try {
      const source = await second.http
        .get(`/api/v1/tool-sources/${sourceId}`)
        .set('Authorization', auth);
      expect(source.body).toMatchObject({
        name: 'kept',
        status: 'ready',
        tool_count: 2,
        pending_changes: 1,
        secret_header_names: ['X-Token'],
      });
      const tool = await second.http.get(`/api/v1/tools/${toolId}`).set('Authorization', auth);
      expect(tool.body).toMatchObject({ name: 'kept__kept', description: 'Ours', is_active: true });
      expect(
        (
          await second.http
            .post('/api/tools/kept__kept')
            .set('Authorization', auth)
            .send({ text: 'again' })
        ).status,
      ).toBe(200);
      const changes = await second.http
        .get(`/api/v1/tool-sources/${sourceId}/changes?status=pending`)
        .set('Authorization', auth);
      const [change] = changes.body.items as { id: string }[];
      const approved = await second.http
        .post(`/api/v1/tool-sources/${sourceId}/changes/${change.id}`)
        .set('Authorization', auth)
        .send({ decision: 'approve' });
      expect(approved.status).toBe(200);
      const added = await second.http
        .post('/api/tools/kept__added')
        .set('Authorization', auth)
        .send({ text: 'new' });
      expect(added.status).toBe(200);
    } finally {
      await second.close();
    }
  });

  test('a periodic schedule lost while the server was down resumes at the next start, once', async () => {
    const lost = await createTestDatabase();
    const periodicJobs = (db: Database) =>
      rawRows<{ due: string; start_after: Date }>(
        db,
        sql`SELECT data->>'due' AS due, start_after FROM pgboss.job
            WHERE name = 'tool-source-sync' AND state IN ('created', 'retry') AND data ? 'due'`,
      );
    try {
      const first = await startTestApp(SELECTED_ADAPTER, { env: lost.env });
      let sourceId: string;
      try {
        const auth = await bearerFor(first.app, 'admin');
        const created = await first.http
          .post('/api/v1/tool-sources')
          .set('Authorization', auth)
          .send({ name: 'lost', type: 'mcp', url: upstream.url, on_change: 'apply' });
        expect(created.status).toBe(201);
        sourceId = String(created.body.id);
        const db = first.app.get<Database>(DATABASE);
        expect(await periodicJobs(db)).toHaveLength(1);
        // As if the periodic job's time came and its retries ran out: none is queued any more.
        await db.execute(sql`DELETE FROM pgboss.job WHERE name = 'tool-source-sync'`);
        await db.execute(
          sql`UPDATE tool_sources SET next_sync_at = now() - interval '1 minute' WHERE id = ${sourceId}`,
        );
      } finally {
        await first.close();
      }
      upstream.tools.set('late', echoTool('late'));

      const second = await startTestApp(SELECTED_ADAPTER, { env: lost.env });
      try {
        const auth = await bearerFor(second.app, 'admin');
        await eventually('the restarted server to sync the source by itself', async () => {
          const tools = await second.http
            .get(`/api/v1/tools?source_id=${sourceId}`)
            .set('Authorization', auth);
          const names = (tools.body.items as { name: string }[]).map((tool) => tool.name);
          return names.includes('lost__late') ? names : undefined;
        });
        const db = second.app.get<Database>(DATABASE);
        const planned = await eventually('the next periodic sync to be planned', async () => {
          const jobs = await periodicJobs(db);
          return jobs.length > 0 && new Date(jobs[0].due) > new Date() ? jobs : undefined;
        });
        expect(planned).toHaveLength(1);
        const [{ next_sync_at }] = await rawRows<{ next_sync_at: Date }>(
          db,
          sql`SELECT next_sync_at FROM tool_sources WHERE id = ${sourceId}`,
        );
        expect(new Date(planned[0].due).getTime()).toBe(new Date(next_sync_at).getTime());
      } finally {
        await second.close();
      }
    } finally {
      upstream.tools.delete('late');
      await lost.drop();
    }
  });

  test('a key rotation re-seals sources’ secret headers, and calls send them with the new key alone', async () => {
    const rotated = await createTestDatabase();
    const pets = await new PetsApi().start();
    const boot = (keys: Record<string, string>) =>
      startTestApp(SELECTED_ADAPTER, {
        env: { ...rotated.env, TOOL_SOURCE_STDIO: 'true', ...keys },
      });
    try {
      const withOldKey = await boot({ SECRET_KEY: KEY_A });
      const auth = await bearerFor(withOldKey.app, 'admin');
      // One source of each type that holds secrets, each sealed with the old key.
      for (const source of [
        { name: 'vault', type: 'mcp', url: upstream.url, secret_headers: { 'X-Token': SECRET } },
        {
          name: 'pets',
          type: 'openapi',
          document: PETS_DOCUMENT_JSON,
          base_url: `${pets.url}/api`,
          secret_headers: { 'X-Api-Key': PETS_API_KEY },
        },
        {
          name: 'local',
          type: 'mcp_stdio',
          command: process.execPath,
          args: [STDIO_SERVER],
          secret_env: { STDIO_TOKEN: SECRET },
        },
      ]) {
        const created = await withOldKey.http
          .post('/api/v1/tool-sources')
          .set('Authorization', auth)
          .send(source);
        expect(created.status).toBe(201);
      }
      await withOldKey.close();
      await (await boot({ SECRET_KEY: KEY_B, SECRET_KEY_PREVIOUS: KEY_A })).close();

      const withNewKey = await boot({ SECRET_KEY: KEY_B });
      try {
        upstream.headersSeen.length = 0;
        const call = await withNewKey.http
          .post('/api/tools/vault__kept')
          .set('Authorization', auth)
          .send({ text: 'rotated' });
        expect(call.status).toBe(200);
        expect(upstream.headersSeen.map((headers) => headers['x-token'])).toContain(SECRET);
        // The pets API answers only a caller with its key: a 200 is the key, opened.
        const pet = await withNewKey.http
          .post('/api/tools/pets__getPet')
          .set('Authorization', auth)
          .send({ petId: 4 });
        expect(pet.status).toBe(200);
        expect(pet.body.result).toMatchObject({ id: 4 });
        // The process is started with the secret variable opened by the new key.
        const given = await withNewKey.http
          .post('/api/tools/local__environment')
          .set('Authorization', auth)
          .send({});
        expect(given.status).toBe(200);
        expect(JSON.stringify(given.body.result)).toContain(
          createHash('sha256').update(SECRET).digest('hex'),
        );
      } finally {
        await withNewKey.close();
      }
    } finally {
      await pets.stop();
      await rotated.drop();
    }
  });
});
