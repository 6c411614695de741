/**
 * Agent tools as MCP tasks (the `io.modelcontextprotocol/tasks` extension) for a 2026-07-28
 * client with the extension's official client: a call answered with a task at once, followed to
 * its result with the run's artifacts linked, approvals asked as elicitations and decided through
 * `tasks/update`, cancellation, and tasks that only their user can see; on both HTTP adapters, as
 * the task requests are MCP over HTTP.
 */
import {
  McpClients,
  listeningUrl,
  modernRequest,
  postMcp,
  rejectionOf,
} from './support/mcp-clients';
import { HOLDING, agentTool, answering, httpTool } from './support/agent-tool-fixtures';
import { openTaskSession } from './support/mcp-task-sessions';
import { type RuntimeUser, runtimeUser } from './support/runtime-client';
import { type TestApp, describeHttpContract } from './support/test-app';
import { type ToolServer, startHttpToolServer } from './support/tool-servers';

describeHttpContract('MCP tasks (2026-07-28, tasks extension)', (testApp: () => TestApp) => {
  const clients = new McpClients();
  let baseUrl: string;
  let alice: RuntimeUser;
  let bob: RuntimeUser;
  let echo: ToolServer;
  let big: ToolServer;

  beforeAll(async () => {
    baseUrl = await listeningUrl(testApp());
    alice = await runtimeUser(testApp(), 'alice');
    bob = await runtimeUser(testApp(), 'bob');
    echo = await startHttpToolServer();
    // Larger than ARTIFACT_SAVE_THRESHOLD_BYTES: the run saves it as an artifact.
    big = await startHttpToolServer(() => ({ json: { rows: 'r'.repeat(5000) } }));
  });

  afterEach(() => clients.closeAll());

  afterAll(async () => {
    await echo?.close();
    await big?.close();
  });

  it('lists agent tools with taskSupport "optional" to 2025-era clients, and no other tool', async () => {
    // 2026-07-28 deleted `execution` from tools: there, the server decides per call.
    const agent = await agentTool(alice, answering('Hi'));
    const plain = await httpTool(alice, echo, false);
    const { client } = await clients.connectHttp(baseUrl, 'old', { Authorization: alice.auth });
    const { tools } = await client.listTools();
    expect(tools.find((tool) => tool.name === agent)?.execution).toEqual({
      taskSupport: 'optional',
    });
    expect(tools.find((tool) => tool.name === plain.name)?.execution).toBeUndefined();
    expect(tools.find((tool) => tool.name === 'encodePlantUML')?.execution).toBeUndefined();
  });

  it('answers an agent tool call with a task, followed to its result with its artifacts linked', async () => {
    const producer = await httpTool(alice, big, false);
    const name = await agentTool(
      alice,
      answering('Here is the report.', [{ name: producer.name, args: {} }]),
      [producer.id],
    );
    const { session } = await openTaskSession(clients, baseUrl, alice.auth);
    const execution = await session.callTool(name, { message: 'Make the report' });
    expect(execution.kind).toBe('task');
    const seen: string[] = [];
    const { outcome } = await execution.settle({
      onEvent: (event) => {
        if (event.type === 'task') seen.push(event.task.status);
      },
    });
    if (outcome.status === 'failed') throw outcome.error;
    expect(outcome).toMatchObject({ status: 'completed' });
    const result = (outcome as { result: Record<string, unknown> }).result as {
      content: Record<string, unknown>[];
      structuredContent: {
        response: string;
        run_id: string;
        artifacts: { id: string; version: number }[];
      };
    };
    expect(result.content[0]).toEqual({ type: 'text', text: 'Here is the report.' });
    expect(result.structuredContent.response).toBe('Here is the report.');
    const [artifact] = result.structuredContent.artifacts;
    expect(artifact).toBeDefined();
    const link = result.content.find((block) => block.type === 'resource_link');
    expect(link).toMatchObject({
      uri: `toolhub://artifacts/${artifact.id}?version=${artifact.version}`,
      mimeType: expect.any(String),
      size: expect.any(Number),
    });
    // The task is the run: the run the answer names has completed.
    const run = await alice.get(`/api/v1/runs/${result.structuredContent.run_id}`);
    expect(run.body.status).toBe('completed');
    // The artifact the link names is the user's, readable by its id.
    expect((await alice.get(`/api/v1/artifacts/${artifact.id}`)).status).toBe(200);
  });

  it('asks for an approval as an elicitation, and tasks/update approving it lets the run go on', async () => {
    const creator = await httpTool(alice, echo, true);
    const name = await agentTool(
      alice,
      answering('Created.', [{ name: creator.name, args: { customer: 'ACME' } }]),
      [creator.id],
    );
    const asked: Record<string, unknown>[] = [];
    const { session } = await openTaskSession(clients, baseUrl, alice.auth, (request) => {
      asked.push(request.params ?? {});
      return Promise.resolve({ action: 'accept', content: { decision: 'approve' } } as never);
    });
    const before = echo.requests.length;
    const execution = await session.callTool(name, { message: 'Create ACME' });
    const { outcome } = await execution.settle();
    if (outcome.status === 'failed') throw outcome.error;
    expect(outcome).toMatchObject({ status: 'completed' });
    expect(asked).toHaveLength(1);
    expect(asked[0].message).toContain(creator.name);
    expect(asked[0].message).toContain('"customer":"ACME"');
    expect(asked[0].requestedSchema).toMatchObject({ required: ['decision'] });
    expect(echo.requests.length).toBe(before + 1);
  });

  it('rejects the call when the elicitation is answered "reject" (or declined)', async () => {
    const creator = await httpTool(alice, echo, true);
    const name = await agentTool(
      alice,
      answering('Not created.', [{ name: creator.name, args: {} }]),
      [creator.id],
    );
    const { session } = await openTaskSession(clients, baseUrl, alice.auth, () =>
      Promise.resolve({ action: 'decline' } as never),
    );
    const before = echo.requests.length;
    const { outcome } = await (await session.callTool(name, { message: 'Create' })).settle();
    expect(outcome).toMatchObject({ status: 'completed' });
    expect(echo.requests.length).toBe(before);
    const approvals = await alice.get('/api/v1/approvals?status=rejected&limit=100');
    expect(
      (approvals.body.items as { tool_name: string }[]).map((item) => item.tool_name),
    ).toContain(creator.name);
  });

  it('refuses an answer that does not fit the form and one to a task that waits for nothing', async () => {
    const creator = await httpTool(alice, echo, true);
    const name = await agentTool(alice, answering('Done.', [{ name: creator.name, args: {} }]), [
      creator.id,
    ]);
    const { session } = await openTaskSession(clients, baseUrl, alice.auth);
    const execution = await session.callTool(name, { message: 'Create' });
    if (execution.kind !== 'task') throw new Error('expected a task');
    const task = session.task(execution.handle.taskId);
    let view = await task.snapshot();
    while (view.status !== 'input_required') view = await task.snapshot();
    const [key] = Object.keys(view.raw.inputRequests as object);
    const refused = (await rejectionOf(
      task.updateJson({ [key]: { action: 'accept', content: { decision: 'maybe' } } }),
    )) as { code?: number };
    expect(refused.code).toBe(-32602);
    // The approval is still open, and still decidable over REST.
    const approval = await alice.get(`/api/v1/approvals/${key}`);
    expect(approval.body.status).toBe('pending');
    expect((await alice.post(`/api/v1/approvals/${key}`, { decision: 'approve' })).status).toBe(
      200,
    );
    const { outcome } = await execution.settle();
    expect(outcome).toMatchObject({ status: 'completed' });
    const late = (await rejectionOf(
      task.updateJson({ [key]: { action: 'accept', content: { decision: 'reject' } } }),
    )) as { code?: number };
    expect(late.code).toBe(-32602);
  });

  it('cancels the run with tasks/cancel', async () => {
    const name = await agentTool(alice, HOLDING);
    const { session } = await openTaskSession(clients, baseUrl, alice.auth);
    const execution = await session.callTool(name, { message: 'Hold' });
    if (execution.kind !== 'task') throw new Error('expected a task');
    const task = session.task(execution.handle.taskId);
    await task.cancel();
    let view = await task.snapshot();
    while (view.status === 'working') view = await task.snapshot();
    expect(view.status).toBe('cancelled');
  });

  it("gives another user's task id the same error as an unknown one", async () => {
    const name = await agentTool(alice, HOLDING);
    const mine = await openTaskSession(clients, baseUrl, alice.auth);
    const execution = await mine.session.callTool(name, { message: 'Hold' });
    if (execution.kind !== 'task') throw new Error('expected a task');
    const theirs = await openTaskSession(clients, baseUrl, bob.auth);
    const errorOf = async (taskId: string) => {
      const id = taskId as typeof execution.handle.taskId;
      const error = (await rejectionOf(theirs.session.task(id).snapshot())) as {
        code?: number;
        message: string;
      };
      return { code: error.code, message: error.message.replace(taskId, '<id>') };
    };
    const foreign = await errorOf(execution.handle.taskId);
    expect(foreign.code).toBe(-32602);
    expect(foreign).toEqual(await errorOf('no-such-task'));
    expect(await rejectionOf(theirs.session.task(execution.handle.taskId).cancel())).toMatchObject({
      code: -32602,
    });
    await mine.session.task(execution.handle.taskId).cancel();
  });

  it('refuses tasks/get from a client that did not declare the extension (-32021)', async () => {
    const { request, headers } = modernRequest('tasks/get');
    Object.assign(request.params, { taskId: 'some-task' });
    const reply = await postMcp(baseUrl, request, {
      ...headers,
      'Mcp-Name': 'some-task',
      Authorization: alice.auth,
    });
    const { error } = (await reply.json()) as { error: { code: number } };
    expect(error.code).toBe(-32021);
  });
});
