/**
 * Agent tools as MCP tasks over stdio: `toolhub mcp` relaying to a running server passes the
 * tasks extension's 2026-07-28 requests through, so the extension's official client on a stdio
 * transport follows a task to its result, reads its artifact back and approves through
 * `tasks/update`; a 2025-11-25 client hears its task's progress on `tasks/result`. The relay
 * adds nothing of its own per adapter, so one adapter is enough.
 */
import { existsSync } from 'node:fs';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { agentTool, answering, httpTool } from './support/agent-tool-fixtures';
import { approvePending } from './support/approvals';
import { McpClients, listeningUrl } from './support/mcp-clients';
import { openStdioTaskSession } from './support/mcp-task-sessions';
import { CLI } from './support/run-built';
import { type RuntimeUser, runtimeUser } from './support/runtime-client';
import { type TestApp, describeOnAdapter } from './support/test-app';
import { approvedCallProgress, messagesOf, taskWithProgress } from './support/task-progress';
import { type ToolServer, startHttpToolServer } from './support/tool-servers';

type ToolResult = {
  content: Record<string, unknown>[];
  structuredContent: { response: string; artifacts: { id: string }[] };
};

describeOnAdapter('MCP tasks over stdio, relayed to a running server', (testApp: () => TestApp) => {
  const clients = new McpClients();
  let alice: RuntimeUser;
  let crm: ToolServer;
  let big: ToolServer;
  let stdio: Awaited<ReturnType<typeof openStdioTaskSession>>;
  /** What the relay runs with: the running server and alice's key. */
  let env: Record<string, string>;
  /** The elicitations the client was asked, each approved. */
  const asked: Record<string, unknown>[] = [];

  beforeAll(async () => {
    if (!existsSync(CLI))
      throw new Error(`${CLI} is missing: run 'npx nest build' (npm test does)`);
    alice = await runtimeUser(testApp(), 'alice');
    env = {
      LOG_LEVEL: 'silent',
      TOOLHUB_URL: await listeningUrl(testApp()),
      TOOLHUB_API_KEY: alice.auth.replace(/^Bearer /u, ''),
    };
    // One child for the suite: spawning the CLI is what takes the time here.
    stdio = await openStdioTaskSession(clients, [CLI, 'mcp'], env, (request) => {
      asked.push(request.params ?? {});
      return Promise.resolve({ action: 'accept', content: { decision: 'approve' } } as never);
    });
    crm = await startHttpToolServer();
    // Larger than ARTIFACT_SAVE_THRESHOLD_BYTES: the run saves it as an artifact.
    big = await startHttpToolServer(() => ({ json: { rows: 'r'.repeat(5000) } }));
  });

  afterAll(async () => {
    await clients.closeAll();
    await crm?.close();
    await big?.close();
  });

  it('follows an agent tool call as a task to its result, whose artifact link reads back', async () => {
    const producer = await httpTool(alice, big, false);
    const name = await agentTool(
      alice,
      answering('Here is the report.', [{ name: producer.name, args: {} }]),
      [producer.id],
    );
    const execution = await stdio.session.callTool(name, { message: 'Make the report' });
    expect(execution.kind).toBe('task');
    const { outcome } = await execution.settle();
    if (outcome.status === 'failed') throw outcome.error;
    expect(outcome.status).toBe('completed');
    const { content, structuredContent } = (outcome as { result: unknown }).result as ToolResult;
    expect(content[0]).toEqual({ type: 'text', text: 'Here is the report.' });
    const link = content.find((block) => block.type === 'resource_link') as { uri: string };
    expect(link.uri).toMatch(`toolhub://artifacts/${structuredContent.artifacts[0].id}?version=`);
    const { contents } = await stdio.client.readResource({ uri: link.uri });
    expect(contents).toEqual([
      expect.objectContaining({ uri: link.uri, text: expect.stringContaining('rrrr') as unknown }),
    ]);
  });

  it('asks for an approval, approved through tasks/update, and the call goes on', async () => {
    const creator = await httpTool(alice, crm, true);
    const name = await agentTool(
      alice,
      answering('Created.', [{ name: creator.name, args: { customer: 'ACME' } }]),
      [creator.id],
    );
    const before = crm.requests.length;
    const { outcome } = await (
      await stdio.session.callTool(name, { message: 'Create ACME' })
    ).settle();
    if (outcome.status === 'failed') throw outcome.error;
    expect(outcome).toMatchObject({
      status: 'completed',
      result: { content: [{ type: 'text', text: 'Created.' }] },
    });
    expect(asked.filter(({ message }) => String(message).includes(creator.name))).toHaveLength(1);
    expect(crm.requests.length).toBe(before + 1);
  });

  it('relays the progress of a 2025-11-25 task to a desktop client waiting on tasks/result', async () => {
    const creator = await httpTool(alice, crm, true);
    const name = await agentTool(
      alice,
      answering('Created.', [{ name: creator.name, args: { customer: 'Initech' } }]),
      [creator.id],
    );
    const client = new Client({ name: 'stdio-task-progress', version: '1.0.0' });
    await client.connect(
      new StdioClientTransport({ command: process.execPath, args: [CLI, 'mcp'], env }),
    );
    clients.track(client);
    const waiting = `waiting for approval of ${creator.name}`;
    const { heard, result } = await taskWithProgress(
      client,
      { name, arguments: { message: 'Create Initech' } },
      waiting,
      () => approvePending(alice, creator.name),
    );

    expect(result.structuredContent).toMatchObject({ response: 'Created.' });
    expect(messagesOf(heard)).toEqual(approvedCallProgress(creator.name));
  });
});
