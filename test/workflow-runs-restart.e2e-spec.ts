/**
 * Workflow runs survive their server: a graceful stop leaves them to resume, and after a
 * kill -9 the next start (or, on PostgreSQL, whichever live instance sees the heartbeat go
 * stale) resumes them once, at the step that did not complete; finished steps never run again.
 */
import { bearerFor } from './support/api-key';
import { eventually } from './support/eventually';
import {
  type RuntimeUser,
  listeningUrl,
  runtimeUser,
  runtimeUserOver,
} from './support/runtime-client';
import { type ServerProcess, startServerProcess } from './support/server-process';
import { openEventStream } from './support/sse-client';
import { type TestDatabase, createTestDatabase } from './support/test-database';
import { SELECTED_ADAPTER, type TestApp, startTestApp } from './support/test-app';
import { type ToolServer, startHttpToolServer } from './support/tool-servers';
import request from 'supertest';

// Starting apps and a server process: the waits are for answers, never for a time.
jest.setTimeout(180_000);

const ON_POSTGRES = Boolean(process.env.DATABASE_URL);
// A generous timeout: a busy machine must not make a live instance look dead.
const HEARTBEAT = { RUN_HEARTBEAT_SECONDS: '1', RUN_HEARTBEAT_TIMEOUT_SECONDS: '4' };

interface WorkflowRunView {
  status: string;
  output: unknown;
  steps: { status: string; attempts: number; run_id?: string; output?: unknown }[];
}

describe('workflow runs across restarts', () => {
  let database: TestDatabase;
  let fetchTool: ToolServer;
  let slowTool: ToolServer;
  /** The slow tool hangs on its first call (the step is held there), then answers. */
  let slowCalls = 0;
  const apps: TestApp[] = [];
  let server: ServerProcess | undefined;

  beforeEach(async () => {
    database = await createTestDatabase();
    slowCalls = 0;
    fetchTool = await startHttpToolServer();
    slowTool = await startHttpToolServer(() => (++slowCalls === 1 ? 'hang' : { json: { ok: 1 } }));
  });

  afterEach(async () => {
    await server?.stop();
    for (const app of apps.splice(0)) await app.close();
    await fetchTool.close();
    await slowTool.close();
    await database.drop();
  });

  const env = () => ({ ...database.env, ...HEARTBEAT });

  async function boot(): Promise<TestApp> {
    const app = await startTestApp(SELECTED_ADAPTER, { env: env() });
    apps.push(app);
    return app;
  }

  /** tool → agent (whose run calls the slow tool) → tool; returns the workflow id. */
  async function threeSteps(alice: RuntimeUser): Promise<string> {
    const tool = async (server: ToolServer, name: string) => {
      const created = await alice.post('/api/v1/tools', {
        name: `${name}_${Date.now()}`,
        parameters: { type: 'object' },
        implementation: { type: 'http', url: server.url },
        requires_approval: false,
      });
      expect(created.status).toBe(201);
      return created.body as { id: string; name: string };
    };
    const fetch = await tool(fetchTool, 'fetch');
    const slow = await tool(slowTool, 'slow');
    const agent = await alice.post('/api/v1/agents', {
      name: `worker_${Date.now()}`,
      system_prompt: 'You are a test agent.',
      model_config: {
        provider: 'scripted',
        model: 'scripted',
        script: [
          { text: 'Working.', tool_calls: [{ id: 'toolu_1', name: slow.name, args: {} }] },
          { text: 'Done.' },
        ],
      },
      tool_ids: [slow.id],
    });
    const workflow = await alice.post('/api/v1/workflows', {
      name: `restartable_${Date.now()}`,
      steps: [
        { type: 'tool', id: fetch.id },
        { type: 'agent', id: agent.body.id },
        { type: 'tool', id: fetch.id, input: { answer: '{{ previous.output }}' } },
      ],
    });
    expect(workflow.status).toBe(201);
    return workflow.body.id as string;
  }

  const untilStatus = (user: RuntimeUser, id: string, status: string) =>
    eventually(`workflow run ${id}: ${status}`, async () => {
      const run = (await user.get(`/api/v1/workflow-runs/${id}`)).body as WorkflowRunView;
      return run.status === status ? run : undefined;
    });

  /** Checks the resumed run: finished steps ran once, the held one twice, in two runs. */
  async function expectResumedOnce(user: RuntimeUser, id: string, heldRunId: string) {
    const done = await untilStatus(user, id, 'completed');
    expect(done.steps.map((step) => step.status)).toEqual(['completed', 'completed', 'completed']);
    // The held step started again; the others once.
    expect(done.steps.map((step) => step.attempts)).toEqual([1, 2, 1]);
    expect(done.output).toEqual({ received: { answer: 'Done.' } });
    // The first step ran once; the last once, after the resume.
    expect(fetchTool.requests).toHaveLength(2);
    expect(slowCalls).toBe(2);
    expect(done.steps[1].run_id).not.toBe(heldRunId);
    const held = (await user.get(`/api/v1/runs/${heldRunId}`)).body;
    expect(held).toMatchObject({ status: 'failed', error: { code: 'RUN_INTERRUPTED' } });

    const frames = await (
      await openEventStream(`${userBase}/api/v1/workflow-runs/${id}/events`, {
        headers: { Authorization: user.auth },
      })
    ).ended;
    const own = frames.filter((frame) => frame.data.runId === undefined);
    expect(own.map((frame) => frame.event)).toEqual([
      'workflow_started',
      'step_started',
      'step_completed',
      'step_started',
      // The server stopped here; the step ran again from its start.
      'step_started',
      'step_completed',
      'step_started',
      'step_completed',
      'workflow_completed',
      ...(own.at(-1)?.event === 'complete' ? ['complete'] : []),
    ]);
    const stored = own.filter((frame) => frame.data.persistenceState === 'persisted');
    expect(stored.map((frame) => frame.data.sequenceNumber)).toEqual(stored.map((_, i) => i));
    const indexes = frames.map((frame) => Number(frame.id));
    expect(indexes).toEqual([...indexes].sort((x, y) => x - y));
    expect(new Set(indexes).size).toBe(indexes.length);
  }

  let userBase = '';

  test('a graceful stop leaves the run to resume; the next start resumes it at the held step', async () => {
    const first = await boot();
    const alice = await runtimeUser(first, 'alice');
    const workflowId = await threeSteps(alice);
    const started = await alice.post(`/api/v1/workflows/${workflowId}/runs`, { input: {} });
    const id = started.body.id as string;
    const held = await untilHeld(alice, id);
    await first.close();
    apps.splice(apps.indexOf(first), 1);

    const second = await boot();
    const again = runtimeUserOver(second.http, await listeningUrl(second), alice.auth, 'alice');
    userBase = await listeningUrl(second);
    await expectResumedOnce(again, id, held);
  });

  test('a map stopped with items done resumes at the items not done: none done runs again', async () => {
    // Items 2 and up hang until the restart; items 0 and 1 complete before it.
    let holding = true;
    const itemTool = await startHttpToolServer((received) => {
      const { x } = JSON.parse(received.body) as { x: number };
      return holding && x >= 2 ? 'hang' : { json: { done: x } };
    });
    const callsOf = (x: number) =>
      itemTool.requests.filter((call) => (JSON.parse(call.body) as { x: number }).x === x).length;
    try {
      const first = await boot();
      const alice = await runtimeUser(first, 'alice');
      const tool = await alice.post('/api/v1/tools', {
        name: `item_${Date.now()}`,
        parameters: { type: 'object' },
        implementation: { type: 'http', url: itemTool.url },
      });
      const workflow = await alice.post('/api/v1/workflows', {
        name: `mapped_${Date.now()}`,
        steps: [
          {
            type: 'map',
            items: 'input.xs',
            concurrency: 2,
            steps: [{ type: 'tool', id: tool.body.id, input: { x: '{{ item }}' } }],
          },
        ],
      });
      expect(workflow.status).toBe(201);
      const xs = [0, 1, 2, 3, 4];
      const started = await alice.post(`/api/v1/workflows/${workflow.body.id}/runs`, {
        input: { xs },
      });
      const id = started.body.id as string;
      await eventually('items 0 and 1 done, items 2 and 3 held', async () => {
        const run = (await alice.get(`/api/v1/workflow-runs/${id}`)).body as {
          steps: { steps?: { status: string }[] }[];
        };
        const done = run.steps[0].steps?.filter((step) => step.status === 'completed').length;
        return done === 2 && callsOf(2) === 1 && callsOf(3) === 1 ? true : undefined;
      });
      await first.close();
      apps.splice(apps.indexOf(first), 1);
      holding = false;

      const second = await boot();
      const again = runtimeUserOver(second.http, await listeningUrl(second), alice.auth, 'alice');
      const done = await untilStatus(again, id, 'completed');

      expect(done.output).toEqual(xs.map((x) => ({ done: x })));
      // Done items were not called again; the cut-off ones ran again from their start.
      expect(xs.map(callsOf)).toEqual([1, 1, 2, 2, 1]);
      expect(done.steps[0].attempts).toBe(2);
    } finally {
      await itemTool.close();
    }
  });

  test('kill -9 during a held step: the run resumes once, finished steps not repeated', async () => {
    // The key is made by an app on the database, then the server process runs the workflow.
    const setup = await boot();
    const auth = await bearerFor(setup.app, 'alice-key', 'alice');
    const alice = runtimeUserOver(setup.http, '', auth, 'alice');
    const workflowId = await threeSteps(alice);
    if (!ON_POSTGRES) {
      // The embedded database serves one process.
      await setup.close();
      apps.splice(apps.indexOf(setup), 1);
    }
    server = await startServerProcess(env());
    const onServer = runtimeUserOver(request(server.url), server.url, auth, 'alice');
    const started = await onServer.post(`/api/v1/workflows/${workflowId}/runs`, { input: {} });
    expect(started.status).toBe(202);
    const id = started.body.id as string;
    const held = await untilHeld(onServer, id);

    server.child.kill('SIGKILL');
    await server.stop();
    server = undefined;

    // On PostgreSQL two live instances race to pick it up once its heartbeat is stale: one does.
    const instances = ON_POSTGRES ? [setup, await boot()] : [await boot()];
    const user = runtimeUserOver(instances[0].http, '', auth, 'alice');
    userBase = await listeningUrl(instances[0]);
    await expectResumedOnce(user, id, held);
  });

  test('a step failed with on_error continue is not run again when the run resumes', async () => {
    const failing = await startHttpToolServer(() => ({ status: 503, json: { message: 'down' } }));
    try {
      const first = await boot();
      const alice = await runtimeUser(first, 'alice');
      const tool = async (server: ToolServer, name: string) => {
        const created = await alice.post('/api/v1/tools', {
          name: `${name}_${Date.now()}`,
          parameters: { type: 'object' },
          implementation: { type: 'http', url: server.url },
        });
        expect(created.status).toBe(201);
        return created.body.id as string;
      };
      const workflow = await alice.post('/api/v1/workflows', {
        name: `tolerant_${Date.now()}`,
        steps: [
          { type: 'tool', id: await tool(failing, 'failing'), on_error: 'continue' },
          { type: 'tool', id: await tool(slowTool, 'slow'), input: { after: 'failing' } },
        ],
      });
      expect(workflow.status).toBe(201);
      const started = await alice.post(`/api/v1/workflows/${workflow.body.id}/runs`, {
        input: {},
      });
      const id = started.body.id as string;
      await eventually('the slow tool called', () =>
        Promise.resolve(slowCalls === 1 ? true : undefined),
      );
      await first.close();
      apps.splice(apps.indexOf(first), 1);

      const second = await boot();
      const again = runtimeUserOver(second.http, await listeningUrl(second), alice.auth, 'alice');
      const done = await untilStatus(again, id, 'completed');
      expect(done.steps.map((step) => step.status)).toEqual(['failed', 'completed']);
      expect(done.steps.map((step) => step.attempts)).toEqual([1, 2]);
      expect(done.output).toEqual({ ok: 1 });
      expect(failing.requests).toHaveLength(1);
      expect(slowCalls).toBe(2);
    } finally {
      await failing.close();
    }
  });

  test('a restart during a retry’s delay neither cuts the delay short nor grants new attempts', async () => {
    const failing = await startHttpToolServer(() => ({ status: 503, json: { message: 'down' } }));
    try {
      const first = await boot();
      const alice = await runtimeUser(first, 'alice');
      const tool = await alice.post('/api/v1/tools', {
        name: `failing_${Date.now()}`,
        parameters: { type: 'object' },
        implementation: { type: 'http', url: failing.url },
      });
      expect(tool.status).toBe(201);
      const workflow = await alice.post('/api/v1/workflows', {
        name: `retrying_${Date.now()}`,
        steps: [
          {
            type: 'tool',
            id: tool.body.id,
            retry: { max_attempts: 3, initial_delay_ms: 3000, factor: 1 },
          },
        ],
      });
      expect(workflow.status).toBe(201);
      const started = await alice.post(`/api/v1/workflows/${workflow.body.id}/runs`, {
        input: {},
      });
      const id = started.body.id as string;
      const frames = await openEventStream(
        `${await listeningUrl(first)}/api/v1/workflow-runs/${id}/events`,
        {
          headers: { Authorization: alice.auth },
        },
      );
      const retrying = await frames.waitFor((frame) => frame.event === 'step_retrying');
      frames.close();
      await first.close();
      apps.splice(apps.indexOf(first), 1);

      const second = await boot();
      const again = runtimeUserOver(second.http, await listeningUrl(second), alice.auth, 'alice');
      const done = await untilStatus(again, id, 'failed');
      // Three attempts in all, across both servers; the first delay was waited out in full:
      // the second call came no sooner than the delay after the first one's failure (give or
      // take the two processes' clocks).
      expect(failing.requests).toHaveLength(3);
      expect(done.steps[0]).toMatchObject({ status: 'failed', attempts: 3 });
      const arrivals = failing.requests.map((request) => request.receivedAt);
      expect(arrivals[1] - arrivals[0]).toBeGreaterThanOrEqual(
        (retrying.data.delayMs as number) - 50,
      );
    } finally {
      await failing.close();
    }
  });

  /** The run's agent step, once its run waits on the slow tool: that run's id. */
  async function untilHeld(user: RuntimeUser, id: string): Promise<string> {
    await eventually('the slow tool called', () =>
      Promise.resolve(slowCalls === 1 ? true : undefined),
    );
    const run = await untilStatus(user, id, 'running');
    expect(run.steps.map((step) => step.status)).toEqual(['completed', 'running', 'pending']);
    return run.steps[1].run_id as string;
  }
});
