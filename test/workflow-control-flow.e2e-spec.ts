/**
 * Workflow steps that hold others (`branch`, `loop`, `parallel`, `map`), through the real HTTP
 * API against loopback tool servers that record or hold each call: what runs, at once or not,
 * what each step outputs, the rows and events of nested steps, cancel, and bad definitions.
 */
import { eventually } from './support/eventually';
import { listeningUrl, type RuntimeUser, runtimeUser } from './support/runtime-client';
import { type SseFrame, openEventStream } from './support/sse-client';
import { describeOnAdapter } from './support/test-app';
import {
  type GatedToolServer,
  type ToolServer,
  startGatedToolServer,
  startHttpToolServer,
} from './support/tool-servers';

let counter = 0;
const unique = (base: string) => `${base}_${++counter}`;

interface StepRunView {
  path: string;
  status: string;
  attempts: number;
  output?: unknown;
  error?: { code: string; message: string };
  steps?: StepRunView[];
}

interface WorkflowRunView {
  id: string;
  status: string;
  output: unknown;
  steps: StepRunView[];
  error: { code: string; message: string } | null;
}

/** Every step run of the tree, a step before the ones it holds: `path → status`. */
function statusesOf(steps: readonly StepRunView[]): Record<string, string> {
  return Object.fromEntries(
    steps.flatMap((step) => [
      [step.path, step.status],
      ...Object.entries(statusesOf(step.steps ?? [])),
    ]),
  );
}

describeOnAdapter('workflow control flow', (app) => {
  let alice: RuntimeUser;
  let base: string;
  let echo: string;
  const servers: ToolServer[] = [];

  beforeAll(async () => {
    alice = await runtimeUser(app(), 'alice');
    base = await listeningUrl(app());
    echo = await toolAt(await startHttpToolServer());
  });

  afterAll(async () => {
    for (const server of servers.splice(0)) await server.close();
  });

  async function toolAt(server: ToolServer): Promise<string> {
    servers.push(server);
    const created = await alice.post('/api/v1/tools', {
      name: unique('tool'),
      parameters: { type: 'object' },
      implementation: { type: 'http', url: server.url },
    });
    expect(created.status).toBe(201);
    return created.body.id as string;
  }

  async function gatedTool(): Promise<{ id: string; server: GatedToolServer }> {
    const server = await startGatedToolServer();
    return { id: await toolAt(server), server };
  }

  async function createWorkflow(steps: object[]): Promise<string> {
    const created = await alice.post('/api/v1/workflows', { name: unique('workflow'), steps });
    expect(created.status).toBe(201);
    return created.body.id as string;
  }

  async function start(workflowId: string, input: object = {}) {
    const started = await alice.post(`/api/v1/workflows/${workflowId}/runs`, { input });
    expect(started.status).toBe(202);
    const id = started.body.id as string;
    const stream = await openEventStream(`${base}/api/v1/workflow-runs/${id}/events`, {
      headers: { Authorization: alice.auth },
    });
    const ended = async () => {
      const frames = await stream.ended;
      const run = (await alice.get(`/api/v1/workflow-runs/${id}`)).body as WorkflowRunView;
      return { run, frames };
    };
    return { id, ended };
  }

  async function runUntilEnded(workflowId: string, input: object = {}) {
    return (await start(workflowId, input)).ended();
  }

  /** The workflow run's own events, as `type path`. */
  /** Until the gated server holds `count` calls at once. */
  const untilHeld = (server: GatedToolServer, count: number) =>
    eventually(`${count} calls held`, () =>
      Promise.resolve(server.held().length === count ? true : undefined),
    );

  const eventsOf = (frames: readonly SseFrame[]) =>
    frames
      .filter((frame) => frame.data.runId === undefined && frame.event !== 'complete')
      .map((frame) =>
        frame.data.stepPath === undefined
          ? frame.event
          : `${frame.event} ${frame.data.stepPath as string}`,
      );

  describe('branch', () => {
    const routed = () =>
      createWorkflow([
        {
          type: 'branch',
          key: 'route',
          cases: [
            { when: 'input.n > 10', steps: [{ type: 'tool', id: echo, input: { size: 'big' } }] },
            {
              when: 'input.n > 0',
              steps: [
                {
                  type: 'tool',
                  id: echo,
                  key: 'small',
                  input: { size: 'small', n: '{{ input.n }}' },
                },
                {
                  type: 'tool',
                  id: echo,
                  input: { was: '{{ steps.small.output.received.size }}' },
                },
              ],
            },
          ],
          default: [{ type: 'tool', id: echo, input: { size: 'none' } }],
        },
        { type: 'tool', id: echo, input: { routed: '{{ steps.route.output }}' } },
      ]);

    it('runs the first case whose when is true; the others are skipped', async () => {
      const { run, frames } = await runUntilEnded(await routed(), { n: 5 });

      expect(run.status).toBe('completed');
      expect(run.output).toEqual({ received: { routed: { received: { was: 'small' } } } });
      expect(statusesOf(run.steps)).toEqual({
        '0': 'completed',
        '0/cases/0/0': 'skipped',
        '0/cases/1/0': 'completed',
        '0/cases/1/1': 'completed',
        '0/default/0': 'skipped',
        '1': 'completed',
      });
      expect(eventsOf(frames)).toEqual([
        'workflow_started',
        'step_started 0',
        'step_started 0/cases/1/0',
        'step_completed 0/cases/1/0',
        'step_started 0/cases/1/1',
        'step_completed 0/cases/1/1',
        'step_completed 0',
        'step_started 1',
        'step_completed 1',
        'workflow_completed',
      ]);
      const started = frames.find((frame) => frame.data.stepPath === '0/cases/1/0');
      expect(started?.data).toMatchObject({ stepType: 'tool', refId: echo, stepKey: 'small' });
      expect(started?.data.stepIndex).toBeUndefined();
    });

    it('runs default when no case is true, and outputs null without one', async () => {
      const { run } = await runUntilEnded(await routed(), { n: -1 });
      expect(run.output).toEqual({ received: { routed: { received: { size: 'none' } } } });

      const noDefault = await createWorkflow([
        { type: 'branch', cases: [{ when: 'false', steps: [{ type: 'tool', id: echo }] }] },
      ]);
      const ended = await runUntilEnded(noDefault);
      expect(ended.run).toMatchObject({ status: 'completed', output: null });
      expect(statusesOf(ended.run.steps)).toEqual({ '0': 'completed', '0/cases/0/0': 'skipped' });
    });
  });

  describe('loop', () => {
    it('runs its steps until `until` holds, each iteration fed the previous one', async () => {
      let calls = 0;
      const counting = await toolAt(await startHttpToolServer(() => ({ json: { n: ++calls } })));
      const workflowId = await createWorkflow([
        {
          type: 'loop',
          key: 'count',
          until: 'previous.n >= 3',
          max_iterations: 5,
          steps: [{ type: 'tool', id: counting, input: { seen: '{{ previous.output }}' } }],
        },
      ]);
      const { run } = await runUntilEnded(workflowId, { start: true });

      expect(run).toMatchObject({ status: 'completed', output: { n: 3 } });
      expect(statusesOf(run.steps)).toEqual({
        '0': 'completed',
        '0/iterations/0/0': 'completed',
        '0/iterations/1/0': 'completed',
        '0/iterations/2/0': 'completed',
      });
      expect(calls).toBe(3);
    });

    it('fails with LOOP_LIMIT once max_iterations ran without `until` true', async () => {
      const workflowId = await createWorkflow([
        { type: 'loop', until: 'false', max_iterations: 2, steps: [{ type: 'tool', id: echo }] },
      ]);
      const { run } = await runUntilEnded(workflowId);
      expect(run.status).toBe('failed');
      expect(run.error).toMatchObject({ code: 'LOOP_LIMIT' });
      expect(statusesOf(run.steps)).toEqual({
        '0': 'failed',
        '0/iterations/0/0': 'completed',
        '0/iterations/1/0': 'completed',
      });
    });
  });

  describe('parallel', () => {
    it('runs its branches at the same time; outputs each branch’s last output by name', async () => {
      const gated = await gatedTool();
      const workflowId = await createWorkflow([
        {
          type: 'parallel',
          branches: {
            left: [{ type: 'tool', id: gated.id, input: { side: 'left' } }],
            right: [
              { type: 'tool', id: gated.id, input: { side: 'right' } },
              { type: 'tool', id: echo, input: { after: '{{ previous.output.received.side }}' } },
            ],
          },
        },
      ]);
      const { ended } = await start(workflowId);
      // Both branches' calls are held at once: they overlap.
      await untilHeld(gated.server, 2);
      gated.server.releaseAll();
      const { run } = await ended();

      expect(run.output).toEqual({
        left: { received: { side: 'left' } },
        right: { received: { after: 'right' } },
      });
      expect(statusesOf(run.steps)).toEqual({
        '0': 'completed',
        '0/branches/left/0': 'completed',
        '0/branches/right/0': 'completed',
        '0/branches/right/1': 'completed',
      });
    });

    it('goes on past a failing branch step whose on_error is continue', async () => {
      const down = await toolAt(await startHttpToolServer(() => ({ status: 503, json: {} })));
      const workflowId = await createWorkflow([
        {
          type: 'parallel',
          branches: {
            ok: [{ type: 'tool', id: echo, input: { fine: true } }],
            bad: [{ type: 'tool', id: down, on_error: 'continue' }],
          },
        },
      ]);
      const { run, frames } = await runUntilEnded(workflowId);

      expect(run).toMatchObject({
        status: 'completed',
        output: { ok: { received: { fine: true } }, bad: null },
      });
      const failed = frames.find((frame) => frame.event === 'step_failed');
      expect(failed?.data).toMatchObject({
        stepPath: '0/branches/bad/0',
        code: 'TOOL_EXECUTION_FAILED',
        continued: true,
      });
    });

    it('stops the other branches when one fails, and fails with its error', async () => {
      const gated = await gatedTool();
      const down = await toolAt(await startHttpToolServer(() => ({ status: 503, json: {} })));
      const workflowId = await createWorkflow([
        {
          type: 'parallel',
          branches: {
            slow: [{ type: 'tool', id: gated.id }],
            bad: [
              { type: 'tool', id: echo, input: { wait: '{{ input.wait }}' } },
              { type: 'tool', id: down },
            ],
          },
        },
      ]);
      const { ended } = await start(workflowId, { wait: 1 });
      const held = await eventually('the slow branch calling', () =>
        Promise.resolve(gated.server.held().at(0)),
      );
      const { run } = await ended();

      expect(run.status).toBe('failed');
      expect(run.error).toMatchObject({ code: 'TOOL_EXECUTION_FAILED' });
      await held.aborted;
      expect(statusesOf(run.steps)).toMatchObject({
        '0': 'failed',
        '0/branches/slow/0': 'cancelled',
        '0/branches/bad/1': 'failed',
      });
    });
  });

  describe('map', () => {
    it('runs its steps per item, at most `concurrency` at once; outputs in item order', async () => {
      const gated = await gatedTool();
      const workflowId = await createWorkflow([
        {
          type: 'map',
          items: 'input.xs',
          concurrency: 2,
          steps: [{ type: 'tool', id: gated.id, input: { x: '{{ item }}', i: '{{ index }}' } }],
        },
      ]);
      const xs = ['a', 'b', 'c', 'd', 'e'];
      const { ended } = await start(workflowId, { xs });
      for (let answered = 0; answered < xs.length;) {
        const expected = Math.min(2, xs.length - answered);
        await untilHeld(gated.server, expected);
        answered += expected;
        gated.server.releaseAll();
      }
      const { run } = await ended();

      expect(gated.server.mostHeld()).toBe(2);
      expect(run.output).toEqual(xs.map((x, i) => ({ received: { x, i } })));
      expect(run.steps[0].steps?.map((step) => step.path)).toEqual(
        xs.map((_, i) => `0/items/${i}/0`),
      );
    });

    it('fails with MAP_TOO_MANY_ITEMS for more than 1000 items, calling nothing', async () => {
      const recorder = await startHttpToolServer();
      const tool = await toolAt(recorder);
      const workflowId = await createWorkflow([
        { type: 'map', items: 'input.xs', steps: [{ type: 'tool', id: tool }] },
      ]);
      const { run } = await runUntilEnded(workflowId, {
        xs: Array.from({ length: 1001 }, () => 1),
      });
      expect(run.status).toBe('failed');
      expect(run.error).toMatchObject({ code: 'MAP_TOO_MANY_ITEMS' });
      expect(recorder.requests).toHaveLength(0);
    });

    it('is cancelled with the run: every item at work is stopped', async () => {
      const gated = await gatedTool();
      const workflowId = await createWorkflow([
        {
          type: 'map',
          items: '[1, 2, 3]',
          concurrency: 3,
          steps: [{ type: 'tool', id: gated.id, input: { x: '{{ item }}' } }],
        },
      ]);
      const { id, ended } = await start(workflowId);
      await untilHeld(gated.server, 3);
      const held = gated.server.held();
      expect((await alice.post(`/api/v1/workflow-runs/${id}/cancel`)).status).toBe(202);
      const { run } = await ended();

      expect(run.status).toBe('cancelled');
      await Promise.all(held.map((request) => request.aborted));
      expect(statusesOf(run.steps)).toEqual({
        '0': 'cancelled',
        '0/items/0/0': 'cancelled',
        '0/items/1/0': 'cancelled',
        '0/items/2/0': 'cancelled',
      });
    });
  });

  it('nests at any depth: a map inside a parallel branch inside a branch', async () => {
    const workflowId = await createWorkflow([
      {
        type: 'branch',
        cases: [
          {
            when: 'size(input.xs) > 0',
            steps: [
              {
                type: 'parallel',
                branches: {
                  each: [
                    {
                      type: 'map',
                      items: 'input.xs',
                      concurrency: 1,
                      steps: [{ type: 'tool', id: echo, input: { x: '{{ item }}' } }],
                    },
                  ],
                  once: [{ type: 'tool', id: echo, input: { once: true } }],
                },
              },
            ],
          },
        ],
      },
    ]);
    const { run, frames } = await runUntilEnded(workflowId, { xs: [1, 2] });

    expect(run.output).toEqual({
      each: [{ received: { x: 1 } }, { received: { x: 2 } }],
      once: { received: { once: true } },
    });
    expect(statusesOf(run.steps)).toEqual({
      '0': 'completed',
      '0/cases/0/0': 'completed',
      '0/cases/0/0/branches/each/0': 'completed',
      '0/cases/0/0/branches/each/0/items/0/0': 'completed',
      '0/cases/0/0/branches/each/0/items/1/0': 'completed',
      '0/cases/0/0/branches/once/0': 'completed',
    });
    // The map's items run one after the other, inside their branch, inside the case.
    const each = eventsOf(frames).filter((event) => event.includes('branches/each'));
    expect(each).toEqual([
      'step_started 0/cases/0/0/branches/each/0',
      'step_started 0/cases/0/0/branches/each/0/items/0/0',
      'step_completed 0/cases/0/0/branches/each/0/items/0/0',
      'step_started 0/cases/0/0/branches/each/0/items/1/0',
      'step_completed 0/cases/0/0/branches/each/0/items/1/0',
      'step_completed 0/cases/0/0/branches/each/0',
    ]);
    const all = eventsOf(frames);
    expect(all.slice(0, 3)).toEqual([
      'workflow_started',
      'step_started 0',
      'step_started 0/cases/0/0',
    ]);
    expect(all.slice(-3)).toEqual([
      'step_completed 0/cases/0/0',
      'step_completed 0',
      'workflow_completed',
    ]);
  });

  describe('bad definitions', () => {
    const refused = async (steps: object[]) => {
      const response = await alice.post('/api/v1/workflows', { name: unique('bad'), steps });
      expect(response.status).toBe(422);
      return response.body.error as { code: string; message: string; details: unknown };
    };
    // Built before the tools exist (`it.each`): its tool id is checked only after the fields.
    const anyId = '5b1d2c3e-4f50-4a6b-8c7d-9e0f1a2b3c4d';
    const map = (fields: object) => ({
      type: 'map',
      items: 'input.xs',
      steps: [{ type: 'tool', id: anyId }],
      ...fields,
    });

    it('refuses a key used twice at any depth', async () => {
      const error = await refused([
        { type: 'tool', id: anyId, key: 'twice' },
        map({ steps: [{ type: 'tool', id: anyId, key: 'twice' }] }),
      ]);
      expect(error.code).toBe('VALIDATION_ERROR');
      expect(error.message).toContain('steps');
      expect(JSON.stringify(error.details)).toContain("'twice' is the key of steps 0, 1.steps.0");
    });

    it('refuses an unknown nested step type, naming the field', async () => {
      const error = await refused([map({ steps: [{ type: 'robot' }] })]);
      expect(error.details).toEqual([
        { field: 'steps.0.steps.0.type', messages: [expect.stringContaining('must be one of')] },
      ]);
    });

    it.each([
      ['concurrency 0', map({ concurrency: 0 }), 'steps.0.concurrency'],
      ['concurrency 1000', map({ concurrency: 1000 }), 'steps.0.concurrency'],
      [
        'max_iterations 10000',
        { type: 'loop', until: 'true', max_iterations: 10_000, steps: [] },
        'steps.0.max_iterations',
      ],
      ['a map without items', { type: 'map', steps: [] }, 'steps.0.type'],
      ['a field of another type', { type: 'tool', id: anyId, until: 'true' }, 'steps.0.type'],
    ])('refuses %s, naming the field', async (_what, step, field) => {
      const error = await refused([step]);
      expect(error.code).toBe('VALIDATION_ERROR');
      expect(error.details).toEqual([expect.objectContaining({ field })]);
    });

    it('refuses an expression that does not parse, naming the step and the position', async () => {
      const error = await refused([
        {
          type: 'branch',
          key: 'route',
          cases: [{ when: 'input.n >', steps: [map({ key: 'inner', items: 'item +' })] }],
        },
      ]);
      expect(error.code).toBe('INVALID_EXPRESSION');
      expect(error.details).toEqual({
        invalid_expressions: [
          expect.objectContaining({
            step: 'route',
            field: 'cases.0.when',
            position: expect.any(Number),
          }),
          expect.objectContaining({ step: 'inner', field: 'items' }),
        ],
      });
    });

    it('refuses a nested step naming no tool, listing its id', async () => {
      const missing = anyId;
      const response = await alice.post('/api/v1/workflows', {
        name: unique('bad'),
        steps: [map({ steps: [{ type: 'tool', id: missing }] })],
      });
      expect(response.status).toBe(400);
      expect(response.body.error).toMatchObject({
        code: 'INVALID_STEP_REFERENCES',
        details: { invalid_step_ids: [missing] },
      });
    });
  });

  it('shows nested steps as saved, and keeps a tool a nested step runs from deletion', async () => {
    const tool = await toolAt(await startHttpToolServer());
    const steps = [
      {
        type: 'branch',
        cases: [{ when: 'true', steps: [{ type: 'tool', id: tool, key: 'inner' }] }],
        default: [],
      },
    ];
    const workflowId = await createWorkflow(steps);
    const shown = (await alice.get(`/api/v1/workflows/${workflowId}`)).body as { steps: unknown };
    expect(shown.steps).toEqual([
      {
        type: 'branch',
        cases: [
          {
            when: 'true',
            steps: [{ type: 'tool', id: tool, key: 'inner', name: expect.any(String) }],
          },
        ],
        default: [],
      },
    ]);
    const deleted = await alice.del(`/api/v1/tools/${tool}`);
    expect(deleted.status).toBe(409);
  });
});
