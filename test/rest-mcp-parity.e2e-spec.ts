/**
 * REST and MCP are two presentations of one `ToolInvoker`: every input gets the same outcome
 * over `POST /api/tools/{name}` and over MCP `tools/call` (official SDK client, Streamable HTTP).
 */
import { type Client } from '@modelcontextprotocol/sdk/client/index.js';
import { ErrorCode, McpError } from '@modelcontextprotocol/sdk/types.js';
import { decode } from 'plantuml-encoder';
import {
  McpClients,
  callTool,
  invocationCounts,
  listeningUrl,
  rejectionOf,
} from './support/mcp-clients';
import { SEED_DIAGRAM, diagramOfSize } from './support/plantuml-samples';
import { describeOnAdapter } from './support/test-app';

const TOOL = 'encodePlantUML';
const LONE_SURROGATE = '@startuml\nA -> B : \ud800\n@enduml';
const UNICODE_DIAGRAM =
  '@startuml\n사용자 -> 서버 : 요청 🚀\nnote right: café, cafe\u0301, 𝔘𝔫𝔦𝔠𝔬𝔡𝔢\n@enduml';

/** Inputs that succeed: [case, plantumlCode]. */
const SUCCESSES: [string, string][] = [
  ['a valid diagram', SEED_DIAGRAM],
  ['a unicode diagram', UNICODE_DIAGRAM],
  ['a diagram of exactly 51,200 bytes', diagramOfSize(51_200)],
];

/** Inputs that fail: [case, input, code, REST status]. */
const FAILURES: [string, Record<string, unknown>, string, number][] = [
  ['an empty diagram', { plantumlCode: '' }, 'EMPTY_CODE', 400],
  ['a whitespace-only diagram', { plantumlCode: ' \n\t\r ' }, 'EMPTY_CODE', 400],
  ['a null plantumlCode', { plantumlCode: null }, 'EMPTY_CODE', 400],
  ['a missing plantumlCode', {}, 'EMPTY_CODE', 400],
  ['a numeric plantumlCode', { plantumlCode: 42 }, 'EMPTY_CODE', 400],
  ['an array plantumlCode', { plantumlCode: ['@startuml'] }, 'EMPTY_CODE', 400],
  ['an object plantumlCode', { plantumlCode: { text: '@startuml' } }, 'EMPTY_CODE', 400],
  // JSON.parse makes `__proto__` an own key, which both clients then send as is.
  [
    'a value smuggled through __proto__',
    JSON.parse('{"__proto__":{"plantumlCode":"A -> B"}}') as Record<string, unknown>,
    'EMPTY_CODE',
    400,
  ],
  [
    'a value smuggled through constructor.prototype',
    { constructor: { prototype: { plantumlCode: 'A -> B' } } },
    'EMPTY_CODE',
    400,
  ],
  ['a diagram of 51,201 bytes', { plantumlCode: diagramOfSize(51_201) }, 'CODE_TOO_LARGE', 413],
  ['a lone surrogate', { plantumlCode: LONE_SURROGATE }, 'ENCODING_FAILED', 500],
];

interface RestFailure {
  success: false;
  error: { code: string; message: string };
}

describeOnAdapter('REST and MCP parity', (testApp) => {
  const clients = new McpClients();
  let client: Client;

  beforeAll(async () => {
    ({ client } = await clients.connectHttp(await listeningUrl(testApp())));
    // From here on the client also validates structured content against each outputSchema.
    await client.listTools();
  });
  afterAll(() => clients.closeAll());

  const rest = (tool: string, input: Record<string, unknown>) =>
    testApp()
      .http.post(`/api/tools/${encodeURIComponent(tool)}`)
      .send(input);

  test.each(SUCCESSES)(
    '%s: REST success ↔ MCP result with the same result',
    async (_name, plantumlCode) => {
      const overRest = await rest(TOOL, { plantumlCode });
      const overMcp = await callTool(client, TOOL, { plantumlCode });

      expect(overRest.status).toBe(200);
      expect(overRest.body.success).toBe(true);
      expect(decode(overRest.body.result.encoded)).toBe(plantumlCode);
      expect(overMcp.isError).toBeFalsy();
      expect(overMcp.structuredContent).toEqual(overRest.body.result);
      expect(overMcp.content).toEqual([
        { type: 'text', text: JSON.stringify(overRest.body.result) },
      ]);
    },
  );

  test.each(FAILURES)(
    '%s: REST error ↔ MCP isError result with the same code and message',
    async (_name, input, code, status) => {
      const overRest = await rest(TOOL, input);
      const overMcp = await callTool(client, TOOL, input);

      expect(overRest.status).toBe(status);
      const { error } = overRest.body as RestFailure;
      expect(overRest.body.success).toBe(false);
      expect(error.code).toBe(code);
      expect(overMcp.isError).toBe(true);
      expect(overMcp.structuredContent).toEqual({
        error: { code: error.code, message: error.message },
      });
      expect(overMcp.content).toEqual([{ type: 'text', text: `${code}: ${error.message}` }]);
    },
  );

  test('an unknown tool: REST 404 TOOL_NOT_FOUND ↔ MCP JSON-RPC error -32602', async () => {
    const overRest = await rest('noSuchTool', { plantumlCode: SEED_DIAGRAM });
    const overMcp = await rejectionOf(
      callTool(client, 'noSuchTool', { plantumlCode: SEED_DIAGRAM }),
    );

    expect(overRest.status).toBe(404);
    expect(overRest.body).toEqual({
      success: false,
      error: { code: 'TOOL_NOT_FOUND', message: "Tool 'noSuchTool' not found" },
    });
    expect(overMcp).toBeInstanceOf(McpError);
    expect((overMcp as McpError).code).toBe(ErrorCode.InvalidParams);
    expect((overMcp as McpError).message).toContain('Unknown tool: noSuchTool');
  });

  // Last: sums up every call the tests above made, once per transport.
  test('the invocation metrics count the same outcomes for both transports', async () => {
    const counts = await invocationCounts(testApp());
    const byOutcome = (transport: string) =>
      Object.fromEntries(
        [...counts]
          .filter(([key]) => key.startsWith(`${TOOL} ${transport} `))
          .map(([key, value]) => [key.split(' ')[2], value]),
      );
    expect(byOutcome('rest')).toEqual({
      ok: 3,
      EMPTY_CODE: 9,
      CODE_TOO_LARGE: 1,
      ENCODING_FAILED: 1,
    });
    expect(byOutcome('mcp')).toEqual(byOutcome('rest'));
  });
});
