/**
 * One data plane: the tools agents are served — `GET /api/tools`, `POST /api/tools/{name}` and
 * MCP `tools/list` / `tools/call` at `/mcp` — are exactly the active registered tools with an
 * implementation, builtin, `http` or `mcp`. A change through `/api/v1/tools` shows on every
 * transport from the next request on. Against tool servers started here and against toolhub's own
 * `/mcp`.
 */
import { join } from 'node:path';
import { type Client } from '@modelcontextprotocol/sdk/client/index.js';
import { ErrorCode, McpError } from '@modelcontextprotocol/sdk/types.js';
import { decode } from 'plantuml-encoder';
import { builtinToolModules } from '../src/tools/builtin/builtin-tool-modules';
import { bearerFor } from './support/api-key';
import { McpClients, callTool, listeningUrl, rejectionOf } from './support/mcp-clients';
import { SEED_DIAGRAM } from './support/plantuml-samples';
import { createTestDatabase } from './support/test-database';
import {
  SELECTED_ADAPTER,
  type TestApp,
  describeOnAdapter,
  startTestApp,
} from './support/test-app';
import {
  type ReceivedRequest,
  type ToolServer,
  startHttpToolServer,
  startMcpToolServer,
} from './support/tool-servers';

const V1 = '/api/v1/tools';
const BUILTIN = 'encodePlantUML';

/** The encodePlantUML entry of `GET /api/tools`: exact, whatever else is registered. */
const SEED_001_TOOL = {
  id: 'encodePlantUML',
  name: 'encodePlantUML',
  description: 'Encodes PlantUML diagram code into a shareable URL for viewing on plantuml.com',
  inputSchema: {
    type: 'object',
    properties: {
      plantumlCode: {
        type: 'string',
        description: 'Valid PlantUML diagram code (must start with @startuml and end with @enduml)',
      },
    },
    required: ['plantumlCode'],
  },
};

const QUOTE_PARAMETERS = {
  type: 'object',
  properties: { symbol: { type: 'string', minLength: 1 } },
  required: ['symbol'],
  additionalProperties: false,
};

interface RestTool {
  id: string;
  name: string;
  description: string;
  inputSchema: Record<string, unknown>;
}

let unique = 0;
/** A tool name no other test uses. */
const uniqueName = (base: string) => `${base}_${++unique}`;

describeOnAdapter('One data plane: registered tools on REST and MCP', (testApp) => {
  const clients = new McpClients();
  let auth: string;
  let baseUrl: string;
  let client: Client;
  let echo: ToolServer;
  let otherEcho: ToolServer;
  let mcpTools: ToolServer;

  const http = () => testApp().http;
  const v1 = {
    create: async (body: Record<string, unknown>) => {
      const response = await http().post(V1).set('Authorization', auth).send(body);
      expect(response.status).toBe(201);
      return response.body as { id: string; name: string };
    },
    update: async (id: string, body: Record<string, unknown>) => {
      const response = await http().put(`${V1}/${id}`).set('Authorization', auth).send(body);
      expect(response.status).toBe(200);
      return response.body as { id: string; name: string };
    },
    delete: async (id: string) => {
      const response = await http().delete(`${V1}/${id}`).set('Authorization', auth);
      expect(response.status).toBe(200);
    },
    testRun: (id: string, body: Record<string, unknown>) =>
      http().post(`${V1}/${id}/test`).set('Authorization', auth).send(body),
    builtinId: async () => {
      const response = await http().get(`${V1}?search=${BUILTIN}`).set('Authorization', auth);
      return (response.body.items as { id: string; name: string }[]).find(
        (tool) => tool.name === BUILTIN,
      )!.id;
    },
  };
  const restTools = async (): Promise<RestTool[]> => {
    const response = await http().get('/api/tools').set('Authorization', auth);
    expect(response.status).toBe(200);
    return response.body.tools as RestTool[];
  };
  const restNames = async () => (await restTools()).map((tool) => tool.name);
  const mcpNames = async () => (await client.listTools()).tools.map((tool) => tool.name);
  const invoke = (name: string, input: unknown) =>
    http()
      .post(`/api/tools/${name}`)
      .set('Authorization', auth)
      .send(input as object);
  /** Served on neither transport: absent from both lists, 404 on REST, -32602 on MCP. */
  const expectNotServed = async (name: string) => {
    expect(await restNames()).not.toContain(name);
    expect(await mcpNames()).not.toContain(name);
    const response = await invoke(name, { symbol: 'X' });
    expect(response.status).toBe(404);
    expect(response.body).toEqual({
      success: false,
      error: { code: 'TOOL_NOT_FOUND', message: `Tool '${name}' not found` },
    });
    const error = await rejectionOf(callTool(client, name, { symbol: 'X' }));
    expect(error).toBeInstanceOf(McpError);
    expect((error as McpError).code).toBe(ErrorCode.InvalidParams);
    expect((error as McpError).message).toContain(`Unknown tool: ${name}`);
  };
  const httpTool = (name: string, url = echo.url, extra: Record<string, unknown> = {}) =>
    v1.create({
      name,
      description: `Quotes a stock (${name})`,
      parameters: QUOTE_PARAMETERS,
      implementation: {
        type: 'http',
        url,
        headers: { 'X-Client': 'toolhub' },
        secret_headers: { Authorization: 'Bearer sk-quote' },
      },
      ...extra,
    });
  // toolhub's own /mcp refuses an invalid key: a tool wrapping it sends a real one.
  const mcpTool = (
    name: string,
    toolName: string,
    url = mcpTools.url,
    parameters?: object,
    secretAuthorization = 'Bearer mcp-secret',
  ) =>
    v1.create({
      name,
      description: `${toolName} on an MCP server`,
      parameters: parameters ?? { type: 'object' },
      implementation: {
        type: 'mcp',
        url,
        tool_name: toolName,
        // Names differ in case only: the secret one replaces the other.
        headers: { Authorization: 'Bearer public', 'X-Client': 'toolhub' },
        secret_headers: { authorization: secretAuthorization },
      },
    });
  const callsOf = (server: ToolServer, method: string): ReceivedRequest[] =>
    server.requests.filter(
      (request) =>
        request.body !== '' && (JSON.parse(request.body) as { method?: string }).method === method,
    );

  beforeAll(async () => {
    auth = await bearerFor(testApp().app);
    baseUrl = await listeningUrl(testApp());
    // Registered tools are private: the data plane serves them to key holders.
    ({ client } = await clients.connectHttp(baseUrl, undefined, { Authorization: auth }));
    echo = await startHttpToolServer();
    otherEcho = await startHttpToolServer((request) => ({
      json: { other: true, received: JSON.parse(request.body) as unknown },
    }));
    mcpTools = await startMcpToolServer();
  });
  afterAll(async () => {
    await clients.closeAll();
    await Promise.all([echo.close(), otherEcho.close(), mcpTools.close()]);
  });

  describe('http tools', () => {
    test('an active http tool is listed by GET /api/tools and MCP tools/list: id = name, description, inputSchema = parameters', async () => {
      const name = uniqueName('quote');
      await httpTool(name);
      const rest = (await restTools()).find((tool) => tool.name === name);
      expect(rest).toEqual({
        id: name,
        name,
        description: `Quotes a stock (${name})`,
        inputSchema: QUOTE_PARAMETERS,
      });
      const { tools } = await client.listTools();
      const mcp = tools.find((tool) => tool.name === name);
      expect(mcp).toEqual({
        name,
        description: `Quotes a stock (${name})`,
        inputSchema: QUOTE_PARAMETERS,
      });
      // Both transports list the same tools in the same (name) order.
      expect(tools.map((tool) => tool.name)).toEqual(await restNames());
      expect(await restNames()).toEqual(
        [...(await restNames())].sort((a, b) => a.localeCompare(b)),
      );
    });

    test('POST /api/tools/{name} runs it: the params go to the endpoint with every header', async () => {
      const name = uniqueName('quote');
      await httpTool(name);
      const seen = echo.requests.length;
      const response = await invoke(name, { symbol: '005930' });
      expect(response.status).toBe(200);
      expect(response.body).toEqual({ success: true, result: { received: { symbol: '005930' } } });
      expect(echo.requests).toHaveLength(seen + 1);
      const received = echo.requests[seen];
      expect(JSON.parse(received.body)).toEqual({ symbol: '005930' });
      expect(received.headers['x-client']).toBe('toolhub');
      expect(received.headers.authorization).toBe('Bearer sk-quote');
    });

    test('input is validated against parameters: 400 INVALID_INPUT like builtins, and the endpoint is not called', async () => {
      const name = uniqueName('quote');
      await httpTool(name);
      const seen = echo.requests.length;
      for (const input of [{}, { symbol: 5 }, { symbol: '' }, { symbol: 'X', extra: 1 }]) {
        const response = await invoke(name, input);
        expect(response.status).toBe(400);
        expect(response.body).toEqual({
          success: false,
          error: {
            code: 'INVALID_INPUT',
            message: expect.stringContaining(`Invalid input for tool '${name}'`),
            details: expect.any(Array),
          },
        });
      }
      const mcp = await callTool(client, name, { symbol: 5 });
      expect(mcp.isError).toBe(true);
      expect(mcp.structuredContent).toEqual({
        error: { code: 'INVALID_INPUT', message: expect.stringContaining('/symbol') },
      });
      expect(echo.requests).toHaveLength(seen);
    });

    test('MCP tools/call runs it too, with the result as structured content', async () => {
      const name = uniqueName('quote');
      await httpTool(name);
      const result = await callTool(client, name, { symbol: 'AAPL' });
      expect(result.isError).toBeFalsy();
      expect(result.structuredContent).toEqual({ received: { symbol: 'AAPL' } });
      expect(result.content).toEqual([
        { type: 'text', text: JSON.stringify({ received: { symbol: 'AAPL' } }) },
      ]);
    });

    test('a failing endpoint is a 502 TOOL_EXECUTION_FAILED on REST and a tool error on MCP', async () => {
      const failing = await startHttpToolServer(() => ({ status: 500, text: 'boom' }));
      try {
        const name = uniqueName('broken');
        await httpTool(name, failing.url);
        const response = await invoke(name, { symbol: 'X' });
        expect(response.status).toBe(502);
        expect(response.body.error).toMatchObject({
          code: 'TOOL_EXECUTION_FAILED',
          message: expect.stringContaining('HTTP 500'),
        });
        expect(response.text).not.toContain('sk-quote');
        const mcp = await callTool(client, name, { symbol: 'X' });
        expect(mcp.isError).toBe(true);
        expect(mcp.structuredContent).toMatchObject({ error: { code: 'TOOL_EXECUTION_FAILED' } });
      } finally {
        await failing.close();
      }
    });

    test('deactivating a tool removes it from REST and MCP at once; reactivating brings it back', async () => {
      const name = uniqueName('quote');
      const tool = await httpTool(name);
      expect(await restNames()).toContain(name);
      expect(await mcpNames()).toContain(name);

      await v1.update(tool.id, { is_active: false });
      await expectNotServed(name);

      await v1.update(tool.id, { is_active: true });
      expect(await restNames()).toContain(name);
      expect(await mcpNames()).toContain(name);
      expect((await invoke(name, { symbol: 'X' })).status).toBe(200);
    });

    test('deleting a tool removes it from REST and MCP at once', async () => {
      const name = uniqueName('quote');
      const tool = await httpTool(name);
      expect((await invoke(name, { symbol: 'X' })).status).toBe(200);
      await v1.delete(tool.id);
      await expectNotServed(name);
    });

    test('renaming a tool moves it: the old name is gone, the new one served on both transports', async () => {
      const oldName = uniqueName('quote');
      const newName = uniqueName('renamed_quote');
      const tool = await httpTool(oldName);
      await v1.update(tool.id, { name: newName });
      await expectNotServed(oldName);
      expect(await restNames()).toContain(newName);
      expect(await mcpNames()).toContain(newName);
      expect((await invoke(newName, { symbol: 'X' })).body).toEqual({
        success: true,
        result: { received: { symbol: 'X' } },
      });
      expect((await callTool(client, newName, { symbol: 'X' })).isError).toBeFalsy();
    });

    test('changing parameters, description and URL takes effect on the next request', async () => {
      const name = uniqueName('quote');
      const tool = await httpTool(name);
      expect((await invoke(name, { symbol: 'X' })).status).toBe(200);
      const parameters = {
        type: 'object',
        properties: { ticker: { type: 'string' } },
        required: ['ticker'],
      };
      await v1.update(tool.id, {
        description: 'Quotes by ticker',
        parameters,
        implementation: { type: 'http', url: otherEcho.url },
      });
      expect((await restTools()).find((t) => t.name === name)).toEqual({
        id: name,
        name,
        description: 'Quotes by ticker',
        inputSchema: parameters,
      });
      const mcp = (await client.listTools()).tools.find((t) => t.name === name);
      expect(mcp?.inputSchema).toEqual(parameters);
      // The old schema no longer applies, the new one does; calls go to the new URL.
      expect((await invoke(name, { symbol: 'X' })).status).toBe(400);
      const response = await invoke(name, { ticker: 'X' });
      expect(response.status).toBe(200);
      expect(response.body.result).toEqual({ other: true, received: { ticker: 'X' } });
      // The new implementation has no headers: the old secret is not sent any more.
      const last = otherEcho.requests[otherEcho.requests.length - 1];
      expect(last.headers.authorization).toBeUndefined();
    });

    test('a tool without implementation is listed by /api/v1 but not served', async () => {
      const described = uniqueName('described');
      const created = await v1.create({ name: described, parameters: { type: 'object' } });
      const listed = await http().get(`${V1}/${created.id}`).set('Authorization', auth);
      expect(listed.body).toMatchObject({ name: described, is_active: true, implementation: null });
      await expectNotServed(described);

      // Giving it an implementation serves it.
      await v1.update(created.id, { implementation: { type: 'http', url: echo.url } });
      expect(await restNames()).toContain(described);
      expect((await invoke(described, { any: 'input' })).body).toEqual({
        success: true,
        result: { received: { any: 'input' } },
      });
      // null is refused, like every other field; the tool stays served.
      const nulled = await http()
        .put(`${V1}/${created.id}`)
        .set('Authorization', auth)
        .send({ implementation: null });
      expect(nulled.status).toBe(422);
      expect(nulled.body.error.details).toEqual([
        { field: 'implementation', messages: expect.any(Array) },
      ]);
      expect(await restNames()).toContain(described);
    });

    test('a tool created inactive is not served', async () => {
      const name = uniqueName('dormant');
      await httpTool(name, echo.url, { is_active: false });
      await expectNotServed(name);
    });
  });

  describe('mcp tools', () => {
    test('an mcp tool on a local MCP server works through test-run', async () => {
      const tool = await mcpTool(uniqueName('price'), 'get_price', mcpTools.url, {
        type: 'object',
        properties: { symbol: { type: 'string' } },
        required: ['symbol'],
      });
      const seen = callsOf(mcpTools, 'tools/call').length;
      const response = await v1.testRun(tool.id, { params: { symbol: '005930' } });
      expect(response.status).toBe(200);
      expect(response.body).toEqual({
        success: true,
        result: { symbol: '005930', price: 71200 },
        execution_time_ms: expect.any(Number),
      });
      expect(response.body.execution_time_ms).toBeGreaterThan(0);
      // The SDK client called the tool by its name on the server, with the secret header.
      const calls = callsOf(mcpTools, 'tools/call').slice(seen);
      expect(calls).toHaveLength(1);
      expect(JSON.parse(calls[0].body).params).toEqual({
        name: 'get_price',
        arguments: { symbol: '005930' },
      });
      expect(calls[0].headers.authorization).toBe('Bearer mcp-secret');
      expect(calls[0].headers['x-client']).toBe('toolhub');
    });

    test('an mcp tool is served by POST /api/tools/{name} and MCP tools/call', async () => {
      const name = uniqueName('price');
      await mcpTool(name, 'get_price');
      expect(await restNames()).toContain(name);
      expect(await mcpNames()).toContain(name);
      const rest = await invoke(name, { symbol: 'MSFT' });
      expect(rest.status).toBe(200);
      expect(rest.body).toEqual({ success: true, result: { symbol: 'MSFT', price: 71200 } });
      const mcp = await callTool(client, name, { symbol: 'MSFT' });
      expect(mcp.structuredContent).toEqual({ symbol: 'MSFT', price: 71200 });

      // A text-only result is its text.
      const shout = uniqueName('shout');
      await mcpTool(shout, 'shout');
      expect((await invoke(shout, { text: 'hello' })).body).toEqual({
        success: true,
        result: 'HELLO',
      });
    });

    test("an mcp tool's error is a failed test run and a 502 on REST", async () => {
      const name = uniqueName('fail');
      const tool = await mcpTool(name, 'fail');
      const run = await v1.testRun(tool.id, { params: {} });
      expect(run.status).toBe(200);
      expect(run.body).toMatchObject({
        success: false,
        error_code: 'TOOL_EXECUTION_FAILED',
        error: expect.stringContaining('the market is closed'),
      });
      const rest = await invoke(name, {});
      expect(rest.status).toBe(502);
      expect(rest.body.error.code).toBe('TOOL_EXECUTION_FAILED');
      expect(rest.text).not.toContain('mcp-secret');
    });

    test('an mcp tool past its test-run timeout is "Execution timeout" and its request is aborted', async () => {
      const tool = await mcpTool(uniqueName('hang'), 'hang');
      const seen = callsOf(mcpTools, 'tools/call').length;
      const response = await v1.testRun(tool.id, { params: {}, timeout: 0.5 });
      expect(response.status).toBe(200);
      expect(response.body).toMatchObject({
        success: false,
        error: 'Execution timeout',
        error_code: 'EXECUTION_TIMEOUT',
      });
      expect(response.body.execution_time_ms).toBeGreaterThanOrEqual(490);
      expect(response.body.execution_time_ms).toBeLessThan(3000);
      const [call] = callsOf(mcpTools, 'tools/call').slice(seen);
      expect(call).toBeDefined();
      const abortedAt = await Promise.race([
        call.aborted,
        new Promise<undefined>((resolve) => setTimeout(() => resolve(undefined), 2000)),
      ]);
      expect(abortedAt).toBeDefined();
    });

    test('an unreachable MCP server or an unknown remote tool fails cleanly', async () => {
      const gone = await startMcpToolServer();
      const url = gone.url;
      await gone.close();
      const unreachable = await mcpTool(uniqueName('gone'), 'get_price', url);
      const run = await v1.testRun(unreachable.id, { params: {} });
      expect(run.body).toMatchObject({ success: false, error_code: 'TOOL_EXECUTION_FAILED' });

      const unknown = await mcpTool(uniqueName('unknown'), 'no_such_tool');
      const unknownRun = await v1.testRun(unknown.id, { params: {} });
      expect(unknownRun.body).toMatchObject({
        success: false,
        error_code: 'TOOL_EXECUTION_FAILED',
      });
    });
  });

  describe("an mcp tool on toolhub's own /mcp", () => {
    const plantumlParameters = {
      type: 'object',
      properties: { plantumlCode: { type: 'string' } },
      required: ['plantumlCode'],
    };

    test('wrapping encodePlantUML, it answers what the builtin answers, via test-run, REST and MCP', async () => {
      const name = uniqueName('selfEncode');
      const tool = await mcpTool(name, BUILTIN, `${baseUrl}/mcp`, plantumlParameters, auth);
      const direct = await invoke(BUILTIN, { plantumlCode: SEED_DIAGRAM });
      expect(direct.status).toBe(200);

      const run = await v1.testRun(tool.id, { params: { plantumlCode: SEED_DIAGRAM } });
      expect(run.status).toBe(200);
      expect(run.body).toMatchObject({ success: true, result: direct.body.result });

      const rest = await invoke(name, { plantumlCode: SEED_DIAGRAM });
      expect(rest.status).toBe(200);
      expect(rest.body).toEqual(direct.body);
      expect(decode(rest.body.result.encoded)).toBe(SEED_DIAGRAM);

      const mcp = await callTool(client, name, { plantumlCode: SEED_DIAGRAM });
      expect(mcp.structuredContent).toEqual(direct.body.result);
    });

    test("the builtin's own errors come back through the wrapper", async () => {
      const name = uniqueName('selfEncode');
      await mcpTool(name, BUILTIN, `${baseUrl}/mcp`, plantumlParameters, auth);
      const response = await invoke(name, { plantumlCode: '   ' });
      expect(response.status).toBe(502);
      expect(response.body.error).toMatchObject({
        code: 'TOOL_EXECUTION_FAILED',
        message: expect.stringContaining(
          'EMPTY_CODE: plantumlCode is required and cannot be empty',
        ),
      });
    });
  });

  describe('the builtin encodePlantUML', () => {
    afterEach(async () => {
      await v1.update(await v1.builtinId(), { is_active: true });
    });

    test("seed 001's contract is unchanged with registered tools around", async () => {
      await httpTool(uniqueName('quote'));
      const response = await http().get('/api/tools');
      expect(response.status).toBe(200);
      expect(response.headers['access-control-allow-origin']).toBe('*');
      const listed = (response.body.tools as RestTool[]).find((tool) => tool.id === BUILTIN);
      expect(listed).toEqual(SEED_001_TOOL);

      const encoded = await invoke(BUILTIN, { plantumlCode: SEED_DIAGRAM });
      expect(encoded.status).toBe(200);
      expect(encoded.body).toEqual({
        success: true,
        result: {
          url: `https://www.plantuml.com/plantuml/svg/${encoded.body.result.encoded}`,
          encoded: expect.stringMatching(/^[0-9A-Za-z_-]+$/),
          format: 'svg',
        },
      });
      expect(decode(encoded.body.result.encoded)).toBe(SEED_DIAGRAM);
      expect((await invoke(BUILTIN, { plantumlCode: '' })).body).toEqual({
        success: false,
        error: { code: 'EMPTY_CODE', message: 'plantumlCode is required and cannot be empty' },
      });
      expect((await invoke(BUILTIN, {})).body.error.code).toBe('EMPTY_CODE');
      expect((await invoke('unknownTool', {})).body).toEqual({
        success: false,
        error: { code: 'TOOL_NOT_FOUND', message: "Tool 'unknownTool' not found" },
      });
    });

    test('deactivating encodePlantUML removes it from /api/tools and MCP; reactivating restores it', async () => {
      const id = await v1.builtinId();
      await v1.update(id, { is_active: false });
      expect(await restNames()).not.toContain(BUILTIN);
      expect(await mcpNames()).not.toContain(BUILTIN);
      const response = await invoke(BUILTIN, { plantumlCode: SEED_DIAGRAM });
      expect(response.status).toBe(404);
      expect(response.body.error).toEqual({
        code: 'TOOL_NOT_FOUND',
        message: `Tool '${BUILTIN}' not found`,
      });
      // A test run still works on the inactive builtin.
      const run = await v1.testRun(id, { params: { plantumlCode: SEED_DIAGRAM } });
      expect(run.body).toMatchObject({ success: true, result: { format: 'svg' } });

      await v1.update(id, { is_active: true });
      expect((await restTools()).find((tool) => tool.id === BUILTIN)).toEqual(SEED_001_TOOL);
      expect(await mcpNames()).toContain(BUILTIN);
      expect((await invoke(BUILTIN, { plantumlCode: SEED_DIAGRAM })).status).toBe(200);
    });

    test('a wrapper of encodePlantUML on /mcp fails once the builtin is deactivated', async () => {
      const name = uniqueName('selfEncode');
      await mcpTool(name, BUILTIN, `${baseUrl}/mcp`, undefined, auth);
      expect((await invoke(name, { plantumlCode: SEED_DIAGRAM })).status).toBe(200);
      await v1.update(await v1.builtinId(), { is_active: false });
      const response = await invoke(name, { plantumlCode: SEED_DIAGRAM });
      expect(response.status).toBe(502);
      expect(response.body.error.message).toContain(`Unknown tool: ${BUILTIN}`);
    });
  });
});

/**
 * The catalog is filled from the database at start: what was registered, deactivated or removed
 * from the code before a restart is what is served after it. The HTTP adapter plays no part.
 */
describe('One data plane across a restart', () => {
  const wordCountModules = builtinToolModules(join(__dirname, 'fixtures', 'builtin'));

  test('registered tools and deactivations survive a restart; a builtin gone from the code is not served', async () => {
    const database = await createTestDatabase();
    const apps: TestApp[] = [];
    const start = async (withWordCount: boolean) => {
      const app = await startTestApp(SELECTED_ADAPTER, {
        env: database.env,
        extraToolModules: withWordCount ? wordCountModules : [],
      });
      apps.push(app);
      return { app, auth: await bearerFor(app.app) };
    };
    const served = async ({ app, auth }: { app: TestApp; auth: string }) =>
      ((await app.http.get('/api/tools').set('Authorization', auth)).body.tools as RestTool[]).map(
        (tool) => tool.name,
      );
    const registered = async (app: TestApp, auth: string) =>
      (await app.http.get(`${V1}?limit=100`).set('Authorization', auth)).body.items as {
        id: string;
        name: string;
        is_active: boolean;
        implementation: unknown;
      }[];
    const byName = (a: string, b: string) => a.localeCompare(b);
    try {
      const first = await start(true);
      // The builtins in the code (whatever they are besides encodePlantUML), as registered by a
      // fresh app before anything else is created. /api/tools serves in name order.
      const codeBuiltins = (await registered(first.app, first.auth))
        .filter(
          (tool) =>
            (tool.implementation as { type?: string } | null)?.type === 'builtin' &&
            tool.name !== 'wordCount',
        )
        .map((tool) => tool.name);
      expect(codeBuiltins).toContain(BUILTIN);
      const otherBuiltins = codeBuiltins.filter((name) => name !== BUILTIN);
      expect(await served(first)).toEqual([...codeBuiltins, 'wordCount'].sort(byName));
      const created = await first.app.http
        .post(V1)
        .set('Authorization', first.auth)
        .send({
          name: 'persisted_quote',
          parameters: QUOTE_PARAMETERS,
          implementation: { type: 'http', url: 'http://127.0.0.1:9/quote' },
        });
      expect(created.status).toBe(201);
      const encodeId = (await registered(first.app, first.auth)).find(
        (tool) => tool.name === BUILTIN,
      )!.id;
      await first.app.http
        .put(`${V1}/${encodeId}`)
        .set('Authorization', first.auth)
        .send({ is_active: false });
      expect(await served(first)).toEqual(
        [...otherBuiltins, 'persisted_quote', 'wordCount'].sort(byName),
      );
      await first.app.app.close();

      // Restarted without the wordCount module.
      const second = await start(false);
      expect(await served(second)).toEqual([...otherBuiltins, 'persisted_quote'].sort(byName));
      const tools = await registered(second.app, second.auth);
      // The builtins were stored by one statement at the first start (same created_at): they
      // may come in any order, but all before the tool registered afterwards.
      const summary = tools.map(({ name, is_active }) => ({ name, is_active }));
      const builtinCount = codeBuiltins.length + 1;
      expect(summary.slice(0, builtinCount).sort((a, b) => byName(a.name, b.name))).toEqual(
        [...codeBuiltins, 'wordCount']
          .sort(byName)
          .map((name) => ({ name, is_active: name !== BUILTIN })),
      );
      expect(summary[builtinCount]).toEqual({ name: 'persisted_quote', is_active: true });
      // wordCount is still registered (agents may reference it) but has no code to run.
      const wordCount = tools.find((tool) => tool.name === 'wordCount')!;
      const run = await second.app.http
        .post(`${V1}/${wordCount.id}/test`)
        .set('Authorization', second.auth)
        .send({ params: { text: 'a b' } });
      expect(run.body).toMatchObject({ success: false, error_code: 'TOOL_NOT_RUNNABLE' });
      // Without its code it is no longer read-only: it can be deleted.
      const deleted = await second.app.http
        .delete(`${V1}/${wordCount.id}`)
        .set('Authorization', second.auth);
      expect(deleted.status).toBe(200);
      // encodePlantUML, still in the code, stays protected.
      const refused = await second.app.http
        .delete(`${V1}/${encodeId}`)
        .set('Authorization', second.auth);
      expect(refused.status).toBe(409);
      expect(refused.body.error.code).toBe('BUILTIN_TOOL_READ_ONLY');
    } finally {
      for (const app of apps) await app.app.close().catch(() => undefined);
      await database.drop();
    }
  }, 30_000);
});
