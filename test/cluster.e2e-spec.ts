/**
 * Several instances on one PostgreSQL server behave as one service: a run followed from
 * another instance, an approval decided on another instance, catalog changes reaching every
 * instance, and a run whose instance died ended `RUN_INTERRUPTED`. Each case runs with the live
 * events on PostgreSQL `LISTEN/NOTIFY` and, when a Redis answers, on Redis.
 *
 * Instance A is a Nest app in this process, B the built server (`dist/main.js`) in a process of
 * its own, as deployed: nothing is shared but the database and the bus.
 *
 * Runs only with `DATABASE_URL` (the embedded database serves one process by nature).
 */
import { spawnSync } from 'node:child_process';
import { eq } from 'drizzle-orm';
import request from 'supertest';
import { DATABASE, type Database } from '../src/database/database';
import { runEvents, runs } from '../src/database/schema';
import { RunsService } from '../src/runtime/runs/runs.service';
import { McpClients } from './support/mcp-clients';
import { type RuntimeUser, runtimeUser, runtimeUserOver } from './support/runtime-client';
import { type ServerProcess, startServerProcess } from './support/server-process';
import { openEventStream, type SseFrame } from './support/sse-client';
import { createTestDatabase, type TestDatabase } from './support/test-database';
import { SELECTED_ADAPTER, type TestApp, startTestApp } from './support/test-app';
import { type ToolServer, startHttpToolServer } from './support/tool-servers';

const REDIS_URL = process.env.REDIS_URL || (redisAnswers() ? 'redis://127.0.0.1:6379' : '');
const VARIANTS: [string, Record<string, string>][] = [
  ['PostgreSQL LISTEN/NOTIFY', { REDIS_URL: '' }],
  ...(REDIS_URL ? [['Redis', { REDIS_URL }] as [string, Record<string, string>]] : []),
];
// A generous timeout: a busy machine must not make a live instance look dead.
const HEARTBEAT = { RUN_HEARTBEAT_SECONDS: '1', RUN_HEARTBEAT_TIMEOUT_SECONDS: '8' };
// Starting a database, an app and a server process: only bounds a failure on a busy machine.
const START_TIMEOUT_MS = 90_000;
/** Races of a start on each instance in one session: enough to meet a run ending mid-race. */
const START_RACES = 30;

const describeOnPostgres = process.env.DATABASE_URL ? describe : describe.skip;

describeOnPostgres.each(VARIANTS)('Several instances, live events on %s', (_, busEnv) => {
  let database: TestDatabase;
  let a: TestApp;
  let b: ServerProcess;
  /** B over HTTP, with no key (`aliceOnB` adds hers). */
  let bHttp: TestApp['http'];
  let aliceOnA: RuntimeUser;
  let aliceOnB: RuntimeUser;
  let crm: ToolServer;
  const mcp = new McpClients();

  beforeAll(async () => {
    database = await createTestDatabase();
    const env = { ...database.env, ...busEnv, ...HEARTBEAT };
    // One after the other, so that whatever started is assigned and afterAll stops it.
    a = await startTestApp(SELECTED_ADAPTER, { env });
    b = await startServerProcess(env);
    bHttp = request(b.url);
    aliceOnA = await runtimeUser(a, 'alice');
    // The key is a row of the shared database: B knows it too.
    aliceOnB = runtimeUserOver(bHttp, b.url, aliceOnA.auth, 'alice');
    crm = await startHttpToolServer();
  }, START_TIMEOUT_MS);

  afterAll(async () => {
    await eachInTurn([
      () => mcp.closeAll(),
      () => crm?.close(),
      () => a?.close(),
      () => b?.stop(),
      () => database?.drop(),
    ]);
  });

  /** An `http` tool on the CRM server, so it needs an approval (the default for `http`). */
  const crmTool = (name: string) =>
    aliceOnA.post('/api/v1/tools', {
      name: `${name}_${Date.now()}`,
      description: 'Acts on a customer in the test CRM',
      parameters: { type: 'object', properties: { name: { type: 'string' } } },
      implementation: { type: 'http', url: crm.url },
    });

  /** A session whose scripted agent calls `tool` in its first turn (`first`), then takes `next`. */
  const sessionCalling = (tool: Record<string, unknown>, first: object, next: object) =>
    aliceOnA.session(
      {
        provider: 'scripted',
        model: 'scripted',
        script: [
          { ...first, tool_calls: [{ id: 'toolu_1', name: tool.name, args: { name: 'X' } }] },
          next,
        ],
      },
      [tool.id as string],
    );

  test('a tool created, edited, deactivated and deleted on A is served so by B within a second', async () => {
    const { client } = await mcp.connectHttp(b.url);
    const name = `cluster_tool_${Date.now()}`;
    const created = await aliceOnA.post('/api/v1/tools', {
      name,
      description: 'A tool registered on instance A',
      // Served to anonymous callers too: B's GET /api/tools is read without a key.
      public: true,
      parameters: { type: 'object', properties: { q: { type: 'string' } } },
      implementation: { type: 'http', url: crm.url },
    });
    expect(created.status).toBe(201);
    const id = created.body.id as string;
    const restNames = async () =>
      ((await bHttp.get('/api/tools')).body as { tools: { id: string }[] }).tools.map(
        (tool) => tool.id,
      );
    const mcpTools = async () => (await client.listTools()).tools;

    await within(10_000, async () => (await restNames()).includes(name));
    await within(10_000, async () => (await mcpTools()).some((tool) => tool.name === name));

    const renamed = `${name}_renamed`;
    expect((await aliceOnA.put(`/api/v1/tools/${id}`, { name: renamed })).status).toBe(200);
    await within(10_000, async () => {
      const names = await restNames();
      return names.includes(renamed) && !names.includes(name);
    });

    expect((await aliceOnA.put(`/api/v1/tools/${id}`, { is_active: false })).status).toBe(200);
    await within(10_000, async () => !(await restNames()).includes(renamed));
    await within(10_000, async () => !(await mcpTools()).some((tool) => tool.name === renamed));
    const call = await bHttp.post(`/api/tools/${renamed}`).send({});
    expect(call.status).toBe(404);

    expect((await aliceOnA.put(`/api/v1/tools/${id}`, { is_active: true })).status).toBe(200);
    await within(10_000, async () => (await restNames()).includes(renamed));
    expect((await aliceOnA.del(`/api/v1/tools/${id}`)).status).toBe(200);
    await within(10_000, async () => !(await restNames()).includes(renamed));
  });

  test('B’s registry list, asked before, shows a tool created, renamed and deleted on A', async () => {
    const name = `cluster_listed_${Date.now()}`;
    const listedOnB = async () =>
      (
        (await aliceOnB.get(`/api/v1/tools?search=${name}`)).body as { items: { name: string }[] }
      ).items.map((tool) => tool.name);
    // Asked twice first, so B has the empty page at hand when A's changes land.
    expect(await listedOnB()).toEqual([]);
    expect(await listedOnB()).toEqual([]);
    const created = await aliceOnA.post('/api/v1/tools', {
      name,
      parameters: { type: 'object', properties: { q: { type: 'string' } } },
    });
    expect(created.status).toBe(201);
    const id = created.body.id as string;
    await within(10_000, async () => (await listedOnB()).includes(name));
    const renamed = `${name}_renamed`;
    expect((await aliceOnA.put(`/api/v1/tools/${id}`, { name: renamed })).status).toBe(200);
    await within(10_000, async () => (await listedOnB()).join() === renamed);
    expect((await aliceOnA.del(`/api/v1/tools/${id}`)).status).toBe(200);
    await within(10_000, async () => (await listedOnB()).length === 0);
  });

  test('a client streaming from B sees a run executing on A live, every event in order', async () => {
    // Another instance replays stored events, not the streamed-only ones sent before it
    // followed: the run waits for an approval until B follows it, and holds after its text
    // until it is cancelled, so B sees every chunk, live, however slow the machine is.
    const tool = await crmTool('lookup_customer');
    const { sessionId } = await sessionCalling(
      tool.body,
      {},
      { text: 'Streamed from the other instance, chunk by chunk.', hold: true },
    );
    const onA = await aliceOnA.stream(sessionId, { content: 'Hello' });
    const requested = await onA.waitFor((frame) => frame.event === 'approval_requested');
    const runId = String(requested.data.runId);
    const onB = await aliceOnB.follow(runId);
    expect(onB.status).toBe(200);
    await onB.waitFor((frame) => frame.event === 'approval_requested');
    // Decided on A, so the run goes on there.
    const decided = await aliceOnA.post(`/api/v1/approvals/${String(requested.data.approvalId)}`, {
      decision: 'approve',
    });
    expect(decided.status).toBe(200);

    // Live: B has a chunk while the run is still running.
    await onB.waitFor((frame) => frame.event === 'message_chunk');
    expect((await aliceOnB.get(`/api/v1/runs/${runId}`)).body.status).toBe('running');
    expect((await aliceOnA.post(`/api/v1/runs/${runId}/cancel`)).status).toBe(202);

    const [framesOnA, framesOnB] = await Promise.all([onA.ended, onB.ended]);
    expect(framesOnB.map(summary)).toEqual(framesOnA.map(summary));
    expect(framesOnB[framesOnB.length - 1].event).toBe('complete');
    expect(framesOnB.map((frame) => Number(frame.id))).toEqual(
      framesOnB.map((_frame, index) => index),
    );
  });

  test('an approval decided on B resumes the run paused on A; A’s follower sees it to the end', async () => {
    const tool = await crmTool('create_customer');
    expect(tool.body.requires_approval).toBe(true);
    const { sessionId } = await sessionCalling(
      tool.body,
      { text: 'I will create a customer.' },
      { text: 'Done, as you decided.', delay_ms: 20 },
    );
    const onA = await aliceOnA.stream(sessionId, { content: 'Create X' });
    const requested = await onA.waitFor((frame) => frame.event === 'approval_requested');
    const runId = String(requested.data.runId);
    const onB = await aliceOnB.follow(runId);

    const decided = await aliceOnB.post(`/api/v1/approvals/${String(requested.data.approvalId)}`, {
      decision: 'approve',
    });
    expect(decided.status).toBe(200);

    const [framesOnA, framesOnB] = await Promise.all([onA.ended, onB.ended]);
    const tail = ['approval_resolved', 'tool_result', 'message', 'complete'];
    expect(persistedAndEnd(framesOnA).slice(-4)).toEqual(tail);
    expect(persistedAndEnd(framesOnB).slice(-4)).toEqual(tail);
    expect(
      framesOnA.find((frame) => frame.event === 'message_chunk' && frameAfter(frame, requested)),
    ).toBeDefined();
    expect((await aliceOnA.get(`/api/v1/runs/${runId}`)).body.status).toBe('completed');
  });

  test('the one-active-run rule holds across instances', async () => {
    const { sessionId } = await aliceOnA.session({
      provider: 'scripted',
      model: 'scripted',
      script: [{ text: 'Holding.', hold: true }],
    });
    const onA = await aliceOnA.stream(sessionId, { content: 'Hold' });
    const started = await onA.waitFor(() => true);
    const refused = await aliceOnB.post(`/api/v1/sessions/${sessionId}/runs`, { content: 'Too' });
    expect(refused.status).toBe(409);
    const cancelled = await aliceOnB.post(`/api/v1/runs/${String(started.data.runId)}/cancel`);
    expect(cancelled.status).toBe(202);
    const frames = await onA.ended;
    expect(frames[frames.length - 1].data).toMatchObject({ type: 'complete', reason: 'cancelled' });
  });

  test(`${START_RACES} races of a start on A and one on B in one session: 202 or 409 SESSION_BUSY, never an error`, async () => {
    // An agent that answers at once: the run that won a race may have ended before the loser
    // looks for it.
    const { sessionId } = await aliceOnA.session();
    const path = `/api/v1/sessions/${sessionId}/runs`;
    const answers: [number, unknown][] = [];
    for (let race = 0; race < START_RACES; race++) {
      const racers = [aliceOnA, aliceOnB];
      const raced = await Promise.all(
        racers.map((user, index) => user.post(path, { content: `race ${race}, racer ${index}` })),
      );
      answers.push(...raced.map((answer): [number, unknown] => [answer.status, answer.body]));
      // The next race starts on a free session: every run started here has ended.
      for (const [index, answer] of raced.entries()) {
        if (answer.status === 202) await (await racers[index].follow(answer.body.run_id)).ended;
      }
      // A race's loser is refused only while the winner's run is still active.
      expect(raced.map((answer) => answer.status)).toContain(202);
    }
    const unexpected = answers.filter(
      ([status, body]) =>
        status !== 202 &&
        !(status === 409 && (body as { error: { code: string } }).error.code === 'SESSION_BUSY'),
    );
    expect(unexpected).toEqual([]);
  });

  /** A's run in a new session, held in its model turn (`model`) or in a tool call (`tool`). */
  async function heldRunOnA(hold: 'model' | 'tool', hanging: ToolServer) {
    const holding = { provider: 'scripted', model: 'scripted' };
    if (hold === 'model') {
      const { sessionId } = await aliceOnA.session({
        ...holding,
        script: [{ text: 'Holding.', hold: true }],
      });
      const stream = await aliceOnA.stream(sessionId, { content: 'Hold' });
      const chunk = await stream.waitFor((frame) => frame.event === 'message_chunk');
      return { stream, runId: String(chunk.data.runId) };
    }
    const tool = await aliceOnA.post('/api/v1/tools', {
      name: `hanging_${Date.now()}`,
      parameters: { type: 'object' },
      implementation: { type: 'http', url: hanging.url },
      requires_approval: false,
    });
    const { sessionId } = await aliceOnA.session(
      { ...holding, script: [{ tool_calls: [{ id: 'toolu_1', name: tool.body.name, args: {} }] }] },
      [tool.body.id as string],
    );
    const stream = await aliceOnA.stream(sessionId, { content: 'Call it' });
    const use = await stream.waitFor((frame) => frame.event === 'tool_use');
    await within(10_000, () => Promise.resolve(hanging.requests.length > 0));
    return { stream, runId: String(use.data.runId) };
  }

  test.each(['model', 'tool'] as const)(
    'a run another instance ended RUN_INTERRUPTED while it still ran here (in its %s call) stops at the next heartbeat and records nothing more',
    async (hold) => {
      const hanging = await startHttpToolServer(() => 'hang');
      try {
        const { stream, runId } = await heldRunOnA(hold, hanging);
        const db = a.app.get<symbol, Database>(DATABASE);
        const recorded = async () =>
          (
            await db
              .select({ type: runEvents.type })
              .from(runEvents)
              .where(eq(runEvents.run_id, runId))
          ).map((event) => event.type);
        const before = await recorded();
        // What another instance's sweeper records of a run whose heartbeats it has not seen.
        const interrupted = { code: 'RUN_INTERRUPTED', message: 'The instance running it stopped' };
        await db
          .update(runs)
          .set({ status: 'failed', error: interrupted, finished_at: new Date() })
          .where(eq(runs.id, runId));

        await a.app.get(RunsService).settled(runId);
        await stream.ended;
        // No `tool_result`, `message` or `complete` of a cancellation after the recorded end.
        expect(await recorded()).toEqual(before);
        expect((await aliceOnA.get(`/api/v1/runs/${runId}`)).body.status).toBe('failed');
        // A tool call it was making is really stopped.
        if (hold === 'tool') await hanging.requests[0].aborted;
      } finally {
        await hanging.close();
      }
    },
  );

  test('a run cancelled on another instance whose notice never came is cancelled at the next heartbeat', async () => {
    const hanging = await startHttpToolServer(() => 'hang');
    try {
      const { stream, runId } = await heldRunOnA('model', hanging);
      // What a cancel on another instance records when nobody there runs the run.
      const db = a.app.get<symbol, Database>(DATABASE);
      await db
        .update(runs)
        .set({ status: 'cancelled', finished_at: new Date() })
        .where(eq(runs.id, runId));
      const frames = await stream.ended;
      expect(frames[frames.length - 1].data).toMatchObject({
        type: 'complete',
        reason: 'cancelled',
      });
    } finally {
      await hanging.close();
    }
  });

  test('kill -9 of the instance running a run: it ends RUN_INTERRUPTED and the session takes a new run', async () => {
    let server: ServerProcess | undefined;
    try {
      server = await startServerProcess({ ...database.env, ...busEnv, ...HEARTBEAT });
      const { sessionId } = await aliceOnA.session({
        provider: 'scripted',
        model: 'scripted',
        script: [{ text: 'Holding until the end of the world.', hold: true }],
      });
      const onServer = await openEventStream(`${server.url}/api/v1/sessions/${sessionId}/runs`, {
        method: 'POST',
        body: { content: 'Hold' },
        headers: { Authorization: aliceOnA.auth },
      });
      expect(onServer.status).toBe(200);
      const chunk = await onServer.waitFor((frame) => frame.event === 'message_chunk');
      const runId = String(chunk.data.runId);
      // B follows the run held on the server: its stored events, then nothing until it ends.
      const onB = await aliceOnB.follow(runId);
      await onB.waitFor((frame) => frame.event === 'user_message_sent');
      expect((await aliceOnA.get(`/api/v1/runs/${runId}`)).body.status).toBe('running');

      server.child.kill('SIGKILL');

      const end = await onB.waitFor((frame) => frame.event === 'error');
      expect(end.data).toMatchObject({ code: 'RUN_INTERRUPTED' });
      await onB.ended;
      const run = await aliceOnA.get(`/api/v1/runs/${runId}`);
      expect(run.body).toMatchObject({ status: 'failed', error: { code: 'RUN_INTERRUPTED' } });
      const next = await aliceOnA.stream(sessionId, { content: 'Again' });
      expect(next.status).toBe(200);
      await next.waitFor((frame) => frame.event === 'message_chunk');
      const nextRunId = String(next.frames[0].data.runId);
      expect(nextRunId).not.toBe(runId);
      await aliceOnA.post(`/api/v1/runs/${nextRunId}/cancel`);
      await next.ended;
    } finally {
      await server?.stop();
    }
  }, 60_000);
});

/**
 * Runs every step, each whatever became of the ones before (so B is stopped and the database
 * dropped even if closing a client failed), then fails with the first error, if any.
 */
async function eachInTurn(steps: (() => Promise<unknown> | undefined)[]): Promise<void> {
  const errors: unknown[] = [];
  for (const step of steps) {
    try {
      await step();
    } catch (error) {
      errors.push(error);
    }
  }
  if (errors.length > 0) throw errors[0];
}

/** Waits until `condition` holds; `ms` only bounds a failure, it is no speed requirement. */
async function within(ms: number, condition: () => Promise<boolean>): Promise<void> {
  const deadline = Date.now() + ms;
  for (;;) {
    if (await condition()) return;
    if (Date.now() > deadline) throw new Error(`not within ${ms} ms`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

function summary(frame: SseFrame): [string, string, unknown] {
  return [frame.id, frame.event, frame.data.content ?? frame.data.type];
}

function persistedAndEnd(frames: readonly SseFrame[]): string[] {
  return frames
    .filter((frame) => frame.data.persistenceState === 'persisted' || frame.event === 'complete')
    .map((frame) => frame.event);
}

function frameAfter(frame: SseFrame, other: SseFrame): boolean {
  return Number(frame.id) > Number(other.id);
}

/** Whether a Redis answers on the default port (CI has one). */
function redisAnswers(): boolean {
  const probe = spawnSync(
    process.execPath,
    [
      '-e',
      `const s=require('net').connect(6379,'127.0.0.1');s.setTimeout(500);` +
        `s.on('connect',()=>{s.write('PING\\r\\n')});s.on('data',d=>process.exit(String(d).startsWith('+PONG')?0:1));` +
        `s.on('error',()=>process.exit(1));s.on('timeout',()=>process.exit(1));`,
    ],
    { timeout: 3000 },
  );
  return probe.status === 0;
}
