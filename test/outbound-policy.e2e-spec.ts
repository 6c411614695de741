/**
 * Outbound calls can't reach inside: a tool's URL may not lead to a loopback, private, link-local
 * or other non-public address unless `TOOL_URL_ALLOW` opens it. An address written in the URL is
 * refused at registration; a name is judged on every call, on the addresses the socket connects to.
 * Real HTTP against the booted app, and real tool servers on loopback that must see no request when
 * a call is refused.
 */
import { bearerFor } from './support/api-key';
import { startJsonPostServer } from './support/json-post-server';
import { createTestDatabase, type TestDatabase } from './support/test-database';
import {
  SELECTED_ADAPTER,
  type TestApp,
  describeOnAdapter,
  startTestApp,
} from './support/test-app';
import { type ToolServer, startHttpToolServer, startMcpToolServer } from './support/tool-servers';

const TOOLS = '/api/v1/tools';
/** What only the remote body holds: an error must never carry it to the caller. */
const TAIL_MARKER = 'INTERNAL-TAIL-MARKER';
const LONG_BODY = `${'x'.repeat(10_000)}${TAIL_MARKER}`;
/** A failed call's whole answer: the 512-character excerpt, its note and the envelope. */
const ANSWER_BOUND = 512 + 512;

interface Registry {
  app: TestApp;
  auth: string;
}

async function startRegistry(env: Record<string, string>): Promise<Registry> {
  const app = await startTestApp(SELECTED_ADAPTER, { env });
  return { app, auth: await bearerFor(app.app) };
}

let counter = 0;
const uniqueName = (base: string) => `${base}_${++counter}`;

const implementationOf = (type: 'http' | 'mcp', url: string) =>
  type === 'http' ? { type, url } : { type, url, tool_name: 'get_price' };

const register = ({ app, auth }: Registry, body: Record<string, unknown>) =>
  app.http
    .post(TOOLS)
    .set('Authorization', auth)
    .send({ parameters: { type: 'object' }, ...body });

async function registered(
  registry: Registry,
  type: 'http' | 'mcp',
  url: string,
): Promise<{ id: string; name: string }> {
  const response = await register(registry, {
    name: uniqueName(`${type}_tool`),
    implementation: implementationOf(type, url),
    requires_approval: false,
  });
  expect(response.status).toBe(201);
  return response.body as { id: string; name: string };
}

const testRun = ({ app, auth }: Registry, id: string) =>
  app.http.post(`${TOOLS}/${id}/test`).set('Authorization', auth).send({ params: {} });

const invoke = ({ app, auth }: Registry, name: string) =>
  app.http.post(`/api/tools/${name}`).set('Authorization', auth).send({});

describeOnAdapter(
  'Registration refuses tool URLs that reach inside',
  (testApp) => {
    let registry: Registry;
    beforeAll(async () => {
      registry = { app: testApp(), auth: await bearerFor(testApp().app) };
    });

    const urlIssuesOf = (body: { error: { details: { field: string; messages: string[] }[] } }) =>
      body.error.details.filter((issue) => issue.field === 'implementation.url');

    describe.each(['http', 'mcp'] as const)('%s tools', (type) => {
      test.each([
        ['http://127.0.0.1:8080/tool', '127.0.0.1', 'loopback'],
        ['http://[::1]:8080/tool', '[::1]', 'loopback'],
        ['http://0.0.0.0/', '0.0.0.0', 'unspecified'],
        ['http://[::]/', '[::]', 'unspecified'],
        ['http://localhost:3000/', 'localhost', 'loopback'],
        ['http://[::ffff:127.0.0.1]/', '[::ffff:7f00:1]', 'loopback'],
        ['http://0x7f000001/', '127.0.0.1', 'loopback'],
        ['http://10.0.0.5/', '10.0.0.5', 'private'],
        ['http://172.16.0.1/', '172.16.0.1', 'private'],
        ['http://192.168.1.1/', '192.168.1.1', 'private'],
        ['http://100.64.0.1/', '100.64.0.1', 'shared (CGNAT)'],
        ['http://169.254.169.254/latest/meta-data/', '169.254.169.254', 'link-local'],
        ['http://[64:ff9b::a9fe:a9fe]/', '[64:ff9b::a9fe:a9fe]', 'link-local'],
        ['http://[fe80::1]/', '[fe80::1]', 'link-local'],
        ['http://[fc00::1]/', '[fc00::1]', 'unique-local'],
        ['http://224.0.0.1/', '224.0.0.1', 'multicast'],
        ['http://[ff02::1]/', '[ff02::1]', 'multicast'],
      ])('at %s is 422, naming %s as %s', async (url, host, kind) => {
        const response = await register(registry, {
          name: uniqueName('inside'),
          implementation: implementationOf(type, url),
        });
        expect(response.status).toBe(422);
        expect(response.body.error.code).toBe('VALIDATION_ERROR');
        expect(urlIssuesOf(response.body)).toEqual([
          {
            field: 'implementation.url',
            messages: [expect.stringContaining(`must not point at ${host} (${kind} address)`)],
          },
        ]);
      });
    });

    test('a public URL is registered: it is judged again when a call resolves it', async () => {
      await registered(registry, 'http', 'https://tools.example.com/price');
    });

    test('an update to a forbidden URL is 422 and leaves the tool as it was', async () => {
      const tool = await registered(registry, 'http', 'https://tools.example.com/price');
      const update = await registry.app.http
        .put(`${TOOLS}/${tool.id}`)
        .set('Authorization', registry.auth)
        .send({ implementation: { type: 'http', url: 'http://169.254.169.254/' } });
      expect(update.status).toBe(422);
      expect(urlIssuesOf(update.body)).toHaveLength(1);
      const stored = await registry.app.http
        .get(`${TOOLS}/${tool.id}`)
        .set('Authorization', registry.auth);
      expect(stored.body.implementation.url).toBe('https://tools.example.com/price');
    });

    test.each(['https://user:pass@tools.example.com/price', 'https://token@tools.example.com/'])(
      'credentials in the URL (%s) are 422, pointing to secret_headers',
      async (url) => {
        const response = await register(registry, {
          name: uniqueName('credentials'),
          implementation: { type: 'http', url },
        });
        expect(response.status).toBe(422);
        expect(urlIssuesOf(response.body)).toEqual([
          {
            field: 'implementation.url',
            messages: [expect.stringContaining('secret_headers')],
          },
        ]);
        expect(response.text).not.toContain('pass@');
      },
    );
  },
  { env: { TOOL_URL_ALLOW: '' } },
);

describe(`Calls of stored tools [${SELECTED_ADAPTER}]`, () => {
  let database: TestDatabase;
  let echo: ToolServer;
  let mcpServer: ToolServer;
  /** Tools registered while loopback was allowed, by name (`localhost`) and by address. */
  const tools: Record<string, { id: string; name: string }> = {};
  const portOf = (server: ToolServer) => new URL(server.url).port;

  beforeAll(async () => {
    database = await createTestDatabase();
    echo = await startHttpToolServer();
    mcpServer = await startMcpToolServer();
  });

  afterAll(async () => {
    await echo.close();
    await mcpServer.close();
    await database.drop();
  });

  describe('allowed by TOOL_URL_ALLOW, by host name or by range', () => {
    let registry: Registry;
    beforeAll(async () => {
      registry = await startRegistry({
        ...database.env,
        TOOL_URL_ALLOW: 'localhost, 127.0.0.0/8',
      });
      tools.httpByName = await registered(
        registry,
        'http',
        `http://localhost:${portOf(echo)}/tool`,
      );
      tools.mcpByName = await registered(
        registry,
        'mcp',
        `http://localhost:${portOf(mcpServer)}/mcp`,
      );
      tools.httpByAddress = await registered(registry, 'http', echo.url);
      tools.mcpByAddress = await registered(registry, 'mcp', mcpServer.url);
    });
    afterAll(() => registry.app.close());

    test.each(['httpByName', 'mcpByName', 'httpByAddress', 'mcpByAddress'])(
      'the %s tool runs through its test run and on REST',
      async (key) => {
        const run = await testRun(registry, tools[key].id);
        expect(run.body).toMatchObject({ success: true });
        const rest = await invoke(registry, tools[key].name);
        expect(rest.status).toBe(200);
      },
    );

    test.each([
      ['http', '/tool'],
      ['mcp', '/mcp'],
    ] as const)(
      'an %s endpoint failing with a long body shows a bounded excerpt of it',
      async (type, path) => {
        const failing = await startHttpToolServer(() => ({ status: 500, text: LONG_BODY }), path);
        try {
          const tool = await registered(registry, type, failing.url);
          const run = await testRun(registry, tool.id);
          expect(run.body).toMatchObject({ success: false, error_code: 'TOOL_EXECUTION_FAILED' });
          expect(run.text).toContain('more characters)');
          expect(run.text).not.toContain(TAIL_MARKER);
          expect(run.text.length).toBeLessThan(ANSWER_BOUND);
          const rest = await invoke(registry, tool.name);
          expect(rest.status).toBe(502);
          expect(rest.text).not.toContain(TAIL_MARKER);
          expect(rest.text.length).toBeLessThan(ANSWER_BOUND);
        } finally {
          await failing.close();
        }
      },
    );

    // The redirect target is a tool server that would answer: a followed redirect succeeds.
    // `http` tools refuse every redirect; the MCP SDK's client refuses one off the endpoint's
    // origin (another port here).
    describe.each([
      ['http', '/tool', () => echo],
      ['mcp', '/mcp', () => mcpServer],
    ] as const)('an %s endpoint that redirects to another server', (type, path, target) => {
      test.each([307, 302])(
        'with %i fails with TOOL_EXECUTION_FAILED, and the other server sees no request',
        async (status) => {
          const redirecting = await startJsonPostServer(path, (_body, _req, res) =>
            res.writeHead(status, { location: target().url }).end(),
          );
          try {
            const received = target().requests.length;
            const tool = await registered(registry, type, redirecting.url);
            const run = await testRun(registry, tool.id);
            expect(run.body).toMatchObject({ success: false, error_code: 'TOOL_EXECUTION_FAILED' });
            const rest = await invoke(registry, tool.name);
            expect(rest.status).toBe(502);
            expect(rest.body.error.code).toBe('TOOL_EXECUTION_FAILED');
            expect(target().requests.length).toBe(received);
          } finally {
            await redirecting.close();
          }
        },
      );
    });
  });

  describe('refused at call time once TOOL_URL_ALLOW no longer allows them', () => {
    let registry: Registry;
    beforeAll(async () => {
      registry = await startRegistry({ ...database.env, TOOL_URL_ALLOW: '' });
    });
    afterAll(() => registry.app.close());

    test.each([
      ['httpByName', 'localhost'],
      ['mcpByName', 'localhost'],
      ['httpByAddress', '127.0.0.1'],
      ['mcpByAddress', '127.0.0.1'],
    ])(
      'the %s tool is TOOL_URL_FORBIDDEN naming %s, on its test run and on REST, and nothing is sent',
      async (key, host) => {
        const received = echo.requests.length + mcpServer.requests.length;
        const run = await testRun(registry, tools[key].id);
        expect(run.status).toBe(200);
        expect(run.body).toMatchObject({
          success: false,
          error_code: 'TOOL_URL_FORBIDDEN',
          error: expect.stringContaining(`'${host}'`),
          details: { host },
        });
        const rest = await invoke(registry, tools[key].name);
        expect(rest.status).toBe(502);
        expect(rest.body.error).toMatchObject({ code: 'TOOL_URL_FORBIDDEN', details: { host } });
        expect(echo.requests.length + mcpServer.requests.length).toBe(received);
      },
    );
  });
});

describe('TOOL_URL_ALLOW at start', () => {
  test('an entry that is no host name, address or CIDR range stops the start, named', async () => {
    await expect(
      startTestApp(SELECTED_ADAPTER, { env: { TOOL_URL_ALLOW: '127.0.0.1,10.0.0.0/33' } }),
    ).rejects.toThrow(/TOOL_URL_ALLOW .*not one of these: 10\.0\.0\.0\/33/);
  });
});
