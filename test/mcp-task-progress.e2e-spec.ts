/**
 * Progress of agent and workflow tools called as MCP tasks. At 2025-11-25 a task keeps its
 * call's `progressToken` until it ends: a `tasks/result` that waits for it hears, on its own
 * stream, the same `notifications/progress` a plain call of the tool hears, tied to the task,
 * then the result. The 2026-07-28 tasks extension has no progress for tasks: its `tools/call`
 * answers the task alone and `tasks/get` says what the work does in `statusMessage`.
 */
import {
  CallToolResultSchema,
  CreateTaskResultSchema,
  GetTaskResultSchema,
  RELATED_TASK_META_KEY,
} from '@modelcontextprotocol/sdk/types.js';
import { answering, agentTool, httpTool } from './support/agent-tool-fixtures';
import { approvePending } from './support/approvals';
import { eventually } from './support/eventually';
import { McpClients, listeningUrl } from './support/mcp-clients';
import { openTaskSession } from './support/mcp-task-sessions';
import {
  approvedCallProgress,
  messagesOf,
  progressLog,
  taskWithProgress,
} from './support/task-progress';
import { type RuntimeUser, runtimeUser } from './support/runtime-client';
import { type TestApp, describeHttpContract } from './support/test-app';
import { type ToolServer, startHttpToolServer } from './support/tool-servers';

describeHttpContract('MCP progress of tasks', (testApp: () => TestApp) => {
  const clients = new McpClients();
  let baseUrl: string;
  let alice: RuntimeUser;
  let crm: ToolServer;

  beforeAll(async () => {
    baseUrl = await listeningUrl(testApp());
    alice = await runtimeUser(testApp(), 'alice');
    crm = await startHttpToolServer();
  });

  afterEach(() => clients.closeAll());

  afterAll(() => crm?.close());

  /** An agent tool whose agent creates the customer `who` with a tool that waits for approval. */
  async function agentCreating(who: string) {
    const customer = await httpTool(alice, crm, true);
    const name = await agentTool(
      alice,
      answering(`${who} is created.`, [{ name: customer.name, args: { name: who } }]),
      [customer.id],
    );
    return { customer, name };
  }

  /** The SDK v1 client on the 2025 wire, with alice's key. */
  const connect = async () =>
    (await clients.connectHttp(baseUrl, 'task-progress-2025', { Authorization: alice.auth }))
      .client;

  it('2025-11-25: tasks/result hears the agent tool call progress a plain call hears, tied to the task, then the result', async () => {
    const { customer, name } = await agentCreating('Ada');
    const waiting = `waiting for approval of ${customer.name}`;
    const { taskId, heard, result } = await taskWithProgress(
      await connect(),
      { name, arguments: { message: 'Create Ada' } },
      waiting,
      () => approvePending(alice, customer.name),
    );

    expect(result.structuredContent).toMatchObject({ response: 'Ada is created.' });
    expect(messagesOf(heard)).toEqual(approvedCallProgress(customer.name));
    expect(heard.map(({ progress }) => progress)).toEqual([1, 2, 3, 4, 5]);
    for (const progress of heard) {
      expect(progress._meta).toEqual({ [RELATED_TASK_META_KEY]: { taskId } });
    }
  });

  it('2025-11-25: a workflow tool task reports its steps as a plain call does', async () => {
    const customer = await httpTool(alice, crm, true);
    const agent = await alice.post('/api/v1/agents', {
      name: `progress_agent_${Date.now()}`,
      system_prompt: 'You are a test agent.',
      model_config: answering('Created.', [{ name: customer.name, args: {} }]),
      tool_ids: [customer.id],
    });
    expect(agent.status).toBe(201);
    const workflow = await alice.post('/api/v1/workflows', {
      name: `progress_workflow_${Date.now()}`,
      steps: [{ type: 'agent', id: agent.body.id as string, input: 'Create one', key: 'create' }],
    });
    expect(workflow.status).toBe(201);
    const tool = await alice.post('/api/v1/tools', {
      name: `run_progress_workflow_${Date.now()}`,
      description: 'Runs a workflow',
      implementation: { type: 'workflow', workflow_id: workflow.body.id as string },
    });
    expect(tool.status).toBe(201);
    const waiting = `step 1: waiting for approval of ${customer.name}`;
    const { heard, result } = await taskWithProgress(
      await connect(),
      { name: tool.body.name as string, arguments: {} },
      waiting,
      () => approvePending(alice, customer.name),
    );

    expect(result.isError).toBeFalsy();
    expect(messagesOf(heard)).toEqual([
      'step 1 (create) started',
      'step 1: model turn 1',
      `step 1: calling ${customer.name}`,
      waiting,
      'step 1: approved',
      'step 1: model turn 2',
      'step 1 completed',
    ]);
  });

  it('2025-11-25: a tasks/result that starts after the task has ended hears no progress, only the result', async () => {
    const name = await agentTool(alice, answering('Done.'));
    const client = await connect();
    const { heard, onprogress } = progressLog();
    const { task } = await client.request(
      { method: 'tools/call', params: { name, arguments: { message: 'Go' }, task: {} } },
      CreateTaskResultSchema,
      { onprogress },
    );
    await eventually('the task completes', async () => {
      const view = await client.request(
        { method: 'tasks/get', params: { taskId: task.taskId } },
        GetTaskResultSchema,
      );
      return view.status === 'completed' ? view : undefined;
    });
    const result = await client.request(
      { method: 'tasks/result', params: { taskId: task.taskId } },
      CallToolResultSchema,
    );

    expect(result.structuredContent).toMatchObject({ response: 'Done.' });
    // The token is valid only until the task ends.
    expect(heard).toEqual([]);
  });

  it('2026-07-28: a call answered with a task carries no progress; tasks/get says what the work does', async () => {
    const { customer, name } = await agentCreating('Grace');
    const notifications: Record<string, unknown>[] = [];
    const { session } = await openTaskSession(clients, baseUrl, alice.auth, undefined, (sent) =>
      notifications.push(sent),
    );
    const execution = await session.callTool(
      name,
      { message: 'Create Grace' },
      { metadata: { progressToken: 'grace' } },
    );
    if (execution.kind !== 'task') throw new Error('expected a task');
    const task = session.task(execution.handle.taskId);
    const waiting = await eventually('the task waits for approval', async () => {
      const view = await task.snapshot();
      return view.status === 'input_required' ? view : undefined;
    });
    expect(waiting.raw.statusMessage).toBe(`waiting for approval of ${customer.name}`);
    await approvePending(alice, customer.name);
    const { outcome } = await execution.settle();

    expect(outcome.status).toBe('completed');
    expect(notifications).toEqual([]);
  });
});
