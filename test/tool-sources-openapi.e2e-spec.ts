/**
 * An OpenAPI source end to end: a real HTTP API described by its own document, imported through
 * the real HTTP API (the document by URL, in YAML), its operations called through REST and the
 * official MCP client with the source's secret header, which no answer shows.
 */
import {
  PETS_API_KEY,
  PETS_DOCUMENT_JSON,
  PetsApi,
} from '../src/registry/sources/types/openapi/testing/pets-api';
import { bearerFor } from './support/api-key';
import { McpClients, listeningUrl } from './support/mcp-clients';
import { runtimeUser } from './support/runtime-client';
import { type TestApp, describeOnAdapter } from './support/test-app';

describeOnAdapter('tool sources: an OpenAPI document', (testApp: () => TestApp) => {
  const clients = new McpClients();
  const api = new PetsApi();
  let admin = '';
  let counter = 0;

  beforeAll(async () => {
    await api.start();
    admin = await bearerFor(testApp().app, 'admin');
  });

  afterAll(async () => {
    await clients.closeAll();
    await api.stop();
  });

  const post = (path: string, body: object) =>
    testApp().http.post(path).set('Authorization', admin).send(body);

  async function createSource(body: Record<string, unknown>) {
    const response = await post('/api/v1/tool-sources', {
      name: `pets${++counter}`,
      type: 'openapi',
      secret_headers: { 'X-Api-Key': PETS_API_KEY },
      ...body,
    });
    expect(response.status).toBe(201);
    return response.body as Record<string, unknown> & { id: string; name: string };
  }

  test('imports each operation as a tool and calls it with the secret header', async () => {
    const source = await createSource({ document_url: `${api.url}/openapi.yaml` });
    expect(source).toMatchObject({
      type: 'openapi',
      status: 'ready',
      secret_header_names: ['X-Api-Key'],
    });
    expect(JSON.stringify(source)).not.toContain(PETS_API_KEY);

    const listed = await testApp()
      .http.get(`/api/v1/tools?source_id=${source.id}&limit=100`)
      .set('Authorization', admin);
    const tools = listed.body.items as {
      name: string;
      requires_approval: boolean;
      parameters: { properties: Record<string, unknown> };
    }[];
    const getPet = tools.find(({ name }) => name === `${source.name}__getPet`);
    // A GET is read-only, so by the annotations it needs no approval; a DELETE does.
    expect(getPet).toMatchObject({ requires_approval: false });
    expect(Object.keys(getPet?.parameters.properties ?? {})).toEqual(
      expect.arrayContaining(['petId', 'fields']),
    );
    expect(tools.find(({ name }) => name === `${source.name}__deletePet`)).toMatchObject({
      requires_approval: true,
    });

    api.received.length = 0;
    const called = await post(`/api/tools/${source.name}__getPet`, {
      petId: 7,
      fields: ['name'],
    });
    expect(called.status).toBe(200);
    expect(called.body).toEqual({
      success: true,
      result: { id: 7, fields: ['name'], request_id: null },
    });
    const request = api.received.find(({ path }) => path === '/api/pets/7');
    expect(request?.headers['x-api-key']).toBe(PETS_API_KEY);
    expect(JSON.stringify(called.body)).not.toContain(PETS_API_KEY);

    // A failing operation is a tool failure naming the status, not a server error.
    const failed = await post(`/api/tools/${source.name}__deletePet`, { petId: 3 });
    expect(failed.status).toBe(502);
    expect(failed.body.error.code).toBe('TOOL_EXECUTION_FAILED');
    expect(failed.body.error.message).toContain('404');
  });

  test('MCP clients see the operations with their annotations and call them', async () => {
    const source = await createSource({ document: PETS_DOCUMENT_JSON, base_url: `${api.url}/api` });
    const { client } = await clients.connectHttp(await listeningUrl(testApp()), 'e2e', {
      Authorization: admin,
    });
    const { tools } = await client.listTools();
    const getPet = tools.find(({ name }) => name === `${source.name}__getPet`);
    expect(getPet?.annotations).toMatchObject({ readOnlyHint: true });
    const result = await client.callTool({
      name: `${source.name}__getPet`,
      arguments: { petId: 2 },
    });
    expect(result.isError).toBeFalsy();
    expect(result.structuredContent).toMatchObject({ id: 2 });
  });

  test("an agent's run calls a read-only operation at once; a destructive one waits for approval", async () => {
    const source = await createSource({ document: PETS_DOCUMENT_JSON, base_url: `${api.url}/api` });
    const listed = await testApp()
      .http.get(`/api/v1/tools?source_id=${source.id}&limit=100`)
      .set('Authorization', admin);
    const idOf = (operation: string) =>
      (listed.body.items as { id: string; name: string }[]).find(
        ({ name }) => name === `${source.name}__${operation}`,
      )?.id ?? '';
    const [getPet, deletePet] = [`${source.name}__getPet`, `${source.name}__deletePet`];
    const user = await runtimeUser(testApp(), 'pet_owner');
    const { sessionId } = await user.session(
      {
        provider: 'scripted',
        model: 'scripted',
        script: [
          { text: 'Looking.', tool_calls: [{ id: 'toolu_1', name: getPet, args: { petId: 5 } }] },
          {
            text: 'Removing.',
            tool_calls: [{ id: 'toolu_2', name: deletePet, args: { petId: 5 } }],
          },
          { text: 'Done.' },
        ],
      },
      [idOf('getPet'), idOf('deletePet')],
    );
    api.received.length = 0;
    const stream = await user.stream(sessionId, { content: 'Pet 5, then remove it' });
    const requested = await stream.waitFor((frame) => frame.event === 'approval_requested');
    stream.close();
    expect(requested.data).toMatchObject({ toolName: deletePet, args: { petId: 5 } });
    const result = stream.frames.find((frame) => frame.event === 'tool_result');
    expect(result?.data).toMatchObject({ toolName: getPet, success: true, result: { id: 5 } });
    // The destructive call has not reached the API: it waits for a person.
    expect(api.received.map(({ method, path }) => `${method} ${path}`)).toEqual([
      'GET /api/pets/5',
    ]);
  });

  test('a document that does not parse is 422 INVALID_SOURCE_DOCUMENT, and nothing is made', async () => {
    const name = `pets${++counter}`;
    const refused = await post('/api/v1/tool-sources', {
      name,
      type: 'openapi',
      document: 'openapi: 3.1.0\npaths: [unclosed',
    });
    expect(refused.status).toBe(422);
    expect(refused.body.error.code).toBe('INVALID_SOURCE_DOCUMENT');
    const swagger = await post('/api/v1/tool-sources', {
      name: `pets${++counter}`,
      type: 'openapi',
      document: JSON.stringify({ swagger: '2.0', info: {}, paths: {} }),
    });
    expect(swagger.status).toBe(422);
    expect(swagger.body.error.message).toMatch(/2\.0/);
    const sources = await testApp()
      .http.get('/api/v1/tool-sources?limit=100')
      .set('Authorization', admin);
    expect((sources.body.items as { name: string }[]).map((source) => source.name)).not.toContain(
      name,
    );
  });
});
