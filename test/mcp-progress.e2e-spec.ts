/**
 * Progress of long MCP tool calls: a `tools/call` with a `progressToken` hears, as
 * `notifications/progress`, what the agent or workflow run behind the tool does (model turns,
 * tool calls, approvals, steps), in both protocol eras through the official clients, over HTTP
 * and over the server `toolhub mcp` serves on stdio (here on an in-memory pipe). A plain
 * call (no progress, no tasks, no elicitation) waits while a human decides an approval over
 * REST and answers with the run's result; a client that goes away cancels the run.
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { type Progress } from '@modelcontextprotocol/client';
import { InMemoryTransport } from '@modelcontextprotocol/server';
import { McpServerFactory } from '../src/mcp/mcp-server.factory';
import { RunsRepository } from '../src/runtime/runs/runs.repository';
import { eventually } from './support/eventually';
import { McpClients, callTool, listeningUrl } from './support/mcp-clients';
import { type RuntimeUser, runtimeUser } from './support/runtime-client';
import { describeHttpContract } from './support/test-app';
import { type ToolServer, startHttpToolServer } from './support/tool-servers';

type ToolCall = { name: string; args: Record<string, unknown> };

let counter = 0;
const unique = (base: string) => `${base}_${++counter}`;

/** A scripted model that calls `calls` in its first turn and answers `text` in its second. */
function callingThenAnswering(calls: ToolCall[], text: string) {
  return {
    provider: 'scripted',
    model: 'scripted',
    script: [
      {
        text: 'Let me check.',
        tool_calls: calls.map((call, i) => ({ id: `toolu_${i}`, ...call })),
      },
      { text },
    ],
  };
}

/** A scripted model whose turn starts, then holds until the run is cancelled. */
const HOLDING = { provider: 'scripted', model: 'scripted', script: [{ text: 'Hm.', hold: true }] };

/** What a progress callback heard, in the order heard. */
function progressLog() {
  const heard: Progress[] = [];
  return { heard, onprogress: (progress: Progress) => heard.push(progress) };
}

const messagesOf = (heard: readonly Progress[]) => heard.map((progress) => progress.message);

describeHttpContract('MCP progress of agent and workflow tools', (testApp) => {
  const clients = new McpClients();
  let alice: RuntimeUser;
  let baseUrl: string;
  let crm: ToolServer;
  let headers: Record<string, string>;

  beforeAll(async () => {
    alice = await runtimeUser(testApp(), 'alice');
    baseUrl = await listeningUrl(testApp());
    headers = { Authorization: alice.auth };
    crm = await startHttpToolServer();
  });

  afterAll(async () => {
    await clients.closeAll();
    await crm.close();
  });

  /** An `http` tool on the CRM server; `approval` says whether its calls wait for one. */
  async function crmTool(approval: boolean): Promise<{ id: string; name: string }> {
    const created = await alice.post('/api/v1/tools', {
      name: unique(approval ? 'create_customer' : 'find_customer'),
      parameters: { type: 'object' },
      implementation: { type: 'http', url: crm.url },
      requires_approval: approval,
    });
    expect(created.status).toBe(201);
    return created.body as { id: string; name: string };
  }

  async function agentTool(modelConfig: object, toolIds: string[] = []) {
    const agent = await alice.post('/api/v1/agents', {
      name: unique('agent'),
      system_prompt: 'You are a test agent.',
      model_config: modelConfig,
      tool_ids: toolIds,
    });
    expect(agent.status).toBe(201);
    const tool = await alice.post('/api/v1/tools', {
      name: unique('ask_agent'),
      description: 'Asks an agent',
      implementation: { type: 'agent', agent_id: agent.body.id as string },
    });
    expect(tool.status).toBe(201);
    return { agentId: agent.body.id as string, name: tool.body.name as string };
  }

  /** The approval a run asks for: the user's only pending one. */
  const pendingApproval = () =>
    eventually('a pending approval', async () => {
      const pending = await alice.get('/api/v1/approvals?status=pending');
      return (pending.body.items as { id: string; tool_name?: string }[])[0];
    });

  const decide = async (approvalId: string, decision: 'approve' | 'reject') => {
    const decided = await alice.post(`/api/v1/approvals/${approvalId}`, { decision });
    expect(decided.status).toBe(200);
  };

  test('2025-11-25 (SDK v1 client): ordered progress naming the tool call and its approval, then the answer', async () => {
    const customer = await crmTool(true);
    const asker = await agentTool(
      callingThenAnswering([{ name: customer.name, args: { name: 'Ada' } }], 'Ada is created.'),
      [customer.id],
    );
    const { client } = await clients.connectHttp(baseUrl, 'progress-2025', headers);
    const { heard, onprogress } = progressLog();
    const call = client.callTool(
      { name: asker.name, arguments: { message: 'Create Ada' } },
      undefined,
      {
        onprogress,
      },
    );
    await decide((await pendingApproval()).id, 'approve');
    const result = await call;

    expect(result.isError).toBeFalsy();
    expect(result.structuredContent).toMatchObject({ response: 'Ada is created.' });
    expect(messagesOf(heard)).toEqual([
      'model turn 1',
      `calling ${customer.name}`,
      `waiting for approval of ${customer.name}`,
      'approved',
      'model turn 2',
    ]);
    expect(heard.map((progress) => progress.progress)).toEqual([1, 2, 3, 4, 5]);
  });

  test('2026-07-28 (SDK v2 client): progress of each tool call and model turn, then the answer', async () => {
    const finder = await crmTool(false);
    const asker = await agentTool(
      callingThenAnswering(
        [
          { name: finder.name, args: { name: 'Ada' } },
          { name: finder.name, args: { name: 'Grace' } },
        ],
        'Both exist.',
      ),
      [finder.id],
    );
    const client = await clients.connectModern(baseUrl, headers);
    const { heard, onprogress } = progressLog();
    const result = await client.callTool(
      { name: asker.name, arguments: { message: 'Find Ada and Grace' } },
      { onprogress },
    );

    expect(result.isError).toBeFalsy();
    expect(result.structuredContent).toMatchObject({ response: 'Both exist.' });
    expect(messagesOf(heard)).toEqual([
      'model turn 1',
      `calling ${finder.name}`,
      `calling ${finder.name}`,
      'model turn 2',
    ]);
    expect(heard.map((progress) => progress.progress)).toEqual([1, 2, 3, 4]);
  });

  test('stdio (the server `toolhub mcp` serves, SDK v1 client): the same progress, then the answer', async () => {
    const finder = await crmTool(false);
    const asker = await agentTool(
      callingThenAnswering([{ name: finder.name, args: { name: 'Ada' } }], 'Ada exists.'),
      [finder.id],
    );
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
    const served = testApp()
      .app.get(McpServerFactory)
      .serveStdio({ scope: 'all', origin: { user: 'alice' } }, serverSide);
    const client = new Client({ name: 'progress-stdio', version: '1.0.0' });
    try {
      await client.connect(clientSide);
      const { heard, onprogress } = progressLog();
      const result = await client.callTool(
        { name: asker.name, arguments: { message: 'Find Ada' } },
        undefined,
        { onprogress },
      );

      expect(result.structuredContent).toMatchObject({ response: 'Ada exists.' });
      expect(messagesOf(heard)).toEqual(['model turn 1', `calling ${finder.name}`, 'model turn 2']);
    } finally {
      await client.close();
      await served.close();
    }
  });

  test('a workflow tool reports its steps, and what the agent step does', async () => {
    const finder = await crmTool(false);
    const agent = await alice.post('/api/v1/agents', {
      name: unique('agent'),
      system_prompt: 'You are a test agent.',
      model_config: callingThenAnswering([{ name: finder.name, args: {} }], 'Found.'),
      tool_ids: [finder.id],
    });
    const workflow = await alice.post('/api/v1/workflows', {
      name: unique('workflow'),
      steps: [
        { type: 'tool', id: finder.id, key: 'lookup' },
        { type: 'agent', id: agent.body.id as string, input: 'Look again' },
      ],
    });
    expect(workflow.status).toBe(201);
    const tool = await alice.post('/api/v1/tools', {
      name: unique('run_workflow'),
      description: 'Runs a workflow',
      implementation: { type: 'workflow', workflow_id: workflow.body.id as string },
    });
    expect(tool.status).toBe(201);
    const client = await clients.connectModern(baseUrl, headers);
    const { heard, onprogress } = progressLog();
    const result = await client.callTool(
      { name: tool.body.name as string, arguments: {} },
      { onprogress },
    );

    expect(result.isError).toBeFalsy();
    expect(messagesOf(heard)).toEqual([
      'step 1 (lookup) started',
      'step 1 completed',
      'step 2 started',
      'step 2: model turn 1',
      `step 2: calling ${finder.name}`,
      'step 2: model turn 2',
      'step 2 completed',
    ]);
  });

  test('a plain call (no progress, tasks or elicitation) waits while a human rejects over REST, then answers with the run', async () => {
    const customer = await crmTool(true);
    const asker = await agentTool(
      callingThenAnswering(
        [{ name: customer.name, args: { name: 'Eve' } }],
        'Eve was not created.',
      ),
      [customer.id],
    );
    const { client } = await clients.connectHttp(baseUrl, 'plain-2025', headers);
    let settled = false;
    const call = callTool(client, asker.name, { message: 'Create Eve' }).finally(() => {
      settled = true;
    });
    const approval = await pendingApproval();
    // The call is still open while the approval waits: nothing has decided it.
    expect(settled).toBe(false);
    await decide(approval.id, 'reject');
    const result = await call;

    expect(result.isError).toBeFalsy();
    expect(result.structuredContent).toMatchObject({ response: 'Eve was not created.' });
    const runId = (result.structuredContent as { run_id: string }).run_id;
    const run = await alice.get(`/api/v1/runs/${runId}`);
    expect(run.body.status).toBe('completed');
    const approvals = await alice.get(`/api/v1/approvals/${approval.id}`);
    expect(approvals.body.status).toBe('rejected');
    expect(crm.requests.some((request) => request.body.includes('Eve'))).toBe(false);
  });

  test('a client that closes mid-call cancels the run', async () => {
    const holder = await agentTool(HOLDING);
    const { client } = await clients.connectHttp(baseUrl, 'leaving-2025', headers);
    const call = callTool(client, holder.name, { message: 'Take your time' }).catch(
      (error: unknown) => error,
    );
    const runs = testApp().app.get(RunsRepository);
    const runId = await eventually('the delegated run', async () => {
      const sessions = await alice.get('/api/v1/sessions?limit=100');
      const session = (sessions.body.items as { id: string; agent_id: string }[]).find(
        (item) => item.agent_id === holder.agentId,
      );
      if (!session) return undefined;
      const events = await alice.get(`/api/v1/sessions/${session.id}/events`);
      return (events.body.items as { runId: string }[])[0]?.runId;
    });
    expect((await runs.find(runId))?.status).toBe('running');
    await client.close();
    await call;
    await eventually('the run cancelled', async () =>
      (await runs.find(runId))?.status === 'cancelled' ? true : undefined,
    );
  });

  test('a REST call of the same agent tool answers as before, with no progress of any kind', async () => {
    const finder = await crmTool(false);
    const asker = await agentTool(
      callingThenAnswering([{ name: finder.name, args: {} }], 'Found.'),
      [finder.id],
    );
    const response = await alice.post(`/api/tools/${asker.name}`, { message: 'Find' });

    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.body).toMatchObject({
      success: true,
      result: { response: 'Found.', stop_reason: expect.any(String) as string },
    });
  });
});
