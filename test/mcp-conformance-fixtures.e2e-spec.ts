/**
 * MCP_CONFORMANCE_FIXTURES=true, as scripts/mcp-conformance.sh starts the server for the
 * official conformance suite: callers of /mcp without a key (the suite sends none) get the
 * suite's fixtures in both protocol eras, task fixtures included, key holders still get
 * toolhub's tools, and the fixtures appear nowhere else, nor without the flag. Runs on both
 * adapters.
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { ElicitRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { MCP_CONFORMANCE_FIXTURES } from '../src/mcp/mcp.tokens';
import { ToolCatalog } from '../src/tools/tool-catalog.service';
import { bearerFor } from './support/api-key';
import { McpClients, jsonRpc, listeningUrl, postMcp, rejectionOf } from './support/mcp-clients';
import { openTaskSession } from './support/mcp-task-sessions';
import { describeHttpContract, describeOnAdapter } from './support/test-app';

const FIXTURE_TOOL = 'test_simple_text';
const TASK_FIXTURE_TOOL = 'slow_compute';

/** A task's text answer, from the outcome the extension's client settles it with. */
function textOf(outcome: { status: string; result?: unknown }): string | undefined {
  const { content } = (outcome.result ?? {}) as { content?: { text?: string }[] };
  return content?.[0]?.text;
}

describeHttpContract(
  'MCP conformance fixtures',
  (testApp) => {
    const clients = new McpClients();
    let baseUrl: string;

    beforeAll(async () => {
      baseUrl = await listeningUrl(testApp());
    });
    afterAll(() => clients.closeAll());

    test('a 2025 client without a key is served the fixtures, not toolhub tools', async () => {
      const { client } = await clients.connectHttp(baseUrl);
      const names = (await client.listTools()).tools.map((tool) => tool.name);
      expect(names).toContain(FIXTURE_TOOL);
      expect(names).not.toContain('encodePlantUML');
      const result = await client.callTool({ name: FIXTURE_TOOL, arguments: {} });
      expect(result.content).toEqual([
        { type: 'text', text: 'This is a simple text response for testing.' },
      ]);
      expect((await client.listPrompts()).prompts.length).toBeGreaterThan(0);
    });

    test('a 2026-07-28 client without a key is served the fixtures too', async () => {
      const modern = await clients.connectModern(baseUrl);
      const names = (await modern.listTools()).tools.map((tool) => tool.name);
      expect(names).toContain(FIXTURE_TOOL);
      expect(names).not.toContain('encodePlantUML');
    });

    test('a key holder is served toolhub tools, without the fixtures', async () => {
      const authorization = await bearerFor(testApp().app, 'fixtures-test');
      const { client } = await clients.connectHttp(baseUrl, 'keyed', {
        Authorization: authorization,
      });
      const names = (await client.listTools()).tools.map((tool) => tool.name);
      expect(names).toContain('encodePlantUML');
      expect(names).not.toContain(FIXTURE_TOOL);
    });

    test('the fixtures are in neither the REST tool list nor the catalog', async () => {
      const rest = await testApp().http.get('/api/tools');
      const restNames = (rest.body.tools as { name: string }[]).map((tool) => tool.name);
      expect(restNames).toContain('encodePlantUML');
      expect(restNames).not.toContain(FIXTURE_TOOL);
      expect(testApp().app.get(ToolCatalog).find(FIXTURE_TOOL, 'all')).toBeUndefined();
    });

    test('a 2025 client without a key gets a session, and the fixture that elicits mid-call gets its answer', async () => {
      const client = new Client(
        { name: 'toolhub-e2e-fixtures', version: '1.0.0' },
        { capabilities: { elicitation: {} } },
      );
      const asked: string[] = [];
      client.setRequestHandler(ElicitRequestSchema, (request) => {
        asked.push(request.params.message);
        return Promise.resolve({
          action: 'accept',
          content: { username: 'ada', email: 'ada@example.com' },
        });
      });
      const transport = new StreamableHTTPClientTransport(new URL('/mcp', baseUrl));
      await client.connect(transport);
      clients.track(client);
      expect(transport.sessionId).toEqual(expect.any(String));
      const result = await client.callTool({
        name: 'test_elicitation',
        arguments: { message: 'Proceed?' },
      });
      expect(asked).toEqual(['Proceed?']);
      expect(JSON.stringify(result.content)).toContain('ada@example.com');
    });

    test('DELETE ends a fixture session, for a caller without a key only; its id is then unknown', async () => {
      const transport = new StreamableHTTPClientTransport(new URL('/mcp', baseUrl));
      const client = new Client({ name: 'toolhub-e2e-fixtures', version: '1.0.0' });
      await client.connect(transport);
      clients.track(client);
      const sessionId = transport.sessionId!;
      const end = (headers: Record<string, string> = {}) =>
        fetch(new URL('/mcp', baseUrl), {
          method: 'DELETE',
          headers: { 'Mcp-Session-Id': sessionId, ...headers },
        });

      const authorization = await bearerFor(testApp().app, 'fixtures-delete-test');
      expect((await end({ Authorization: authorization })).status).toBe(404);
      expect((await client.listTools()).tools.length).toBeGreaterThan(0);

      expect((await end()).status).toBe(204);
      const after = await postMcp(baseUrl, jsonRpc('tools/list'), { 'Mcp-Session-Id': sessionId });
      expect(after.status).toBe(404);
      expect((await end()).status).toBe(404);
    });

    test('a task fixture asks for input in its task, and the answer sent with tasks/update completes it', async () => {
      const asked: unknown[] = [];
      const { session } = await openTaskSession(clients, baseUrl, undefined, (request) => {
        asked.push(request.params);
        return Promise.resolve({ action: 'accept', content: { confirm: true } } as never);
      });
      const execution = await session.callTool('confirm_delete', { filename: 'notes.txt' });
      expect(execution.kind).toBe('task');
      const { outcome } = await execution.settle();
      expect(outcome.status).toBe('completed');
      expect(textOf(outcome)).toBe('Deleted notes.txt');
      expect(asked).toEqual([expect.objectContaining({ message: 'Delete notes.txt?' })]);
    });

    test('task fixtures end as a tool error, as a protocol error, and cancelled', async () => {
      const { session } = await openTaskSession(clients, baseUrl, undefined);
      const toolError = (await (await session.callTool('failing_job', {})).settle()).outcome;
      expect(toolError).toMatchObject({ status: 'completed', result: { isError: true } });
      const broken = (await (await session.callTool('protocol_error_job', {})).settle()).outcome;
      expect(broken.status).toBe('failed');

      const long = await session.callTool(TASK_FIXTURE_TOOL, { seconds: 60 });
      if (long.kind !== 'task') throw new Error('expected a task');
      const task = session.task(long.handle.taskId);
      await task.cancel();
      expect((await task.snapshot()).status).toBe('cancelled');
    });

    test('without the tasks extension, a task fixture answers directly or is refused -32021', async () => {
      const modern = await clients.connectModern(baseUrl);
      const direct = await modern.callTool({
        name: TASK_FIXTURE_TOOL,
        arguments: { seconds: 0, label: 'now' },
      });
      expect(direct.content).toEqual([{ type: 'text', text: 'Computed now in 0s' }]);
      const refused = (await rejectionOf(
        modern.callTool({ name: 'failing_job', arguments: {} }),
      )) as { code?: number; data?: unknown };
      expect(refused.code).toBe(-32021);
      expect(refused.data).toEqual({
        requiredCapabilities: { extensions: { 'io.modelcontextprotocol/tasks': {} } },
      });
    });

    test('a task fixture refuses bad input with a clear error', async () => {
      const { session } = await openTaskSession(clients, baseUrl, undefined);
      // The SDK's McpServer answers arguments that do not fit as a tool error, not as a task.
      const execution = await session.callTool(TASK_FIXTURE_TOOL, { seconds: 'soon' });
      expect(execution.kind).toBe('immediate');
      const { outcome } = await execution.settle();
      expect(outcome).toMatchObject({ status: 'completed', result: { isError: true } });
      expect(textOf(outcome)).toContain('seconds');
      const unknown = (await rejectionOf(session.task('no-such-task' as never).snapshot())) as {
        code?: number;
        message: string;
      };
      expect(unknown.code).toBe(-32602);
      expect(unknown.message).toContain('Task not found: no-such-task');
    });
  },
  { env: { MCP_CONFORMANCE_FIXTURES: 'true' } },
);

describeOnAdapter('MCP conformance fixtures, without the flag', (testApp) => {
  const clients = new McpClients();
  afterAll(() => clients.closeAll());

  test('the fixtures are not loaded', () => {
    expect(testApp().app.get(MCP_CONFORMANCE_FIXTURES)).toBeNull();
  });

  test('a client without a key is served toolhub tools, neither fixtures nor task fixtures', async () => {
    const modern = await clients.connectModern(await listeningUrl(testApp()));
    const names = (await modern.listTools()).tools.map((tool) => tool.name);
    expect(names).toContain('encodePlantUML');
    expect(names).not.toContain(FIXTURE_TOOL);
    expect(names).not.toContain(TASK_FIXTURE_TOOL);
  });
});
