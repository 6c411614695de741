/**
 * Public and private tools: a registered `http` or `mcp` tool is private unless made public,
 * builtin tools are public. Callers without a key (`GET /api/tools`,
 * `POST /api/tools/{name}`, MCP `tools/list` and `tools/call`) see the public tools only — a
 * private one is not found, exactly like a tool that does not exist — and callers with a valid
 * key see every active tool; an invalid key is refused. Over REST and over the official MCP SDK
 * client; a web page can't reach a private tool either.
 */
import { type Client } from '@modelcontextprotocol/sdk/client/index.js';
import { ErrorCode, McpError } from '@modelcontextprotocol/sdk/types.js';
import { bearerFor } from './support/api-key';
import {
  McpClients,
  callTool,
  initializeRequest,
  jsonRpc,
  jsonRpcReply,
  listeningUrl,
  postMcp,
  rejectionOf,
} from './support/mcp-clients';
import { describeOnAdapter } from './support/test-app';
import { type ToolServer, startHttpToolServer } from './support/tool-servers';

const V1 = '/api/v1/tools';
const BUILTIN = 'encodePlantUML';
const UNKNOWN_KEY = `Bearer thk_${'x'.repeat(43)}`;
const PAGE_ORIGIN = 'https://page.example';

describeOnAdapter('Public and private tools', (testApp) => {
  const clients = new McpClients();
  let admin: string;
  let member: string;
  let baseUrl: string;
  let anonymousMcp: Client;
  let memberMcp: Client;
  let endpoint: ToolServer;
  const http = () => testApp().http;

  const register = async (name: string, extra: object = {}) => {
    const response = await http()
      .post(V1)
      .set('Authorization', admin)
      .send({
        name,
        parameters: { type: 'object' },
        implementation: {
          type: 'http',
          url: endpoint.url,
          secret_headers: { Authorization: 'Bearer sk-private' },
        },
        ...extra,
      });
    expect(response.status).toBe(201);
    return response.body as { id: string; name: string; public: boolean };
  };
  /** The builtin tools of this app (encodePlantUML among them), in name order. */
  let builtins: string[];
  const restNames = async (authorization?: string) => {
    const request = http().get('/api/tools');
    if (authorization) void request.set('Authorization', authorization);
    const response = await request;
    expect(response.status).toBe(200);
    return (response.body.tools as { name: string }[]).map((tool) => tool.name);
  };
  const invoke = (name: string, authorization?: string) => {
    const request = http().post(`/api/tools/${name}`);
    if (authorization) void request.set('Authorization', authorization);
    return request.send({});
  };
  const mcpNames = async (client: Client) =>
    (await client.listTools()).tools.map((tool) => tool.name);

  beforeAll(async () => {
    // Before anything is registered, the public tools are the builtin ones, whatever they are.
    builtins = await restNames();
    admin = await bearerFor(testApp().app, 'admin');
    member = await bearerFor(testApp().app, 'member', undefined, 'member');
    endpoint = await startHttpToolServer();
    await register('private_quote');
    await register('public_quote', { public: true });
    baseUrl = await listeningUrl(testApp());
    ({ client: anonymousMcp } = await clients.connectHttp(baseUrl, 'anonymous'));
    ({ client: memberMcp } = await clients.connectHttp(baseUrl, 'member', {
      Authorization: member,
    }));
  });
  afterAll(async () => {
    await clients.closeAll();
    await endpoint.close();
  });

  test('a registered tool is private by default; builtin tools are public', async () => {
    const tools = (await http().get(`${V1}?limit=100`).set('Authorization', member)).body.items as {
      name: string;
      public: boolean;
    }[];
    const visibility = Object.fromEntries(tools.map((tool) => [tool.name, tool.public]));
    expect(builtins).toContain(BUILTIN);
    expect(visibility).toEqual({
      ...Object.fromEntries(builtins.map((name) => [name, true])),
      private_quote: false,
      public_quote: true,
    });
  });

  describe('without a key', () => {
    test('GET /api/tools and MCP tools/list show the public tools only', async () => {
      const expected = [...builtins, 'public_quote'].sort();
      expect(await restNames()).toEqual(expected);
      expect(await mcpNames(anonymousMcp)).toEqual(expected);
    });

    test('a private tool is TOOL_NOT_FOUND, as if it did not exist, and its endpoint is not called', async () => {
      const calls = endpoint.requests.length;
      const hidden = await invoke('private_quote');
      const missing = await invoke('no_such_quote');
      expect(hidden.status).toBe(404);
      expect(hidden.body).toEqual({
        success: false,
        error: { code: 'TOOL_NOT_FOUND', message: "Tool 'private_quote' not found" },
      });
      expect(missing.body.error.message).toBe("Tool 'no_such_quote' not found");

      const error = await rejectionOf(callTool(anonymousMcp, 'private_quote', {}));
      expect(error).toBeInstanceOf(McpError);
      expect((error as McpError).code).toBe(ErrorCode.InvalidParams);
      expect((error as McpError).message).toContain('Unknown tool: private_quote');
      expect(endpoint.requests.length).toBe(calls);
    });

    test('a public tool runs over REST and MCP', async () => {
      expect((await invoke('public_quote')).status).toBe(200);
      const result = await callTool(anonymousMcp, 'public_quote', {});
      expect(result.isError).toBeFalsy();
    });

    test('the OpenAPI document, public too, has no operation for a private tool', async () => {
      const { paths } = (await http().get('/docs-json')).body as {
        paths: Record<string, Record<string, { security?: unknown }>>;
      };
      expect(Object.keys(paths)).toContain('/api/tools/public_quote');
      expect(Object.keys(paths)).not.toContain('/api/tools/private_quote');
      // And it says the key is optional there: no requirement, or the bearer key.
      const optional = [{}, { bearer: [] }];
      expect(paths['/api/tools'].get.security).toEqual(optional);
      expect(paths['/api/tools/public_quote'].post.security).toEqual(optional);
    });
  });

  describe('with a valid key (a member key will do)', () => {
    test('GET /api/tools and MCP tools/list show every active tool', async () => {
      const all = [...builtins, 'private_quote', 'public_quote'].sort();
      expect(await restNames(member)).toEqual(all);
      expect(await mcpNames(memberMcp)).toEqual(all);
    });

    test('a private tool runs over REST and MCP', async () => {
      const rest = await invoke('private_quote', member);
      expect(rest.status).toBe(200);
      expect(rest.body).toEqual({ success: true, result: { received: {} } });
      const result = await callTool(memberMcp, 'private_quote', {});
      expect(result.isError).toBeFalsy();
      expect(result.structuredContent).toEqual({ received: {} });
    });
  });

  describe('with an invalid key', () => {
    test('REST is 401, not a quiet fallback to the public tools', async () => {
      for (const response of [
        await http().get('/api/tools').set('Authorization', UNKNOWN_KEY),
        await invoke('public_quote', UNKNOWN_KEY),
      ]) {
        expect(response.status).toBe(401);
        expect(response.headers['www-authenticate']).toBe('Bearer');
        expect(response.body.error.code).toBe('UNAUTHORIZED');
      }
    });

    test('MCP is 401 too', async () => {
      const response = await postMcp(baseUrl, initializeRequest('2025-06-18'), {
        Authorization: UNKNOWN_KEY,
      });
      expect(response.status).toBe(401);
      expect(((await response.json()) as { error: { code: string } }).error.code).toBe(
        'UNAUTHORIZED',
      );
    });
  });

  describe('with a key sent without the Bearer scheme', () => {
    const bareKey = () => admin.replace(/^Bearer /, '');
    const HOW_TO_SEND = 'send it as Authorization: Bearer <api key>';

    test('REST is 401 saying how to send it, not a quiet fallback to the public tools', async () => {
      for (const response of [
        await http().get('/api/tools').set('Authorization', bareKey()),
        await invoke('public_quote', bareKey()),
      ]) {
        expect(response.status).toBe(401);
        expect(response.body.error.code).toBe('UNAUTHORIZED');
        expect(response.body.error.message).toContain(HOW_TO_SEND);
        expect(response.body.error.message).not.toContain(bareKey());
      }
    });

    test('the official MCP client is refused with the same message', async () => {
      const error = await rejectionOf(
        clients.connectHttp(baseUrl, 'bare-key', { Authorization: bareKey() }),
      );
      expect(error).toMatchObject({ code: 401, message: expect.stringContaining(HOW_TO_SEND) });
    });

    test("another scheme's credentials, such as a proxy's Basic authentication, are no key", async () => {
      const basic = `Basic ${Buffer.from('proxy:secret').toString('base64')}`;
      const listed = await http().get('/api/tools').set('Authorization', basic);
      expect(listed.status).toBe(200);
      const names = (listed.body.tools as { name: string }[]).map(({ name }) => name);
      expect(names).toContain('public_quote');
      expect(names).not.toContain('private_quote');
    });
  });

  describe('changing visibility', () => {
    test('PUT public takes effect on the next request, on both transports', async () => {
      const tool = await register('turncoat_quote');
      expect(await restNames()).not.toContain('turncoat_quote');
      const opened = await http()
        .put(`${V1}/${tool.id}`)
        .set('Authorization', admin)
        .send({ public: true });
      expect(opened.body.public).toBe(true);
      expect(await restNames()).toContain('turncoat_quote');
      expect(await mcpNames(anonymousMcp)).toContain('turncoat_quote');
      await http().put(`${V1}/${tool.id}`).set('Authorization', admin).send({ public: false });
      expect(await restNames()).not.toContain('turncoat_quote');
      expect((await invoke('turncoat_quote')).status).toBe(404);
    });

    test('an operator may make a builtin tool private, and public again', async () => {
      const listed = await http().get(`${V1}?search=${BUILTIN}`).set('Authorization', admin);
      const id = (listed.body.items as { id: string }[])[0].id;
      const hidden = await http().put(`${V1}/${id}`).set('Authorization', admin).send({
        public: false,
      });
      expect(hidden.status).toBe(200);
      expect(await restNames()).not.toContain(BUILTIN);
      const shown = await http().put(`${V1}/${id}`).set('Authorization', admin).send({
        public: true,
      });
      expect(shown.status).toBe(200);
      expect(await restNames()).toContain(BUILTIN);
    });

    test('a member may not change it', async () => {
      const tool = await register('guarded_quote');
      const response = await http()
        .put(`${V1}/${tool.id}`)
        .set('Authorization', member)
        .send({ public: true });
      expect(response.status).toBe(403);
      expect(await restNames()).not.toContain('guarded_quote');
    });
  });

  describe('from a web page', () => {
    test('a browser may not send a key to /api/tools: the preflight allows Content-Type only', async () => {
      const preflight = await http()
        .options('/api/tools/private_quote')
        .set('Origin', PAGE_ORIGIN)
        .set('Access-Control-Request-Method', 'POST')
        .set('Access-Control-Request-Headers', 'authorization, content-type');
      expect(preflight.status).toBe(200);
      expect(preflight.headers['access-control-allow-headers']).toBe('Content-Type');
    });

    test("a page's request without a key finds no private tool, on REST and MCP", async () => {
      const rest = await http()
        .post('/api/tools/private_quote')
        .set('Origin', PAGE_ORIGIN)
        .send({});
      expect(rest.status).toBe(404);
      expect(rest.headers['access-control-allow-origin']).toBe('*');

      // A page on a loopback origin passes MCP's origin check, yet sees the public tools only.
      const listed = await postMcp(baseUrl, jsonRpc('tools/list'), {
        Origin: 'http://localhost:5173',
        'MCP-Protocol-Version': '2025-06-18',
      });
      const names = (await jsonRpcReply(listed)).result?.tools?.map((tool) => tool.name);
      expect(names).toEqual([...builtins, 'public_quote'].sort());
      // Any other origin is refused outright.
      const foreign = await postMcp(baseUrl, jsonRpc('tools/list'), { Origin: PAGE_ORIGIN });
      expect(foreign.status).toBe(403);
    });
  });
});
