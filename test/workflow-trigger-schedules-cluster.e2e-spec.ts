/**
 * Schedule triggers on two instances sharing PostgreSQL: each fire time starts exactly one run,
 * whichever instance's worker takes its job. Runs only with `DATABASE_URL`.
 */
import { bearerFor } from './support/api-key';
import { eventually } from './support/eventually';
import { SELECTED_ADAPTER, type TestApp, startTestApp } from './support/test-app';
import { type TestDatabase, createTestDatabase } from './support/test-database';
import { type ToolServer, startHttpToolServer } from './support/tool-servers';

/** Starting a database and two apps: only bounds a failure on a busy machine. */
const START_TIMEOUT_MS = 90_000;

const describeOnPostgres = process.env.DATABASE_URL ? describe : describe.skip;

interface FireView {
  fired_at: string;
  outcome: string;
  workflow_run_id: string | null;
}

describeOnPostgres('schedule triggers on two instances', () => {
  let database: TestDatabase;
  let a: TestApp;
  let b: TestApp;
  let echo: ToolServer;
  let auth: string;

  beforeAll(async () => {
    database = await createTestDatabase();
    const env = { ...database.env, JOB_POLL_INTERVAL_MS: '500' };
    a = await startTestApp(SELECTED_ADAPTER, { env });
    b = await startTestApp(SELECTED_ADAPTER, { env });
    auth = await bearerFor(a.app, 'admin');
    echo = await startHttpToolServer();
  }, START_TIMEOUT_MS);

  afterAll(async () => {
    await b?.close();
    await a?.close();
    await echo?.close();
    await database?.drop();
  });

  test('every fire time starts one run, the tool called once per run', async () => {
    const tool = await a.http
      .post('/api/v1/tools')
      .set('Authorization', auth)
      .send({
        name: 'scheduled_echo',
        parameters: { type: 'object' },
        implementation: { type: 'http', url: echo.url },
      });
    const workflow = await a.http
      .post('/api/v1/workflows')
      .set('Authorization', auth)
      .send({ name: 'every_second', steps: [{ type: 'tool', id: tool.body.id as string }] });
    const created = await b.http
      .post(`/api/v1/workflows/${workflow.body.id as string}/triggers`)
      .set('Authorization', auth)
      .send({ type: 'schedule', cron: '* * * * * *', overlap: 'allow', input: { n: 1 } });
    expect(created.status).toBe(201);
    const id = created.body.id as string;

    const fires = await eventually('six fires', async () => {
      const page = await a.http
        .get(`/api/v1/triggers/${id}/fires?limit=100`)
        .set('Authorization', auth);
      const items = page.body.items as FireView[];
      return items.length >= 6 ? items : undefined;
    });
    await a.http
      .patch(`/api/v1/triggers/${id}`)
      .set('Authorization', auth)
      .send({ enabled: false });

    const times = fires.map((fire) => fire.fired_at);
    expect(new Set(times).size).toBe(times.length);

    // Once every run of the workflow has ended (a fire taken just before the trigger was
    // disabled included): as many runs as fires, each fire its own run, one tool call each.
    const workflowRuns = `/api/v1/workflows/${workflow.body.id as string}/runs?limit=100`;
    const runs = await eventually('every run completed', async () => {
      const page = await b.http.get(workflowRuns).set('Authorization', auth);
      const items = page.body.items as { id: string; status: string }[];
      return items.every((run) => run.status === 'completed') ? items : undefined;
    });
    const fired = await a.http
      .get(`/api/v1/triggers/${id}/fires?limit=100`)
      .set('Authorization', auth);
    const firedRuns = (fired.body.items as FireView[]).map((fire) => fire.workflow_run_id);
    expect(new Set(firedRuns).size).toBe(firedRuns.length);
    expect(new Set(firedRuns)).toEqual(new Set(runs.map((run) => run.id)));
    expect(echo.requests).toHaveLength(runs.length);
  });
});
