/**
 * A workflow step's `retry`, `timeout_seconds` and `on_error`, through the real HTTP API
 * against loopback tool servers that record every call: retries with growing, jittered delays,
 * attempts stopped at their timeout, failures the run goes on after, and bad policies refused.
 */
import { eventually } from './support/eventually';
import { listeningUrl, type RuntimeUser, runtimeUser } from './support/runtime-client';
import { type SseFrame, openEventStream } from './support/sse-client';
import { describeOnAdapter } from './support/test-app';
import { type ToolServer, startHttpToolServer } from './support/tool-servers';

let counter = 0;
const unique = (base: string) => `${base}_${++counter}`;

interface WorkflowRunView {
  id: string;
  status: string;
  output: unknown;
  steps: {
    status: string;
    attempts: number;
    run_id?: string;
    output?: unknown;
    error?: { code: string; message: string };
  }[];
  error: { code: string; message: string } | null;
}

describeOnAdapter('workflow step retries, timeouts and on_error', (app) => {
  let alice: RuntimeUser;
  let base: string;
  const servers: ToolServer[] = [];

  beforeAll(async () => {
    alice = await runtimeUser(app(), 'alice');
    base = await listeningUrl(app());
  });

  afterAll(async () => {
    for (const server of servers.splice(0)) await server.close();
  });

  /** A tool whose n-th call (from 1) is answered by `answer(n)`: an echo unless it says else. */
  async function toolAnswering(
    answer: (call: number) => 'fail' | 'hang' | 'echo' = () => 'echo',
  ): Promise<{ id: string; server: ToolServer }> {
    let calls = 0;
    const server = await startHttpToolServer((request) => {
      const outcome = answer(++calls);
      if (outcome === 'hang') return 'hang';
      if (outcome === 'fail') return { status: 503, json: { message: 'down' } };
      return { json: { received: JSON.parse(request.body) as unknown } };
    });
    servers.push(server);
    const created = await alice.post('/api/v1/tools', {
      name: unique('tool'),
      parameters: { type: 'object' },
      implementation: { type: 'http', url: server.url },
    });
    expect(created.status).toBe(201);
    return { id: created.body.id as string, server };
  }

  async function createWorkflow(steps: object[]): Promise<string> {
    const created = await alice.post('/api/v1/workflows', { name: unique('workflow'), steps });
    expect(created.status).toBe(201);
    return created.body.id as string;
  }

  async function runUntilEnded(workflowId: string, input: object = {}) {
    const started = await alice.post(`/api/v1/workflows/${workflowId}/runs`, { input });
    expect(started.status).toBe(202);
    const id = started.body.id as string;
    const frames = await (await follow(id)).ended;
    const run = (await alice.get(`/api/v1/workflow-runs/${id}`)).body as WorkflowRunView;
    return { run, frames };
  }

  const follow = (id: string) =>
    openEventStream(`${base}/api/v1/workflow-runs/${id}/events`, {
      headers: { Authorization: alice.auth },
    });

  const eventsOf = (frames: readonly SseFrame[]) =>
    frames.filter((frame) => frame.data.runId === undefined).map((frame) => frame.event);

  describe('retry', () => {
    it('runs a failing step again after growing delays until it succeeds', async () => {
      const flaky = await toolAnswering((call) => (call <= 2 ? 'fail' : 'echo'));
      const workflowId = await createWorkflow([
        {
          type: 'tool',
          id: flaky.id,
          input: { n: '{{ input.n }}' },
          retry: { max_attempts: 3, initial_delay_ms: 200, factor: 2 },
        },
      ]);
      const { run, frames } = await runUntilEnded(workflowId, { n: 7 });

      expect(run.status).toBe('completed');
      expect(run.output).toEqual({ received: { n: 7 } });
      expect(run.steps[0]).toMatchObject({ status: 'completed', attempts: 3 });
      expect(flaky.server.requests.map((request) => request.body)).toEqual([
        '{"n":7}',
        '{"n":7}',
        '{"n":7}',
      ]);
      expect(eventsOf(frames)).toEqual([
        'workflow_started',
        'step_started',
        'step_retrying',
        'step_started',
        'step_retrying',
        'step_started',
        'step_completed',
        'workflow_completed',
        'complete',
      ]);
      const retries = frames.filter((frame) => frame.event === 'step_retrying');
      expect(retries.map((frame) => frame.data)).toEqual([
        expect.objectContaining({ stepIndex: 0, attempt: 1, code: 'TOOL_EXECUTION_FAILED' }),
        expect.objectContaining({ stepIndex: 0, attempt: 2, code: 'TOOL_EXECUTION_FAILED' }),
      ]);
      // Each delay is the grown one less up to half of it, and the calls are at least that apart.
      const delays = retries.map((frame) => frame.data.delayMs as number);
      expect(delays[0]).toBeGreaterThanOrEqual(100);
      expect(delays[0]).toBeLessThanOrEqual(200);
      expect(delays[1]).toBeGreaterThanOrEqual(200);
      expect(delays[1]).toBeLessThanOrEqual(400);
      const arrivals = flaky.server.requests.map((request) => request.receivedAt);
      expect(arrivals[1] - arrivals[0]).toBeGreaterThanOrEqual(delays[0] - 1);
      expect(arrivals[2] - arrivals[1]).toBeGreaterThanOrEqual(delays[1] - 1);
    });

    it('fails the run with the last failure once its attempts are spent', async () => {
      const down = await toolAnswering(() => 'fail');
      const workflowId = await createWorkflow([
        { type: 'tool', id: down.id, retry: { max_attempts: 2, initial_delay_ms: 0 } },
      ]);
      const { run, frames } = await runUntilEnded(workflowId);

      expect(run.status).toBe('failed');
      expect(run.error?.code).toBe('TOOL_EXECUTION_FAILED');
      expect(run.steps[0]).toMatchObject({ status: 'failed', attempts: 2 });
      expect(down.server.requests).toHaveLength(2);
      expect(eventsOf(frames)).toEqual([
        'workflow_started',
        'step_started',
        'step_retrying',
        'step_started',
        'step_failed',
        'error',
      ]);
    });

    it('is cut short by a cancel while it waits to retry', async () => {
      const down = await toolAnswering(() => 'fail');
      const workflowId = await createWorkflow([
        { type: 'tool', id: down.id, retry: { max_attempts: 5, initial_delay_ms: 600_000 } },
      ]);
      const started = await alice.post(`/api/v1/workflows/${workflowId}/runs`, { input: {} });
      const id = started.body.id as string;
      const stream = await follow(id);
      await stream.waitFor((frame) => frame.event === 'step_retrying');
      expect((await alice.post(`/api/v1/workflow-runs/${id}/cancel`)).status).toBe(202);

      const frames = await stream.ended;
      expect(frames.at(-1)?.data).toMatchObject({ type: 'complete', reason: 'cancelled' });
      const run = (await alice.get(`/api/v1/workflow-runs/${id}`)).body as WorkflowRunView;
      expect(run.status).toBe('cancelled');
      expect(run.steps[0].status).toBe('cancelled');
      expect(down.server.requests).toHaveLength(1);
    });
  });

  describe('timeout_seconds', () => {
    it('aborts a tool call that takes too long; a retry then succeeds', async () => {
      const slowOnce = await toolAnswering((call) => (call === 1 ? 'hang' : 'echo'));
      const workflowId = await createWorkflow([
        {
          type: 'tool',
          id: slowOnce.id,
          timeout_seconds: 1,
          retry: { max_attempts: 2, initial_delay_ms: 0 },
        },
      ]);
      const { run, frames } = await runUntilEnded(workflowId, { a: 1 });

      expect(run.status).toBe('completed');
      expect(run.output).toEqual({ received: { a: 1 } });
      expect(slowOnce.server.requests).toHaveLength(2);
      // The first call was hung up on: the attempt stopped, it did not just stop waiting.
      await slowOnce.server.requests[0].aborted;
      expect(frames.find((frame) => frame.event === 'step_retrying')?.data).toMatchObject({
        attempt: 1,
        code: 'STEP_TIMEOUT',
      });
    });

    it('fails an agent step that takes too long with STEP_TIMEOUT and cancels its run', async () => {
      const agent = await alice.post('/api/v1/agents', {
        name: unique('agent'),
        system_prompt: 'You are a test agent.',
        model_config: {
          provider: 'scripted',
          model: 'scripted',
          script: [{ text: 'Working on it.', hold: true }],
        },
      });
      expect(agent.status).toBe(201);
      const workflowId = await createWorkflow([
        { type: 'agent', id: agent.body.id, timeout_seconds: 1 },
      ]);
      const { run } = await runUntilEnded(workflowId, { text: 'go' });

      expect(run.status).toBe('failed');
      expect(run.error).toEqual({
        code: 'STEP_TIMEOUT',
        message: 'The step did not end within its 1 s',
      });
      expect(run.steps[0]).toMatchObject({ status: 'failed', error: run.error });
      await eventually('the step’s run cancelled', async () => {
        const stepRun = (await alice.get(`/api/v1/runs/${run.steps[0].run_id}`)).body as {
          status: string;
        };
        return stepRun.status === 'cancelled' || undefined;
      });
    });
  });

  describe('on_error', () => {
    it('continue: records the failure, gives null to the next step and completes the run', async () => {
      const down = await toolAnswering(() => 'fail');
      const echo = await toolAnswering();
      const workflowId = await createWorkflow([
        { type: 'tool', id: down.id, key: 'optional', on_error: 'continue' },
        { type: 'tool', id: echo.id, input: { before: '{{ previous.output }}' } },
      ]);
      const { run, frames } = await runUntilEnded(workflowId);

      expect(run.status).toBe('completed');
      expect(run.output).toEqual({ received: { before: null } });
      expect(run.steps.map((step) => step.status)).toEqual(['failed', 'completed']);
      expect(run.steps[0].error?.code).toBe('TOOL_EXECUTION_FAILED');
      expect(eventsOf(frames)).toEqual([
        'workflow_started',
        'step_started',
        'step_failed',
        'step_started',
        'step_completed',
        'workflow_completed',
        'complete',
      ]);
      expect(frames[2].data).toMatchObject({
        stepIndex: 0,
        code: 'TOOL_EXECUTION_FAILED',
        continued: true,
      });
    });

    it('continue on the last step: the run completes with a null output', async () => {
      const down = await toolAnswering(() => 'fail');
      const workflowId = await createWorkflow([
        { type: 'tool', id: down.id, on_error: 'continue', retry: { max_attempts: 2 } },
      ]);
      const { run } = await runUntilEnded(workflowId);

      expect(run.status).toBe('completed');
      expect(run.output).toBeNull();
      expect(down.server.requests).toHaveLength(2);
    });
  });

  describe('definitions', () => {
    it('keeps the policies as given and shows them with the workflow', async () => {
      const echo = await toolAnswering();
      const step = {
        type: 'tool',
        id: echo.id,
        retry: { max_attempts: 4, initial_delay_ms: 10, factor: 1.5, max_delay_ms: 50 },
        timeout_seconds: 30,
        on_error: 'continue',
      };
      const workflowId = await createWorkflow([step, { type: 'tool', id: echo.id }]);
      const shown = await alice.get(`/api/v1/workflows/${workflowId}`);
      expect(shown.body.steps).toEqual([
        { ...step, name: expect.any(String) },
        { type: 'tool', id: echo.id, name: expect.any(String) },
      ]);
    });

    it.each([
      ['no attempt', { retry: { max_attempts: 0 } }, 'steps.0.retry.max_attempts'],
      ['11 attempts', { retry: { max_attempts: 11 } }, 'steps.0.retry.max_attempts'],
      ['a shrinking factor', { retry: { max_attempts: 2, factor: 0.5 } }, 'steps.0.retry.factor'],
      ['a negative delay', { retry: { max_attempts: 2, initial_delay_ms: -1 } }, 'steps.0.retry'],
      ['a timeout of 0', { timeout_seconds: 0 }, 'steps.0.timeout_seconds'],
      ['a fractional timeout', { timeout_seconds: 1.5 }, 'steps.0.timeout_seconds'],
      ['an unknown on_error', { on_error: 'ignore' }, 'steps.0.on_error'],
    ])('422 VALIDATION_ERROR for %s', async (_what, policy, field) => {
      const echo = await toolAnswering();
      const refused = await alice.post('/api/v1/workflows', {
        name: unique('workflow'),
        steps: [{ type: 'tool', id: echo.id, ...policy }],
      });
      expect(refused.status).toBe(422);
      expect(refused.body.error.code).toBe('VALIDATION_ERROR');
      expect(JSON.stringify(refused.body.error.details)).toContain(field);
    });
  });
});
