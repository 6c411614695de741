/**
 * MCP over Streamable HTTP at `/mcp`, driven by the official SDK client over a real socket:
 * protocol negotiation, tool discovery and calls (same registry as REST), tool errors, origin
 * checks, methods, concurrency, pagination and metrics. Runs on both adapters.
 */
import { join } from 'node:path';
import { Module, type Type } from '@nestjs/common';
import { type Client } from '@modelcontextprotocol/sdk/client/index.js';
import { type StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import {
  CallToolResultSchema,
  EmptyResultSchema,
  ErrorCode,
  LATEST_PROTOCOL_VERSION,
  ListToolsResultSchema,
  McpError,
} from '@modelcontextprotocol/sdk/types.js';
import { ProtocolError, ProtocolErrorCode } from '@modelcontextprotocol/client';
import { decode } from 'plantuml-encoder';
import { builtinToolModules } from '../src/tools/builtin/builtin-tool-modules';
import { ToolProvider } from '../src/tools/tool-provider.decorator';
import { ToolCatalog } from '../src/tools/tool-catalog.service';
import { type ToolHandler } from '../src/tools/tool.contract';
import {
  MODERN_PROTOCOL_VERSION,
  McpClients,
  callTool,
  initializeRequest,
  invocationCounts,
  jsonRpc,
  jsonRpcReply,
  listeningUrl,
  MCP_ACCEPT,
  modernRequest,
  postMcp,
  postMcpText,
  rejectionOf,
  sseMessages,
} from './support/mcp-clients';
import { SEED_DIAGRAM, diagramOfSize } from './support/plantuml-samples';
import { describeHttpContract } from './support/test-app';

const ENCODE = '/api/tools/encodePlantUML';
const PING = { jsonrpc: '2.0', id: 1, method: 'ping' };

/** A JSON-RPC error about a message whose id could not be read, as the body of a response. */
const unidentifiedError = (code: number, message: string | jest.AsymmetricMatcher) => ({
  jsonrpc: '2.0',
  id: null,
  error: { code, message },
});
const ALLOWED_ORIGINS = ['https://app.example.com', 'https://tools.example.org'];

/** The `{ error }` branch every tool's MCP output schema offers besides the tool's output. */
const ERROR_OUTPUT_SCHEMA = {
  type: 'object',
  properties: {
    error: {
      type: 'object',
      properties: { code: { type: 'string' }, message: { type: 'string' } },
      required: ['code', 'message'],
    },
  },
  required: ['error'],
};

interface RestTool {
  id: string;
  name: string;
  description: string;
  inputSchema: Record<string, unknown>;
}

describeHttpContract(
  'MCP over Streamable HTTP',
  (testApp) => {
    const clients = new McpClients();
    let baseUrl: string;
    let client: Client;
    let transport: StreamableHTTPClientTransport;

    beforeAll(async () => {
      baseUrl = await listeningUrl(testApp());
      ({ client, transport } = await clients.connectHttp(baseUrl));
      // Caches the output schemas: from here on the client validates every structured result.
      await client.listTools();
    });
    afterAll(() => clients.closeAll());

    const restTools = async (): Promise<RestTool[]> =>
      (await testApp().http.get('/api/tools')).body.tools as RestTool[];
    const definitionOf = (name: string) =>
      testApp().app.get(ToolCatalog).find(name, 'all')?.definition;
    /** What a client without a key is served: whatever tools the app has, never a fixed list. */
    const publicToolNames = () =>
      testApp()
        .app.get(ToolCatalog)
        .list('public')
        .map((tool) => tool.definition.name);

    describe('initialization', () => {
      test('the SDK client negotiates the latest protocol revision with the toolhub server', () => {
        expect(transport.protocolVersion).toBe(LATEST_PROTOCOL_VERSION);
        expect(client.getServerVersion()?.name).toBe('toolhub');
        expect(client.getServerCapabilities()).toMatchObject({ tools: {} });
      });

      test('a client asking for an older supported revision gets that revision', async () => {
        const response = await postMcp(baseUrl, initializeRequest('2025-03-26'));
        expect(response.status).toBe(200);
        expect(response.headers.get('content-type')).toMatch(/^application\/json/);
        const body = await jsonRpcReply(response);
        expect(body.result?.protocolVersion).toBe('2025-03-26');
        expect(body.result?.serverInfo?.name).toBe('toolhub');
      });

      test('a client asking for an unknown revision is offered the latest one', async () => {
        const response = await postMcp(baseUrl, initializeRequest('1999-01-01'));
        expect(response.status).toBe(200);
        expect((await jsonRpcReply(response)).result?.protocolVersion).toBe(
          LATEST_PROTOCOL_VERSION,
        );
      });

      test('a request with an unsupported MCP-Protocol-Version header is 400', async () => {
        const response = await postMcp(baseUrl, jsonRpc('tools/list'), {
          'MCP-Protocol-Version': '1999-01-01',
        });
        expect(response.status).toBe(400);
        const body = await jsonRpcReply(response);
        expect(body.error?.message).toContain('Unsupported protocol version: 1999-01-01');
      });

      test('a request with an older supported MCP-Protocol-Version header is served', async () => {
        const response = await postMcp(baseUrl, jsonRpc('tools/list'), {
          'MCP-Protocol-Version': '2025-03-26',
        });
        expect(response.status).toBe(200);
        const names = (await jsonRpcReply(response)).result?.tools?.map((t) => t.name);
        expect(names).toContain('encodePlantUML');
      });
    });

    describe('2026-07-28 clients (SDK v2), on the same endpoint', () => {
      // A pinned client connects only if server/discover offers 2026-07-28: no fallback.
      test('connect without initialize and are served the same tools as 2025 clients', async () => {
        const modern = await clients.connectModern(baseUrl);
        expect(modern.getProtocolEra()).toBe('modern');
        expect(modern.getServerVersion()?.name).toBe('toolhub');
        const [modernTools, legacyTools] = await Promise.all([
          modern.listTools(),
          client.listTools(),
        ]);
        expect(modernTools.tools).toEqual(legacyTools.tools);
      });

      test('a call returns what a 2025 client gets', async () => {
        const modern = await clients.connectModern(baseUrl);
        const args = { name: 'encodePlantUML', arguments: { plantumlCode: SEED_DIAGRAM } };
        const [modernResult, legacyResult] = await Promise.all([
          modern.callTool(args),
          client.callTool(args),
        ]);
        expect(modernResult.structuredContent).toEqual(legacyResult.structuredContent);
        expect(modernResult.content).toEqual(legacyResult.content);
      });

      test('tools/list says how long it may be cached, for this caller only; 2025 answers do not', async () => {
        const { request, headers } = modernRequest('tools/list');
        const modern = await jsonRpcReply(await postMcp(baseUrl, request, headers));
        expect(modern.result).toMatchObject({ ttlMs: 60_000, cacheScope: 'private' });
        const legacy = await jsonRpcReply(await postMcp(baseUrl, jsonRpc('tools/list')));
        expect(legacy.result).not.toHaveProperty('ttlMs');
        expect(legacy.result).not.toHaveProperty('cacheScope');
      });

      test('an unsupported revision is -32022, naming the one served', async () => {
        const { request, headers } = modernRequest('tools/list', '2027-01-01');
        const response = await postMcp(baseUrl, request, headers);
        expect(response.status).toBe(400);
        expect(await response.json()).toMatchObject({
          error: { code: -32022, data: { supported: [MODERN_PROTOCOL_VERSION] } },
        });
      });

      test('an unknown tool is -32602 Invalid params', async () => {
        const modern = await clients.connectModern(baseUrl);
        const error = await rejectionOf(modern.callTool({ name: 'noSuchTool', arguments: {} }));
        expect(error).toBeInstanceOf(ProtocolError);
        expect((error as ProtocolError).code).toBe(ProtocolErrorCode.InvalidParams);
      });
    });

    describe('tools/list', () => {
      test('lists the tools of GET /api/tools: same names, descriptions, input schemas, order', async () => {
        const { tools, nextCursor } = await client.listTools();
        expect(nextCursor).toBeUndefined();
        const rest = await restTools();
        expect(tools.map((t) => t.name)).toEqual(publicToolNames());
        expect(tools.map((t) => t.name)).toEqual(
          expect.arrayContaining(['encodePlantUML', 'wordCount']),
        );
        expect(
          tools.map(({ name, description, inputSchema }) => ({ name, description, inputSchema })),
        ).toEqual(
          rest.map(({ name, description, inputSchema }) => ({ name, description, inputSchema })),
        );
      });

      test('encodePlantUML carries its title and behaviour annotations', async () => {
        const { tools } = await client.listTools();
        const encode = tools.find((t) => t.name === 'encodePlantUML');
        expect(encode?.title).toBe('Encode PlantUML diagram');
        expect(encode?.annotations).toEqual({
          title: 'Encode PlantUML diagram',
          readOnlyHint: true,
          destructiveHint: false,
          idempotentHint: true,
          openWorldHint: false,
        });
      });

      test.each(['encodePlantUML', 'wordCount'])(
        "%s's outputSchema is its output or an error",
        async (name) => {
          const { tools } = await client.listTools();
          const tool = tools.find((t) => t.name === name);
          const outputSchema = definitionOf(name)?.outputSchema;
          expect(outputSchema).toBeDefined();
          expect(tool?.outputSchema).toEqual({
            type: 'object',
            anyOf: [outputSchema, ERROR_OUTPUT_SCHEMA],
          });
        },
      );

      test('a tool without annotations has no title or annotations', async () => {
        const { tools } = await client.listTools();
        const wordCount = tools.find((t) => t.name === 'wordCount');
        expect(wordCount).toBeDefined();
        expect(wordCount?.title).toBeUndefined();
        expect(wordCount?.annotations).toBeUndefined();
      });
    });

    describe('tools/call', () => {
      test('a call returns the URL REST returns, as structured content and as JSON text', async () => {
        const result = await callTool(client, 'encodePlantUML', { plantumlCode: SEED_DIAGRAM });
        const rest = await testApp().http.post(ENCODE).send({ plantumlCode: SEED_DIAGRAM });
        expect(rest.status).toBe(200);
        expect(result.isError).toBeFalsy();
        expect(result.structuredContent).toEqual(rest.body.result);
        expect(result.content).toEqual([{ type: 'text', text: JSON.stringify(rest.body.result) }]);
        const { url, encoded } = result.structuredContent as { url: string; encoded: string };
        expect(url).toBe(`https://www.plantuml.com/plantuml/svg/${encoded}`);
        expect(decode(encoded)).toBe(SEED_DIAGRAM);
      });

      test.each([
        ['EMPTY_CODE', '', 'plantumlCode is required and cannot be empty'],
        ['CODE_TOO_LARGE', diagramOfSize(51_201), 'PlantUML code exceeds maximum size of 50KB'],
        [
          'ENCODING_FAILED',
          '@startuml\nA -> B : \ud800\n@enduml',
          'Failed to encode PlantUML code',
        ],
      ])(
        '%s is a tool error result with the code and message',
        async (code, plantumlCode, message) => {
          const result = await callTool(client, 'encodePlantUML', { plantumlCode });
          expect(result).toEqual({
            isError: true,
            content: [{ type: 'text', text: `${code}: ${message}` }],
            structuredContent: { error: { code, message } },
          });
        },
      );

      test('an unknown tool is a JSON-RPC error -32602, not a tool result', async () => {
        const error = await rejectionOf(callTool(client, 'noSuchTool', {}));
        expect(error).toBeInstanceOf(McpError);
        expect((error as McpError).code).toBe(ErrorCode.InvalidParams);
        expect((error as McpError).message).toContain('Unknown tool: noSuchTool');
      });

      test('a tool module added to the app is callable over MCP', async () => {
        const result = await callTool(client, 'wordCount', { text: 'hello tool world' });
        expect(result.isError).toBeFalsy();
        expect(result.structuredContent).toEqual({ words: 3 });
      });

      test.each([
        ['an empty text', { text: '' }],
        ['a missing text', {}],
        ['an extra property', { text: 'a b', extra: true }],
        ['a non-string text', { text: 7 }],
      ])(
        'input violating the schema (%s) is an INVALID_INPUT result, like REST',
        async (_name, input) => {
          const result = await callTool(client, 'wordCount', input);
          const rest = await testApp().http.post('/api/tools/wordCount').send(input);
          expect(rest.status).toBe(400);
          expect(rest.body.error.code).toBe('INVALID_INPUT');
          const { code, message } = rest.body.error as { code: string; message: string };
          expect(message).toMatch(/^Invalid input for tool 'wordCount': /);
          expect(result).toEqual({
            isError: true,
            content: [{ type: 'text', text: `${code}: ${message}` }],
            structuredContent: { error: { code, message } },
          });
        },
      );

      test('20 concurrent clients each get the URL of their own diagram', async () => {
        const diagrams = Array.from(
          { length: 20 },
          (_, i) => `@startuml\nclient${i} -> toolhub : diagram ${i}\n@enduml`,
        );
        const results = await Promise.all(
          diagrams.map(async (plantumlCode, i) => {
            const { client: own } = await clients.connectHttp(baseUrl, `concurrent-${i}`);
            return callTool(own, 'encodePlantUML', { plantumlCode });
          }),
        );
        const urls = results.map((result, i) => {
          expect(result.isError).toBeFalsy();
          const { url, encoded } = result.structuredContent as { url: string; encoded: string };
          expect(decode(encoded)).toBe(diagrams[i]);
          return url;
        });
        const restUrls = await Promise.all(
          diagrams.map(
            async (plantumlCode) =>
              (await testApp().http.post(ENCODE).send({ plantumlCode })).body.result.url as string,
          ),
        );
        expect(urls).toEqual(restUrls);
        expect(new Set(urls).size).toBe(20);
      });
    });

    describe('JSON-RPC errors', () => {
      /** The response's status, media type and parsed body. */
      const answerOf = async (response: Response) => ({
        status: response.status,
        contentType: response.headers.get('content-type'),
        body: await response.json(),
      });

      test('a malformed body is 400 with the JSON-RPC parse error -32700, id null', async () => {
        expect(await answerOf(await postMcpText(baseUrl, '{"jsonrpc": "2.0", "id": 1,'))).toEqual({
          status: 400,
          contentType: expect.stringMatching(/^application\/json/),
          body: unidentifiedError(
            ErrorCode.ParseError,
            expect.stringMatching(/^Parse error: Request body is not valid JSON: ./),
          ),
        });
      });

      test.each([
        ['an empty body', '', 'Request body is not valid JSON: the body is empty'],
        [
          'a body nested 100,000 deep',
          `${'['.repeat(100_000)}${']'.repeat(100_000)}`,
          'Request body nests arrays and objects deeper than 64 levels',
        ],
        [
          'a number too large',
          '{"jsonrpc":"2.0","id":1e400,"method":"ping"}',
          "Request body holds a number too large to represent at 'id'",
        ],
      ])('%s is 400 -32700 saying why', async (_name, text, reason) => {
        const response = await postMcpText(baseUrl, text);
        expect(response.status).toBe(400);
        expect(await response.json()).toEqual(
          unidentifiedError(ErrorCode.ParseError, `Parse error: ${reason}`),
        );
      });

      test.each([
        ['42', 'a JSON-RPC message is an object, not a number'],
        ['"x"', 'a JSON-RPC message is an object, not a string'],
        ['null', 'a JSON-RPC message is an object, not null'],
        ['{}', 'jsonrpc must be "2.0"'],
        [
          '{"jsonrpc":"2.0","id":1}',
          expect.stringMatching(/^Invalid Request: a message has a method/),
        ],
        ['{"jsonrpc":"2.0","id":1,"method":7}', 'method must be a string, not a number'],
        [
          '{"jsonrpc":"2.0","id":null,"method":"ping"}',
          'id must be a string or an integer, not null',
        ],
        [
          '{"jsonrpc":"2.0","id":1,"method":"tools/list","params":[]}',
          'params must be an object, not an array',
        ],
        ['[]', 'a batch holds at least one message'],
        [
          `[${JSON.stringify(PING)},42]`,
          'batch member 1: a JSON-RPC message is an object, not a number',
        ],
      ])('the JSON %s is 400 with the JSON-RPC invalid request -32600', async (text, reason) => {
        const response = await postMcpText(baseUrl, text);
        expect(response.status).toBe(400);
        expect(await response.json()).toEqual(
          unidentifiedError(
            ErrorCode.InvalidRequest,
            typeof reason === 'string' ? `Invalid Request: ${reason}` : reason,
          ),
        );
      });

      test('a batch with a bad member runs none of it', async () => {
        const before = await invocationCounts(testApp());
        const call = jsonRpc('tools/call', {
          name: 'encodePlantUML',
          arguments: { plantumlCode: SEED_DIAGRAM },
        });
        const response = await postMcpText(baseUrl, `[${JSON.stringify(call)},"x"]`);
        expect(response.status).toBe(400);
        expect(await invocationCounts(testApp())).toEqual(before);
      });

      test.each([
        ['a text/plain body', { 'Content-Type': 'text/plain' }, /^Content-Type 'text\/plain'/],
        ['a gzip-encoded body', { 'Content-Encoding': 'gzip' }, /^Content-Encoding 'gzip'/],
      ])(
        '%s is 415 with JSON-RPC -32000, as the SDK answers a body it cannot read',
        async (_name, headers, message) => {
          const response = await postMcp(baseUrl, PING, headers);
          expect(response.status).toBe(415);
          expect(await response.json()).toEqual(
            unidentifiedError(ErrorCode.ConnectionClosed, expect.stringMatching(message)),
          );
        },
      );

      test('a body over MAX_BODY_BYTES is 413 with JSON-RPC -32000', async () => {
        const padding = 'x'.repeat(1024 * 1024);
        const response = await postMcp(baseUrl, { ...PING, params: { _meta: { padding } } });
        expect(response.status).toBe(413);
        expect(await response.json()).toEqual(
          unidentifiedError(
            ErrorCode.ConnectionClosed,
            'Request body exceeds maximum size of 1024KB',
          ),
        );
      });

      test('a refusal of the caller keeps the envelope, even before a malformed body', async () => {
        const response = await postMcpText(baseUrl, '{', { Authorization: 'Bearer thk_unknown' });
        expect(response.status).toBe(401);
        expect(await response.json()).toMatchObject({
          success: false,
          error: { code: 'UNAUTHORIZED' },
        });
      });

      test('an unknown method is the JSON-RPC error -32601 for that request', async () => {
        const error = await rejectionOf(
          client.request({ method: 'tools/nope' }, EmptyResultSchema),
        );
        expect(error).toBeInstanceOf(McpError);
        expect((error as McpError).code).toBe(ErrorCode.MethodNotFound);
      });

      test.each([
        ['an array', [1, 2]],
        ['a string', 'text'],
        ['null', null],
      ])(
        'tools/call with arguments that are %s is -32602 Invalid params, and runs nothing',
        async (kind, args) => {
          const before = await invocationCounts(testApp());
          const error = await rejectionOf(
            client.request(
              { method: 'tools/call', params: { name: 'wordCount', arguments: args } },
              CallToolResultSchema,
            ),
          );
          expect(error).toBeInstanceOf(McpError);
          expect((error as McpError).code).toBe(ErrorCode.InvalidParams);
          expect((error as McpError).message).toBe(
            `MCP error -32602: Invalid params for tools/call: arguments must be an object, not ${kind}`,
          );
          expect(await invocationCounts(testApp())).toEqual(before);
        },
      );

      test('tools/list with a cursor that is not a string is -32602 Invalid params', async () => {
        const error = await rejectionOf(
          client.request({ method: 'tools/list', params: { cursor: 5 } }, ListToolsResultSchema),
        );
        expect((error as McpError).code).toBe(ErrorCode.InvalidParams);
        expect((error as McpError).message).toBe(
          'MCP error -32602: Invalid params for tools/list: cursor must be a string, not a number',
        );
      });

      // Tool calls stream (SSE), so a call can send progress and requests before its result.
      test('in a batch, each request gets its own answer: a result, or its -32602 with its id', async () => {
        const good = jsonRpc('tools/call', { name: 'wordCount', arguments: { text: 'a b' } });
        const bad = jsonRpc('tools/call', { name: 'wordCount', arguments: ['a b'] });
        const response = await postMcp(baseUrl, [good, bad]);
        expect(response.status).toBe(200);
        expect(response.headers.get('content-type')).toMatch(/^text\/event-stream/);
        const answers = (await sseMessages(response)) as { id: number }[];
        expect(answers.sort((a, b) => a.id - b.id)).toEqual([
          expect.objectContaining({
            id: good.id,
            result: expect.objectContaining({ structuredContent: { words: 2 } }),
          }),
          {
            jsonrpc: '2.0',
            id: bad.id,
            error: {
              code: ErrorCode.InvalidParams,
              message: 'Invalid params for tools/call: arguments must be an object, not an array',
            },
          },
        ]);
      });
    });

    describe('Origin', () => {
      test.each([
        'https://evil.example',
        'http://localhost.evil.example',
        'http://127.0.0.1.nip.io',
        'https://app.example.com.evil.example',
        'null',
      ])('a browser request from %s is 403 FORBIDDEN_ORIGIN', async (origin) => {
        const response = await postMcp(baseUrl, initializeRequest(LATEST_PROTOCOL_VERSION), {
          Origin: origin,
        });
        expect(response.status).toBe(403);
        expect(await response.json()).toEqual({
          success: false,
          error: {
            code: 'FORBIDDEN_ORIGIN',
            message: `Origin '${origin}' is not allowed to use the MCP endpoint`,
          },
        });
      });

      test('a tool call from a forbidden origin does not run the tool', async () => {
        const before = await invocationCounts(testApp());
        const response = await postMcp(
          baseUrl,
          jsonRpc('tools/call', {
            name: 'encodePlantUML',
            arguments: { plantumlCode: SEED_DIAGRAM },
          }),
          { Origin: 'https://evil.example', 'MCP-Protocol-Version': LATEST_PROTOCOL_VERSION },
        );
        expect(response.status).toBe(403);
        expect(await invocationCounts(testApp())).toEqual(before);
      });

      test.each([
        'http://localhost:5173',
        'http://127.0.0.1:6274',
        'http://[::1]:8080',
        'https://localhost',
        'http://LOCALHOST:3000',
        ...ALLOWED_ORIGINS,
      ])('a browser request from %s is served', async (origin) => {
        const response = await postMcp(baseUrl, initializeRequest(LATEST_PROTOCOL_VERSION), {
          Origin: origin,
        });
        expect(response.status).toBe(200);
        expect((await jsonRpcReply(response)).result?.protocolVersion).toBe(
          LATEST_PROTOCOL_VERSION,
        );
      });
    });

    test('MCP responses carry the CORS headers, with the MCP headers allowed, and a request id', async () => {
      const response = await postMcp(baseUrl, initializeRequest(LATEST_PROTOCOL_VERSION), {
        Origin: 'http://localhost:6274',
        'X-Request-Id': 'inspector-1',
      });
      expect(response.status).toBe(200);
      expect(response.headers.get('access-control-allow-origin')).toBe('*');
      expect(response.headers.get('access-control-allow-headers')).toContain(
        'Mcp-Protocol-Version',
      );
      expect(response.headers.get('access-control-allow-headers')).toContain('Mcp-Method');
      expect(response.headers.get('x-request-id')).toBe('inspector-1');
    });

    describe('methods', () => {
      test('get /mcp is 405 with Allow: POST, DELETE, OPTIONS and the JSON envelope', async () => {
        const response = await testApp().http.get('/mcp').set('Accept', MCP_ACCEPT);
        expect(response.status).toBe(405);
        expect(response.headers.allow).toBe('POST, DELETE, OPTIONS');
        expect(response.body).toEqual({
          success: false,
          error: { code: 'METHOD_NOT_ALLOWED', message: 'Only POST, DELETE methods are allowed' },
        });
      });

      test('delete /mcp without Mcp-Session-Id is 400: it names the session to end', async () => {
        const response = await testApp().http.delete('/mcp');
        expect(response.status).toBe(400);
        expect(response.body).toEqual({
          success: false,
          error: {
            code: 'BAD_REQUEST',
            message: 'Mcp-Session-Id is required: it names the session to end',
          },
        });
      });
    });

    describe('metrics', () => {
      test('MCP calls are counted with transport="mcp", unknown tools not at all', async () => {
        const before = await invocationCounts(testApp());
        await callTool(client, 'encodePlantUML', { plantumlCode: SEED_DIAGRAM });
        await callTool(client, 'encodePlantUML', { plantumlCode: 'A -> B' });
        await callTool(client, 'encodePlantUML', { plantumlCode: ' ' });
        await callTool(client, 'wordCount', { text: '' });
        await rejectionOf(callTool(client, 'ghostTool', {}));
        const after = await invocationCounts(testApp());
        const delta = (key: string) => (after.get(key) ?? 0) - (before.get(key) ?? 0);

        expect(delta('encodePlantUML mcp ok')).toBe(2);
        expect(delta('encodePlantUML mcp EMPTY_CODE')).toBe(1);
        expect(delta('wordCount mcp INVALID_INPUT')).toBe(1);
        expect(delta('encodePlantUML rest ok')).toBe(0);
        expect([...after.keys()].filter((key) => key.startsWith('ghostTool '))).toEqual([]);
      });
    });
  },
  {
    env: { MCP_ALLOWED_ORIGINS: ALLOWED_ORIGINS.join(', ') },
    extraToolModules: builtinToolModules(join(__dirname, 'fixtures', 'builtin')),
  },
);

const GENERATED_TOOLS = 150;

/** A module with `count` trivial tools, `generated000`, `generated001`, ... */
function generatedToolsModule(count: number): Type {
  const providers = Array.from({ length: count }, (_, i) => {
    const name = `generated${String(i).padStart(3, '0')}`;
    const GeneratedTool = class implements ToolHandler {
      execute() {
        return { tool: name };
      }
    };
    Object.defineProperty(GeneratedTool, 'name', { value: `Generated${i}Tool` });
    ToolProvider({ name, description: `Generated tool ${i}`, inputSchema: { type: 'object' } })(
      GeneratedTool,
    );
    return GeneratedTool;
  });
  class GeneratedToolsModule {}
  Module({ providers })(GeneratedToolsModule);
  return GeneratedToolsModule;
}

describeHttpContract(
  'MCP tools/list pagination',
  (testApp) => {
    const clients = new McpClients();
    let client: Client;

    beforeAll(async () => {
      ({ client } = await clients.connectHttp(await listeningUrl(testApp())));
    });
    afterAll(() => clients.closeAll());

    const cursorFor = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

    test('lists 100 tools, then the rest after nextCursor, together GET /api/tools in order', async () => {
      // The generated tools and whatever tools ship with toolhub.
      const served = testApp().app.get(ToolCatalog).list('public').length;
      expect(served).toBeGreaterThan(GENERATED_TOOLS);
      expect(served).toBeLessThan(200);

      const first = await client.listTools();
      expect(first.tools).toHaveLength(100);
      expect(typeof first.nextCursor).toBe('string');

      const second = await client.listTools({ cursor: first.nextCursor });
      expect(second.tools).toHaveLength(served - 100);
      expect(second.nextCursor).toBeUndefined();

      const rest = (await testApp().http.get('/api/tools')).body.tools as RestTool[];
      expect(rest).toHaveLength(served);
      expect([...first.tools, ...second.tools].map((t) => t.name)).toEqual(rest.map((t) => t.id));
    });

    test('a generated tool on the second page is callable', async () => {
      const result = await callTool(client, 'generated149', {});
      expect(result.structuredContent).toEqual({ tool: 'generated149' });
    });

    test.each([
      ['garbage', 'not-a-cursor'],
      ['empty', ''],
      ['past the end', cursorFor({ offset: 1000 })],
      ['negative', cursorFor({ offset: -1 })],
      ['fractional', cursorFor({ offset: 2.5 })],
      ['a string offset', cursorFor({ offset: '100' })],
      ['JSON null', cursorFor(null)],
    ])('a forged cursor (%s) is a JSON-RPC error -32602', async (_name, cursor) => {
      const error = await rejectionOf(client.listTools({ cursor }));
      expect(error).toBeInstanceOf(McpError);
      expect((error as McpError).code).toBe(ErrorCode.InvalidParams);
      expect((error as McpError).message).toContain('Invalid cursor');
    });
  },
  { extraToolModules: [generatedToolsModule(GENERATED_TOOLS)] },
);
