/**
 * Workflow runs through the real HTTP API: steps piped into each other, one numbered event
 * stream with the agent steps' events relayed, failures, cancellation, approvals inside an
 * agent step, ownership and bad input.
 */
import { eventually } from './support/eventually';
import { listeningUrl, type RuntimeUser, runtimeUser } from './support/runtime-client';
import { type SseFrame, openEventStream } from './support/sse-client';
import { describeOnAdapter } from './support/test-app';
import { type ToolServer, startHttpToolServer } from './support/tool-servers';

type ModelConfig = Record<string, unknown>;

const scripted = (script: object[]): ModelConfig => ({
  provider: 'scripted',
  model: 'scripted',
  script,
});

/** A scripted agent whose runs start to answer, then hold their turn until cancelled. */
const HOLDING = scripted([{ text: 'Working on it.', hold: true }]);

let counter = 0;
const unique = (base: string) => `${base}_${++counter}`;

interface StepView {
  index: number;
  key: string | null;
  type: string;
  ref_id: string;
  status: string;
  attempts: number;
  run_id?: string;
  output?: unknown;
  error?: { code: string; message: string };
}

interface WorkflowRunView {
  id: string;
  workflow_id: string;
  status: string;
  input: unknown;
  output: unknown;
  steps: StepView[];
  error: { code: string; message: string } | null;
  finished_at: string | null;
}

describeOnAdapter('workflow runs', (app) => {
  let alice: RuntimeUser;
  let bob: RuntimeUser;
  let base: string;
  let echo: ToolServer;
  let failing: ToolServer;
  let echoToolId: string;
  let failingToolId: string;

  beforeAll(async () => {
    alice = await runtimeUser(app(), 'alice');
    bob = await runtimeUser(app(), 'bob');
    base = await listeningUrl(app());
    echo = await startHttpToolServer();
    failing = await startHttpToolServer(() => ({ status: 500, json: { message: 'down' } }));
    echoToolId = await httpTool(alice, echo);
    failingToolId = await httpTool(alice, failing);
  });

  afterAll(async () => {
    await echo.close();
    await failing.close();
  });

  async function httpTool(user: RuntimeUser, server: ToolServer): Promise<string> {
    const created = await user.post('/api/v1/tools', {
      name: unique('echo'),
      parameters: { type: 'object' },
      implementation: { type: 'http', url: server.url },
    });
    expect(created.status).toBe(201);
    return created.body.id as string;
  }

  async function createAgent(modelConfig: ModelConfig, toolIds: string[] = []): Promise<string> {
    const created = await alice.post('/api/v1/agents', {
      name: unique('agent'),
      system_prompt: 'You are a test agent.',
      model_config: modelConfig,
      tool_ids: toolIds,
    });
    expect(created.status).toBe(201);
    return created.body.id as string;
  }

  async function createWorkflow(steps: object[], extra: object = {}): Promise<string> {
    const created = await alice.post('/api/v1/workflows', {
      name: unique('workflow'),
      steps,
      ...extra,
    });
    expect(created.status).toBe(201);
    return created.body.id as string;
  }

  async function start(user: RuntimeUser, workflowId: string, body: object) {
    return user.post(`/api/v1/workflows/${workflowId}/runs`, body);
  }

  function untilRun(
    user: RuntimeUser,
    id: string,
    holds: (run: WorkflowRunView) => boolean,
    what: string,
  ): Promise<WorkflowRunView> {
    return eventually(`workflow run ${id}: ${what}`, async () => {
      const run = (await user.get(`/api/v1/workflow-runs/${id}`)).body as WorkflowRunView;
      return holds(run) ? run : undefined;
    });
  }

  const untilStatus = (id: string, status: string) =>
    untilRun(alice, id, (run) => run.status === status, status);

  const follow = (id: string, headers: Record<string, string> = {}) =>
    openEventStream(`${base}/api/v1/workflow-runs/${id}/events`, {
      headers: { Authorization: alice.auth, ...headers },
    });

  /** The workflow stream's own events (not relayed from a step's run). */
  const own = (frames: readonly SseFrame[]) => frames.filter((f) => f.data.runId === undefined);

  describe('a tool → agent → tool workflow', () => {
    it('pipes each output into the next step, types kept, streams every event in order and stores its own', async () => {
      const agentId = await createAgent({ provider: 'scripted', model: 'scripted' });
      const workflowId = await createWorkflow([
        { type: 'tool', id: echoToolId, key: 'fetch' },
        {
          type: 'agent',
          id: agentId,
          key: 'summary',
          input: 'Summarise {{ steps.fetch.output.received.topic }} in {{input.count}} lines',
        },
        {
          type: 'tool',
          id: echoToolId,
          input: {
            text: '{{ previous.output }}',
            count: '{{ input.count }}',
            first: '{{ steps.0.output }}',
            again: '{{ steps.summary.output }} ({{ steps.0.output.received.count }})',
          },
        },
      ]);
      const stream = await openEventStream(`${base}/api/v1/workflows/${workflowId}/runs`, {
        method: 'POST',
        body: { input: { topic: 'login', count: 2 } },
        headers: { Authorization: alice.auth, Accept: 'text/event-stream' },
      });
      expect(stream.status).toBe(200);
      const location = stream.headers['content-location'] as string;
      expect(location).toMatch(/^\/api\/v1\/workflow-runs\/[0-9a-f-]{36}$/);
      const frames = await stream.ended;

      // One gap-free stream, the workflow's own events stored and numbered from 0.
      expect(frames.map((frame) => Number(frame.id))).toEqual(frames.map((_, i) => i));
      expect(own(frames).map((frame) => frame.event)).toEqual([
        'workflow_started',
        'step_started',
        'step_completed',
        'step_started',
        'step_completed',
        'step_started',
        'step_completed',
        'workflow_completed',
        'complete',
      ]);
      const stored = own(frames).filter((frame) => frame.data.persistenceState === 'persisted');
      expect(stored.map((frame) => frame.data.sequenceNumber)).toEqual(stored.map((_, i) => i));
      expect(own(frames)[1].data).toMatchObject({
        stepIndex: 0,
        stepPath: '0',
        stepKey: 'fetch',
        stepType: 'tool',
        refId: echoToolId,
      });
      expect(own(frames).at(-1)?.data).toMatchObject({
        persistenceState: 'transient',
        reason: 'success',
      });

      // The first tool got the workflow input; the agent its rendered message (the scripted
      // agent echoes it); the last tool its template, with the values' types kept.
      const first = { received: { topic: 'login', count: 2 } };
      const message = 'Summarise login in 2 lines';
      expect(JSON.parse(echo.requests.at(-2)?.body ?? '')).toEqual({ topic: 'login', count: 2 });
      const agentRun = frames.find((frame) => frame.data.stepIndex === 1 && frame.data.runId);
      const runId = agentRun?.data.runId as string;
      const relayed = frames.filter((frame) => frame.data.runId === runId);
      expect(relayed[0].data).toMatchObject({
        type: 'user_message_sent',
        content: message,
        stepIndex: 1,
        stepPath: '1',
        persistenceState: 'transient',
      });
      expect(relayed.map((frame) => frame.event)).toContain('message');
      expect(relayed.at(-1)?.event).toBe('complete');
      // The workflow stream went on after the step run's own `complete`.
      expect(frames.indexOf(relayed.at(-1) as SseFrame)).toBeLessThan(frames.length - 1);
      const answer = `You said: ${message}`;
      const last = { text: answer, count: 2, first, again: `${answer} (2)` };
      expect(JSON.parse(echo.requests.at(-1)?.body ?? '')).toEqual(last);

      const view = (await alice.get(location)).body as WorkflowRunView;
      expect(view).toMatchObject({
        workflow_id: workflowId,
        status: 'completed',
        input: { topic: 'login', count: 2 },
        output: { received: last },
        error: null,
      });
      expect(view.finished_at).not.toBeNull();
      expect(view.steps).toEqual([
        {
          path: '0',
          index: 0,
          key: 'fetch',
          type: 'tool',
          ref_id: echoToolId,
          status: 'completed',
          attempts: 1,
          output: first,
        },
        {
          path: '1',
          index: 1,
          key: 'summary',
          type: 'agent',
          ref_id: agentId,
          status: 'completed',
          attempts: 1,
          run_id: runId,
          output: answer,
        },
        {
          path: '2',
          index: 2,
          key: null,
          type: 'tool',
          ref_id: echoToolId,
          status: 'completed',
          attempts: 1,
          output: { received: last },
        },
      ]);
      const stepRun = (await alice.get(`/api/v1/runs/${runId}`)).body;
      expect(stepRun.workflow_run_id).toBe(view.id);
      expect(own(frames)[4].data).toMatchObject({ type: 'step_completed', output: answer });

      // Replayed after the end, as it was streamed.
      const replayed = await (await follow(view.id)).ended;
      expect(replayed.map((frame) => frame.data)).toEqual(frames.map((frame) => frame.data));
    });

    it('without templates, gives a tool the previous output and an agent the previous output as text', async () => {
      const agentId = await createAgent({ provider: 'scripted', model: 'scripted' });
      const workflowId = await createWorkflow([
        { type: 'tool', id: echoToolId },
        { type: 'agent', id: agentId },
      ]);
      const started = await start(alice, workflowId, { input: { n: 1 } });
      const done = await untilStatus(started.body.id as string, 'completed');
      expect(done.output).toBe(`You said: ${JSON.stringify({ received: { n: 1 } })}`);
    });

    it('fails the step whose template resolves to nothing with TEMPLATE_ERROR', async () => {
      const workflowId = await createWorkflow([
        { type: 'tool', id: echoToolId, input: { q: '{{ input.missing.deeper }}' } },
      ]);
      const started = await start(alice, workflowId, { input: { present: true } });
      const failed = await untilStatus(started.body.id as string, 'failed');
      expect(failed.error?.code).toBe('TEMPLATE_ERROR');
      expect(failed.steps[0]).toMatchObject({
        status: 'failed',
        error: { code: 'TEMPLATE_ERROR' },
      });
    });

    it('answers 202 with the run and Location without streaming, and lists it for its owner only', async () => {
      const workflowId = await createWorkflow([{ type: 'tool', id: echoToolId }]);
      const started = await start(alice, workflowId, { input: { n: 1 } });
      expect(started.status).toBe(202);
      expect(started.headers.location).toBe(`/api/v1/workflow-runs/${started.body.id}`);
      expect(started.body).toMatchObject({ workflow_id: workflowId, input: { n: 1 } });
      const done = await untilStatus(started.body.id as string, 'completed');
      expect(done.output).toEqual({ received: { n: 1 } });

      const listed = await alice.get(`/api/v1/workflows/${workflowId}/runs`);
      expect(listed.status).toBe(200);
      expect(listed.body).toMatchObject({ total: 1, limit: 20, offset: 0 });
      expect(listed.body.items[0].id).toBe(started.body.id);
      const bobs = await bob.get(`/api/v1/workflows/${workflowId}/runs`);
      expect(bobs.body).toMatchObject({ total: 0, items: [] });
      for (const path of [
        `/api/v1/workflow-runs/${started.body.id}`,
        `${started.headers.location}/events`,
      ]) {
        const refused = await bob.get(path);
        expect(refused.status).toBe(404);
        expect(refused.body.error.code).toBe('WORKFLOW_RUN_NOT_FOUND');
      }
      const cancel = await bob.post(`/api/v1/workflow-runs/${started.body.id}/cancel`);
      expect(cancel.status).toBe(404);
    });

    it('returns the same run for a repeated Idempotency-Key and refuses it for another body', async () => {
      const workflowId = await createWorkflow([{ type: 'tool', id: echoToolId }]);
      const send = (input: unknown) =>
        alice
          .post(`/api/v1/workflows/${workflowId}/runs`)
          .set('Idempotency-Key', `key-${workflowId}`)
          .send({ input });
      const first = await send({ a: 1 });
      const again = await send({ a: 1 });
      expect(again.status).toBe(202);
      expect(again.body.id).toBe(first.body.id);
      const other = await send({ a: 2 });
      expect(other.status).toBe(409);
      expect(other.body.error.code).toBe('IDEMPOTENCY_KEY_REUSED');
    });
  });

  describe('refusals before anything runs', () => {
    it('refuses input that does not match the input schema with 422', async () => {
      const workflowId = await createWorkflow([{ type: 'tool', id: echoToolId }], {
        input_schema: {
          type: 'object',
          properties: { topic: { type: 'string' } },
          required: ['topic'],
        },
      });
      for (const input of [{ topic: 3 }, {}, null, 'text', ['topic']]) {
        const refused = await start(alice, workflowId, { input });
        expect(refused.status).toBe(422);
        expect(refused.body.error.code).toBe('INVALID_INPUT');
      }
      const listed = await alice.get(`/api/v1/workflows/${workflowId}/runs`);
      expect(listed.body.total).toBe(0);
    });

    it('answers unknown workflows and runs with 404, and bad headers and bodies with 422', async () => {
      const missing = await start(alice, '00000000-0000-4000-8000-000000000000', { input: {} });
      expect(missing.status).toBe(404);
      expect(missing.body.error.code).toBe('WORKFLOW_NOT_FOUND');
      const notUuid = await alice.get('/api/v1/workflow-runs/not-a-uuid');
      expect(notUuid.status).toBe(404);
      expect(notUuid.body.error.code).toBe('WORKFLOW_RUN_NOT_FOUND');
      const workflowId = await createWorkflow([{ type: 'tool', id: echoToolId }]);
      const badUrl = await start(alice, workflowId, { input: {}, webhook_url: 'not a url' });
      expect(badUrl.status).toBe(422);
      expect(badUrl.body.error.code).toBe('WEBHOOK_URL_INVALID');
      const forbidden = await start(alice, workflowId, {
        input: {},
        webhook_url: 'http://169.254.169.254/latest',
      });
      expect(forbidden.status).toBe(422);
      expect(forbidden.body.error.code).toBe('WEBHOOK_URL_FORBIDDEN');
      const badKey = await alice
        .post(`/api/v1/workflows/${workflowId}/runs`)
        .set('Idempotency-Key', 'a b')
        .send({ input: {} });
      expect(badKey.status).toBe(422);
      expect(badKey.body.error.code).toBe('VALIDATION_ERROR');
    });
  });

  describe('failures', () => {
    it('fails at a failing tool with its code; the steps after it stay pending', async () => {
      const agentId = await createAgent({ provider: 'scripted', model: 'scripted' });
      const workflowId = await createWorkflow([
        { type: 'tool', id: echoToolId },
        { type: 'tool', id: failingToolId },
        { type: 'agent', id: agentId },
      ]);
      const started = await start(alice, workflowId, { input: {} });
      const failed = await untilStatus(started.body.id as string, 'failed');
      expect(failed.error?.code).toBe('TOOL_EXECUTION_FAILED');
      expect(failed.steps.map((step) => step.status)).toEqual(['completed', 'failed', 'pending']);
      expect(failed.steps[1].error?.code).toBe('TOOL_EXECUTION_FAILED');

      const frames = await (await follow(failed.id)).ended;
      expect(frames.map((frame) => frame.event)).toEqual([
        'workflow_started',
        'step_started',
        'step_completed',
        'step_started',
        'step_failed',
        'error',
      ]);
      expect(frames[4].data).toMatchObject({ stepIndex: 1, code: 'TOOL_EXECUTION_FAILED' });
      expect(frames[5].data).toMatchObject({ code: 'TOOL_EXECUTION_FAILED' });
    });

    it('fails at a failing agent step with its run’s code', async () => {
      const agentId = await createAgent(
        scripted([{ text: '', error: { code: 'overloaded_error', message: 'Overloaded' } }]),
      );
      const workflowId = await createWorkflow([{ type: 'agent', id: agentId }]);
      const started = await start(alice, workflowId, { input: { text: 'hello' } });
      const failed = await untilStatus(started.body.id as string, 'failed');
      expect(failed.steps[0]).toMatchObject({ status: 'failed' });
      expect(failed.error?.code).toBe(failed.steps[0].error?.code);
      const stepRun = (await alice.get(`/api/v1/runs/${failed.steps[0].run_id}`)).body;
      expect(stepRun.status).toBe('failed');
      expect(stepRun.error.code).toBe(failed.error?.code);
    });
  });

  describe('cancel', () => {
    it('cancels the running agent step and its run; the stream ends with complete (cancelled)', async () => {
      const agentId = await createAgent(HOLDING);
      const workflowId = await createWorkflow([
        { type: 'agent', id: agentId },
        { type: 'tool', id: echoToolId },
      ]);
      const started = await start(alice, workflowId, { input: { text: 'go' } });
      const id = started.body.id as string;
      const stream = await follow(id);
      await stream.waitFor((frame) => frame.event === 'message_chunk');
      const cancel = await alice.post(`/api/v1/workflow-runs/${id}/cancel`);
      expect(cancel.status).toBe(202);
      expect(cancel.body).toEqual({ workflow_run_id: id, cancel_requested: true });
      const frames = await stream.ended;
      expect(own(frames).at(-1)?.data).toMatchObject({ type: 'complete', reason: 'cancelled' });
      const cancelled = await untilStatus(id, 'cancelled');
      expect(cancelled.steps.map((step) => step.status)).toEqual(['cancelled', 'pending']);
      const stepRun = await eventually('the step run cancelled', async () => {
        const run = (await alice.get(`/api/v1/runs/${cancelled.steps[0].run_id}`)).body as {
          status: string;
          stop_reason: string;
        };
        return run.status === 'cancelled' ? run : undefined;
      });
      expect(stepRun.stop_reason).toBe('cancelled');
      const again = await alice.post(`/api/v1/workflow-runs/${id}/cancel`);
      expect(again.status).toBe(409);
      expect(again.body.error.code).toBe('RUN_FINISHED');
    });

    it('refuses to delete a workflow while a run of it is under way, and deletes it after', async () => {
      const agentId = await createAgent(HOLDING);
      const workflowId = await createWorkflow([{ type: 'agent', id: agentId }]);
      const started = await start(alice, workflowId, { input: { text: 'hold' } });
      const id = started.body.id as string;
      await untilRun(alice, id, (run) => run.steps[0].status === 'running', 'its step running');
      const refused = await alice.del(`/api/v1/workflows/${workflowId}`);
      expect(refused.status).toBe(409);
      expect(refused.body.error).toMatchObject({
        code: 'WORKFLOW_IN_USE',
        details: { active_runs: [{ id, name: id }] },
      });
      await alice.post(`/api/v1/workflow-runs/${id}/cancel`);
      await untilStatus(id, 'cancelled');
      const deleted = await alice.del(`/api/v1/workflows/${workflowId}`);
      expect(deleted.status).toBe(200);
    });
  });

  describe('approvals inside an agent step', () => {
    it('waits for the approval, relays it, and goes on once it is approved', async () => {
      const gated = await startHttpToolServer(() => ({ json: { created: true } }));
      const created = await alice.post('/api/v1/tools', {
        name: unique('create_customer'),
        parameters: { type: 'object' },
        implementation: { type: 'http', url: gated.url },
      });
      expect(created.body.requires_approval).toBe(true);
      const agentId = await createAgent(
        scripted([
          {
            text: 'Creating.',
            tool_calls: [{ id: 'toolu_1', name: created.body.name, args: { n: 1 } }],
          },
          { text: 'Created.' },
        ]),
        [created.body.id as string],
      );
      const workflowId = await createWorkflow([
        { type: 'agent', id: agentId },
        { type: 'tool', id: echoToolId, input: { text: '{{ previous.output }}' } },
      ]);
      const started = await start(alice, workflowId, { input: { text: 'make one' } });
      const id = started.body.id as string;
      const stream = await follow(id);
      const asked = await stream.waitFor((frame) => frame.event === 'approval_requested');
      expect(asked.data).toMatchObject({ stepIndex: 0, workflowRunId: id });
      const waiting = await untilStatus(id, 'awaiting_approval');
      expect(waiting.steps[0].status).toBe('awaiting_approval');

      const decided = await alice.post(`/api/v1/approvals/${asked.data.approvalId as string}`, {
        decision: 'approve',
      });
      expect(decided.status).toBe(200);
      const frames = await stream.ended;
      expect(frames.map((frame) => frame.event)).toContain('approval_resolved');
      const done = await untilStatus(id, 'completed');
      expect(done.steps[0]).toMatchObject({ status: 'completed', output: 'Created.' });
      expect(done.output).toEqual({ received: { text: 'Created.' } });
      expect(gated.requests).toHaveLength(1);
      await gated.close();
    });
  });

  describe('a workflow called as a tool', () => {
    async function workflowTool(workflowId: string): Promise<{ id: string; name: string }> {
      const created = await alice.post('/api/v1/tools', {
        name: unique('run_workflow'),
        description: 'Runs a workflow',
        implementation: { type: 'workflow', workflow_id: workflowId },
      });
      expect(created.status).toBe(201);
      return created.body as { id: string; name: string };
    }

    it('answers a REST call with its output and run, its parameters the workflow input schema', async () => {
      const schema = {
        type: 'object',
        properties: { topic: { type: 'string' } },
        required: ['topic'],
      };
      const workflowId = await createWorkflow(
        [
          { type: 'tool', key: 'first', id: echoToolId, input: { about: '{{ input.topic }}' } },
          { type: 'tool', id: echoToolId, input: { again: '{{ steps.first.output }}' } },
        ],
        { input_schema: schema },
      );
      const tool = await workflowTool(workflowId);
      const listed = (await alice.get(`/api/v1/tools/${tool.id}`)).body;
      expect(listed).toMatchObject({ parameters: schema, requires_approval: false });

      const called = await alice.post(`/api/tools/${tool.name}`, { topic: 'login' });
      expect(called.status).toBe(200);
      const runId = called.body.result.workflow_run_id as string;
      expect(called.body.result).toEqual({
        output: { received: { again: { received: { about: 'login' } } } },
        workflow_run_id: runId,
        steps: [
          { index: 0, key: 'first', status: 'completed' },
          { index: 1, key: null, status: 'completed' },
        ],
        artifacts: [],
      });
      const run = (await alice.get(`/api/v1/workflow-runs/${runId}`)).body as WorkflowRunView;
      expect(run).toMatchObject({ status: 'completed', input: { topic: 'login' } });
      // It acts for the caller: another user cannot read it.
      expect((await bob.get(`/api/v1/workflow-runs/${runId}`)).status).toBe(404);

      const refused = await alice.post(`/api/tools/${tool.name}`, { topic: 3 });
      expect(refused.status).toBe(400);
      expect(refused.body.error.code).toBe('INVALID_INPUT');

      const unknown = await alice.post('/api/v1/tools', {
        name: unique('run_nothing'),
        implementation: { type: 'workflow', workflow_id: '00000000-0000-4000-8000-000000000000' },
      });
      expect(unknown.status).toBe(422);
      expect(unknown.body.error.details).toEqual([
        {
          field: 'implementation.workflow_id',
          messages: [
            "implementation.workflow_id must be the id of a workflow; '00000000-0000-4000-8000-000000000000' is none",
          ],
        },
      ]);
    });

    it('answers WORKFLOW_RUN_FAILED naming the failed run and its code', async () => {
      const workflowId = await createWorkflow([{ type: 'tool', id: failingToolId }]);
      const tool = await workflowTool(workflowId);
      const called = await alice.post(`/api/tools/${tool.name}`, {});
      expect(called.status).toBe(502);
      expect(called.body.error.code).toBe('WORKFLOW_RUN_FAILED');
      expect(called.body.error.details).toMatchObject({ code: 'TOOL_EXECUTION_FAILED' });
    });

    it('is called by an agent like any tool, and a workflow calling itself stops at the depth limit', async () => {
      const workflowId = await createWorkflow([{ type: 'tool', id: echoToolId }]);
      const tool = await workflowTool(workflowId);
      const agentId = await createAgent(
        scripted([
          { text: 'Running.', tool_calls: [{ id: 'toolu_1', name: tool.name, args: { n: 7 } }] },
          { text: 'Ran.' },
        ]),
        [tool.id],
      );
      const { body: session } = await alice.post('/api/v1/sessions', { agent_id: agentId });
      const stream = await alice.stream(session.id as string, { content: 'Go' });
      const frames = await stream.ended;
      const result = frames.find((frame) => frame.event === 'tool_result');
      expect(result?.data).toMatchObject({
        success: true,
        result: { output: { received: { n: 7 } } },
      });
      const nested = result?.data.result as { workflow_run_id: string };
      const run = (await alice.get(`/api/v1/workflow-runs/${nested.workflow_run_id}`)).body;
      expect(run.status).toBe('completed');

      const loop = await createWorkflow([{ type: 'tool', id: echoToolId }]);
      const loopTool = await workflowTool(loop);
      const updated = await alice.put(`/api/v1/workflows/${loop}`, {
        steps: [{ type: 'tool', id: loopTool.id }],
      });
      expect(updated.status).toBe(200);
      const called = await alice.post(`/api/tools/${loopTool.name}`, {});
      expect(called.status).toBe(502);
      expect(called.body.error.message).toContain('AGENT_TOOL_MAX_DEPTH');
    });
  });

  describe('the event stream', () => {
    it('resumes after Last-Event-ID without gaps or duplicates, and answers 204 at the end', async () => {
      const workflowId = await createWorkflow([
        { type: 'tool', id: echoToolId },
        { type: 'tool', id: echoToolId },
      ]);
      const started = await start(alice, workflowId, { input: {} });
      const id = started.body.id as string;
      await untilStatus(id, 'completed');
      const all = await (await follow(id)).ended;
      const rest = await (await follow(id, { 'Last-Event-ID': '2' })).ended;
      expect(rest.map((frame) => frame.data)).toEqual(all.slice(3).map((frame) => frame.data));
      const last = all.at(-1)?.id as string;
      const none = await follow(id, { 'Last-Event-ID': last });
      expect(none.status).toBe(204);
    });
  });
});
