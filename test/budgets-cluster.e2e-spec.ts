/**
 * Budgets on two instances sharing one PostgreSQL server: calls made on both at once take from
 * one counter, so the total allowed is the limit, not the limit per instance. Instance A is a
 * Nest app in this process, B the built server in a process of its own.
 *
 * Runs only with `DATABASE_URL` (the embedded database serves one process by nature).
 */
import request from 'supertest';
import { bearerFor } from './support/api-key';
import { eventually } from './support/eventually';
import { type ServerProcess, startServerProcess } from './support/server-process';
import { SELECTED_ADAPTER, type TestApp, startTestApp } from './support/test-app';
import { type TestDatabase, createTestDatabase } from './support/test-database';

/** Starting a database, an app and a server process: only bounds a failure on a busy machine. */
const START_TIMEOUT_MS = 90_000;
const LIMIT = 25;
const CALLS_EACH = 30;

const describeOnPostgres = process.env.DATABASE_URL ? describe : describe.skip;

describeOnPostgres('budgets on several instances', () => {
  let database: TestDatabase;
  let a: TestApp;
  let b: ServerProcess;
  let admin: string;

  beforeAll(async () => {
    database = await createTestDatabase();
    a = await startTestApp(SELECTED_ADAPTER, { env: database.env });
    b = await startServerProcess(database.env);
    admin = await bearerFor(a.app, 'admin');
  }, START_TIMEOUT_MS);

  afterAll(async () => {
    await b?.stop();
    await a?.close();
    await database?.drop();
  });

  test('calls on both instances at once are allowed exactly up to the limit', async () => {
    const auth = await bearerFor(a.app, 'shared', 'shared-user');
    const created = await a.http
      .post('/api/v1/budgets')
      .set('Authorization', admin)
      .send({ scope: { user: 'shared-user' }, period: 'month', limits: { tool_calls: LIMIT } });
    expect(created.status).toBe(201);
    const onB = request(b.url);
    const callAs = (instance: TestApp['http'], key: string) =>
      instance
        .post('/api/tools/encodePlantUML')
        .set('Authorization', key)
        .send({ plantumlCode: '@startuml\nA -> B\n@enduml' });
    const call = (instance: TestApp['http']) => callAs(instance, auth);
    // B hears of budgets over the cluster bus: once it refuses a probe budget made after the
    // budget under test, it knows both.
    const probe = await bearerFor(a.app, 'probe', 'probe-user');
    await a.http
      .post('/api/v1/budgets')
      .set('Authorization', admin)
      .send({ scope: { user: 'probe-user' }, period: 'month', limits: { tool_calls: 0 } });
    await eventually('B to know the budgets', async () =>
      (await callAs(onB, probe)).status === 429 ? true : undefined,
    );
    const responses = await Promise.all(
      Array.from({ length: CALLS_EACH }, () => [call(a.http), call(onB)]).flat(),
    );
    const statuses = responses.map((response) => response.status);
    expect(statuses.filter((status) => status === 200)).toHaveLength(LIMIT);
    expect(statuses.filter((status) => status === 429)).toHaveLength(2 * CALLS_EACH - LIMIT);

    const id = (created.body as { id: string }).id;
    const viewed = await onB.get(`/api/v1/budgets/${id}`).set('Authorization', admin);
    expect(viewed.body).toMatchObject({ used: { tool_calls: LIMIT } });
  });
});
