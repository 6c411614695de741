/**
 * The audit log on two instances sharing one PostgreSQL server: tool calls made on both at once
 * form one chain, gap-free, which both verify. Instance A is a Nest app in this process, B the
 * built server in a process of its own.
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
const CALLS_EACH = 150;

const describeOnPostgres = process.env.DATABASE_URL ? describe : describe.skip;

describeOnPostgres('the audit log on several instances', () => {
  let database: TestDatabase;
  let a: TestApp;
  let b: ServerProcess;
  let auth: string;

  beforeAll(async () => {
    database = await createTestDatabase();
    a = await startTestApp(SELECTED_ADAPTER, { env: database.env });
    b = await startServerProcess(database.env);
    auth = await bearerFor(a.app, 'admin');
  }, START_TIMEOUT_MS);

  afterAll(async () => {
    await b?.stop();
    await a?.close();
    await database?.drop();
  });

  test('calls on both instances at once leave one gap-free chain that both verify', async () => {
    const onB = request(b.url);
    const call = (instance: TestApp['http'], i: number) =>
      instance
        .post('/api/tools/encodePlantUML')
        .set('Authorization', auth)
        .send({ plantumlCode: `@startuml\nA -> B : ${i}\n@enduml` });
    const responses = await Promise.all(
      Array.from({ length: CALLS_EACH }, (_, i) => [call(a.http, i), call(onB, i)]).flat(),
    );
    expect(responses.every((response) => response.status === 200)).toBe(true);

    // B writes its entries in batches after answering: A reads them once B's last batch is in.
    const items = await eventually("B's entries to be written", async () => {
      const listed = await a.http.get('/api/v1/audit?limit=500').set('Authorization', auth);
      const page = (listed.body as { items: { seq: number; type: string }[] }).items;
      const calls = page.filter((entry) => entry.type === 'tool.called');
      return calls.length === 2 * CALLS_EACH ? page : undefined;
    });
    expect(items.map((entry) => entry.seq)).toEqual(items.map((_, i) => i + 1));
    for (const instance of [a.http, onB]) {
      const verified = await instance.get('/api/v1/audit/verify').set('Authorization', auth);
      expect(verified.body).toEqual({ ok: true, checked: items.length });
    }
  });
});
