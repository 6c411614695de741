/**
 * Agent tools as tasks for 2025-11-25 clients, through the revision's core `tasks/*` methods,
 * with the tasks extension's official client on the SDK v2 client's 2025 wire: a call that asks
 * for a task gets one, followed to its result, waits while a human approves over REST, is
 * listed and cancelled for its user only; a tool without tasks refuses to be one.
 */
import {
  CancelTaskResultSchema,
  CreateTaskResultSchema,
  GetTaskResultSchema,
  ListTasksResultSchema,
} from '@modelcontextprotocol/sdk/types.js';
import {
  McpClients,
  initializeRequest,
  listeningUrl,
  postMcp,
  rejectionOf,
} from './support/mcp-clients';
import { HOLDING, agentTool, answering, httpTool } from './support/agent-tool-fixtures';
import { openLegacyTaskSession } from './support/mcp-task-sessions';
import { eventually } from './support/eventually';
import { type RuntimeUser, runtimeUser } from './support/runtime-client';
import { type TestApp, describeOnAdapter } from './support/test-app';
import { type ToolServer, startHttpToolServer } from './support/tool-servers';

/** A 2025-11-25 client calls a tool whose task support is optional as a task when asked to. */
const PREFER_TASK = { task: { preference: 'prefer' } } as const;

describeOnAdapter('MCP tasks (2025-11-25 core methods)', (testApp: () => TestApp) => {
  const clients = new McpClients();
  let baseUrl: string;
  let alice: RuntimeUser;
  let bob: RuntimeUser;
  let big: ToolServer;

  beforeAll(async () => {
    baseUrl = await listeningUrl(testApp());
    alice = await runtimeUser(testApp(), 'alice');
    bob = await runtimeUser(testApp(), 'bob');
    // Larger than ARTIFACT_SAVE_THRESHOLD_BYTES: the run saves it as an artifact.
    big = await startHttpToolServer(() => ({ json: { rows: 'r'.repeat(5000) } }));
  });

  afterEach(() => clients.closeAll());

  afterAll(() => big?.close());

  /** An agent tool whose agent calls `tool` once, if given, then answers `text`. */
  const agentToolCalling = (text: string, tool?: { id: string; name: string }) =>
    agentTool(
      alice,
      answering(text, tool ? [{ name: tool.name, args: {} }] : []),
      tool ? [tool.id] : [],
    );

  it('declares tasks for tools/call at initialize', async () => {
    const reply = await postMcp(baseUrl, initializeRequest('2025-11-25'), {
      Authorization: alice.auth,
    });
    const { result } = (await reply.json()) as {
      result: { capabilities: Record<string, unknown> };
    };
    expect(result.capabilities.tasks).toEqual({
      list: {},
      cancel: {},
      requests: { tools: { call: {} } },
    });
  });

  it('runs an agent tool as a task to its result, with its artifacts linked', async () => {
    const name = await agentToolCalling('Here is the report.', await httpTool(alice, big, false));
    const { session } = await openLegacyTaskSession(clients, baseUrl, alice.auth);
    const execution = await session.callTool(name, { message: 'Report' }, PREFER_TASK);
    expect(execution.kind).toBe('task');
    const { outcome } = await execution.settle();
    if (outcome.status === 'failed') throw outcome.error;
    expect(outcome.status).toBe('completed');
    const result = (outcome as { result: Record<string, unknown> }).result as {
      content: Record<string, unknown>[];
      structuredContent: { run_id: string; artifacts: { id: string; version: number }[] };
    };
    expect(result.content[0]).toEqual({ type: 'text', text: 'Here is the report.' });
    const [artifact] = result.structuredContent.artifacts;
    expect(result.content).toContainEqual(
      expect.objectContaining({
        type: 'resource_link',
        uri: `toolhub://artifacts/${artifact.id}?version=${artifact.version}`,
      }),
    );
    const run = await alice.get(`/api/v1/runs/${result.structuredContent.run_id}`);
    expect(run.body.status).toBe('completed');
  });

  it('waits in input_required while a human approves over REST, then completes', async () => {
    const gated = await httpTool(alice, big, true);
    const name = await agentToolCalling('Fetched.', gated);
    const { session } = await openLegacyTaskSession(clients, baseUrl, alice.auth);
    const execution = await session.callTool(name, { message: 'Fetch' }, PREFER_TASK);
    if (execution.kind !== 'task') throw new Error('expected a task');
    const task = session.task(execution.handle.taskId);
    const waiting = await eventually('the task waits for approval', async () => {
      const view = await task.snapshot();
      return view.status === 'input_required' ? view : undefined;
    });
    expect(waiting.raw.statusMessage).toBe(`waiting for approval of ${gated.name}`);
    const pending = await alice.get('/api/v1/approvals?status=pending&limit=100');
    const [approval] = (pending.body.items as { id: string; tool_name: string }[]).filter(
      ({ tool_name }) => tool_name === gated.name,
    );
    expect(
      (await alice.post(`/api/v1/approvals/${approval.id}`, { decision: 'approve' })).status,
    ).toBe(200);
    const { outcome } = await execution.settle();
    expect(outcome.status).toBe('completed');
  });

  it("lists and cancels a user's own tasks only; another user's id is an unknown task", async () => {
    const name = await agentTool(alice, HOLDING);
    const mine = await openLegacyTaskSession(clients, baseUrl, alice.auth);
    const execution = await mine.session.callTool(name, { message: 'Hold' }, PREFER_TASK);
    if (execution.kind !== 'task') throw new Error('expected a task');
    const taskId = execution.handle.taskId as string;

    const old = (await clients.connectHttp(baseUrl, 'old', { Authorization: alice.auth })).client;
    const listed = await old.request({ method: 'tasks/list', params: {} }, ListTasksResultSchema);
    expect(listed.tasks[0]).toMatchObject({ taskId, status: 'working', ttl: 86_400_000 });
    const theirs = (await clients.connectHttp(baseUrl, 'old', { Authorization: bob.auth })).client;
    const bobs = await theirs.request({ method: 'tasks/list', params: {} }, ListTasksResultSchema);
    expect(bobs.tasks).toEqual([]);
    const foreign = (await rejectionOf(
      theirs.request({ method: 'tasks/get', params: { taskId } }, GetTaskResultSchema),
    )) as { code?: number; message: string };
    const unknown = (await rejectionOf(
      theirs.request(
        { method: 'tasks/get', params: { taskId: 'no-such-task' } },
        GetTaskResultSchema,
      ),
    )) as { code?: number; message: string };
    expect(foreign.code).toBe(-32602);
    expect(foreign.message.replace(taskId, '<id>')).toBe(
      unknown.message.replace('no-such-task', '<id>'),
    );

    await old.request({ method: 'tasks/cancel', params: { taskId } }, CancelTaskResultSchema);
    const cancelled = await eventually('the task is cancelled', async () => {
      const view = await old.request(
        { method: 'tasks/get', params: { taskId } },
        GetTaskResultSchema,
      );
      return view.status === 'cancelled' ? view : undefined;
    });
    expect(cancelled.status).toBe('cancelled');
  });

  it('refuses a task from a tool that offers none (-32601)', async () => {
    const { client } = await clients.connectHttp(baseUrl, 'old', { Authorization: alice.auth });
    const refused = (await rejectionOf(
      client.request(
        {
          method: 'tools/call',
          params: { name: 'encodePlantUML', arguments: { code: 'A -> B' }, task: {} },
        },
        CreateTaskResultSchema,
      ),
    )) as { code?: number };
    expect(refused.code).toBe(-32601);
  });
});
