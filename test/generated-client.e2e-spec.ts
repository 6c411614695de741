/**
 * A client generated from the committed contract (`test/generated/openapi.d.ts`, by
 * openapi-typescript) talks to the real server: if the document lied about a path, a parameter
 * or a body, these typed calls would not compile or would not get what their types promise.
 */
import { type Server } from 'node:http';
import { type AddressInfo } from 'node:net';
import createClient, { type Client } from 'openapi-fetch';
import { bearerFor } from './support/api-key';
import { describeHttpContract } from './support/test-app';
import { type paths } from './generated/openapi';

describeHttpContract('A client generated from docs/openapi.json', (testApp) => {
  let client: Client<paths>;
  let authorization: string;
  beforeAll(async () => {
    const server = testApp().app.getHttpServer() as Server;
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    client = createClient<paths>({
      baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    });
    authorization = await bearerFor(testApp().app);
  });

  test('lists the tools, each with the fields the contract promises', async () => {
    const { data, response } = await client.GET('/api/tools');
    expect(response.status).toBe(200);
    expect(data?.tools.length).toBeGreaterThan(0);
    for (const tool of data?.tools ?? []) {
      expect(tool.id).toBe(tool.name);
      expect(typeof tool.description).toBe('string');
      expect(tool.inputSchema).toMatchObject({ type: 'object' });
    }
  });

  test('calls a listed tool through the generic operation and reads a typed error', async () => {
    const { data: listing } = await client.GET('/api/tools');
    const toolName = listing?.tools[0].name ?? '';
    // An array is never a tool's input object: every tool refuses it with a 400.
    const { error, response } = await client.POST('/api/tools/{toolName}', {
      params: { path: { toolName } },
      body: [] as unknown as Record<string, never>,
    });
    expect(response.status).toBe(400);
    expect(error?.success).toBe(false);
    expect(error?.error.code).toMatch(/^[A-Z]+(_[A-Z]+)*$/);
  });

  test('creates an agent in the registry and finds it in a page of the list', async () => {
    const headers = { Authorization: authorization };
    const created = await client.POST('/api/v1/agents', {
      headers,
      body: {
        name: `client_agent_${Date.now()}`,
        system_prompt: 'You help.',
        model_config: { provider: 'scripted', model: 'echo' },
      },
    });
    expect(created.response.status).toBe(201);
    const id = created.data?.id ?? '';
    // limit and offset are optional: the generated types let the query leave them out.
    const listed = await client.GET('/api/v1/agents', { headers, params: { query: {} } });
    expect(listed.data?.items.map((agent) => agent.id)).toContain(id);
    const fetched = await client.GET('/api/v1/agents/{id}', {
      headers,
      params: { path: { id } },
    });
    expect(fetched.data?.name).toBe(created.data?.name);
  });

  test('a huge offset is refused as a validation error, as documented', async () => {
    const { error, response } = await client.GET('/api/v1/agents', {
      headers: { Authorization: authorization },
      params: { query: { offset: 1e20 } },
    });
    expect(response.status).toBe(422);
    expect(error?.error.code).toBe('VALIDATION_ERROR');
  });
});
