/**
 * Tool sources on several instances sharing one PostgreSQL server: a sync asked of one instance
 * reads the upstream once, and every instance serves what it found at once (the catalog bus).
 * Instance A is a Nest app in this process, B the built server in a process of its own.
 *
 * Runs only with `DATABASE_URL` (the embedded database serves one process by nature).
 */
import request from 'supertest';
import { bearerFor } from './support/api-key';
import { eventually } from './support/eventually';
import { type ServerProcess, startServerProcess } from './support/server-process';
import { SELECTED_ADAPTER, type TestApp, startTestApp } from './support/test-app';
import { type TestDatabase, createTestDatabase } from './support/test-database';
import {
  type UpstreamMcpServer,
  echoTool,
  startUpstreamMcpServer,
} from './support/upstream-mcp-server';

/** Starting a database, an app and a server process: only bounds a failure on a busy machine. */
const START_TIMEOUT_MS = 90_000;

const describeOnPostgres = process.env.DATABASE_URL ? describe : describe.skip;

describeOnPostgres('tool sources on several instances', () => {
  let database: TestDatabase;
  let upstream: UpstreamMcpServer;
  let a: TestApp;
  let b: ServerProcess;
  let auth: string;

  beforeAll(async () => {
    database = await createTestDatabase();
    upstream = await startUpstreamMcpServer('modern', [echoTool('first')]);
    a = await startTestApp(SELECTED_ADAPTER, { env: database.env });
    b = await startServerProcess(database.env);
    auth = await bearerFor(a.app, 'admin');
  }, START_TIMEOUT_MS);

  afterAll(async () => {
    await b?.stop();
    await a?.close();
    await upstream?.close();
    await database?.drop();
  });

  test('a sync asked of B reads the upstream once, and A serves its result at once', async () => {
    const onB = request(b.url);
    const created = await onB
      .post('/api/v1/tool-sources')
      .set('Authorization', auth)
      .send({ name: 'shared', type: 'mcp', url: upstream.url, on_change: 'apply' });
    expect(created.status).toBe(201);
    const served = (instance: TestApp['http'], name: string) =>
      instance.post(`/api/tools/${name}`).set('Authorization', auth).send({ text: 'hi' });
    await eventually('A to serve the first import', async () =>
      (await served(a.http, 'shared__first')).status === 200 ? true : undefined,
    );

    upstream.tools.set('second', echoTool('second'));
    const listsBefore = upstream.counts.list;
    expect(
      (
        await onB
          .post(`/api/v1/tool-sources/${String(created.body.id)}/sync`)
          .set('Authorization', auth)
      ).status,
    ).toBe(202);
    await eventually('A to serve the tool B synced', async () =>
      (await served(a.http, 'shared__second')).status === 200 ? true : undefined,
    );
    expect((await served(onB, 'shared__second')).status).toBe(200);
    expect(upstream.counts.list - listsBefore).toBe(1);
  });
});
