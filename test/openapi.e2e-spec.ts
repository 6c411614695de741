/**
 * The OpenAPI document and Swagger UI: every endpoint, every error envelope documented with a
 * real example, and each tool's input schema shown as it really is.
 */
import { RouteCatalog } from '../src/core/http/route-catalog.service';
import { bearerFor } from './support/api-key';
import { describeHttpContract } from './support/test-app';

interface Operation {
  operationId: string;
  security?: Record<string, string[]>[];
  requestBody?: { content: Record<string, { schema: unknown; example?: unknown }> };
  responses: Record<
    string,
    {
      description?: string;
      content?: Record<
        string,
        {
          schema?: { $ref?: string };
          examples?: Record<string, { value: unknown }>;
          example?: unknown;
        }
      >;
    }
  >;
}
type Document = {
  info: { version: string };
  paths: Record<string, Record<string, Operation>>;
  components?: {
    securitySchemes?: Record<string, unknown>;
    schemas?: Record<string, unknown>;
  };
};

/** The statuses of `POST /mcp` whose bodies are JSON-RPC errors, not the envelope. */
const JSON_RPC_STATUSES = ['400', '404', '406', '413', '415'];

describeHttpContract('OpenAPI document', (testApp) => {
  let document: Document;
  beforeAll(async () => {
    const response = await testApp().http.get('/docs-json');
    expect(response.status).toBe(200);
    document = response.body as Document;
  });

  const operations = () =>
    Object.entries(document.paths).flatMap(([path, methods]) =>
      Object.entries(methods).map(([method, operation]) => ({ path, method, operation })),
    );

  test('documents every endpoint served, one operation per public tool, and GET /mcp', async () => {
    const { tools } = (await testApp().http.get('/api/tools')).body as { tools: { id: string }[] };
    const served = testApp()
      .app.get(RouteCatalog)
      .endpoints()
      .map((endpoint) => endpoint.replace(/:(\w+)/g, '{$1}'));
    const documented = operations().map(({ method, path }) => `${method.toUpperCase()} ${path}`);
    expect(documented.sort()).toEqual(
      [
        ...served,
        ...tools.map(({ id }) => `POST /api/tools/${id}`),
        // Answered 405 by the route catalog: toolhub opens no server-initiated SSE stream.
        'GET /mcp',
      ].sort(),
    );
    expect(served).toEqual(
      expect.arrayContaining(['GET /api/tools', 'POST /mcp', 'GET /api/v1/tools']),
    );
  });

  test('every registry operation needs the bearer API key, and says what 401 and 422 mean', () => {
    expect(document.components?.securitySchemes?.bearer).toMatchObject({
      type: 'http',
      scheme: 'bearer',
    });
    const registry = operations().filter(({ path }) => path.startsWith('/api/v1/'));
    expect(registry.length).toBeGreaterThan(0);
    for (const { path, method, operation } of registry) {
      const where = `${method.toUpperCase()} ${path}`;
      expect({ where, security: operation.security }).toEqual({
        where,
        security: [{ bearer: [] }],
      });
      expect({ where, codes: Object.keys(operation.responses) }).toEqual({
        where,
        codes: expect.arrayContaining(['401', '422']) as string[],
      });
    }
    const unauthorized = operations().find(({ path }) => path === '/api/v1/tools')?.operation
      .responses['401'].content?.['application/json'].examples;
    expect(Object.keys(unauthorized ?? {})).toEqual([
      'UNAUTHORIZED',
      expect.stringContaining('UNAUTHORIZED: '),
    ]);
  });

  test('registry and runtime writes document a body over the limit as 413 PAYLOAD_TOO_LARGE', () => {
    for (const path of ['/api/v1/agents', '/api/v1/sessions/{id}/runs']) {
      const tooLarge = document.paths[path].post.responses['413'];
      expect({ path, description: tooLarge?.description }).toEqual({
        path,
        description: 'PAYLOAD_TOO_LARGE',
      });
    }
  });

  test('tools operations document their success bodies with examples', () => {
    const create = operations().find(
      ({ path, method }) => path === '/api/v1/tools' && method === 'post',
    )?.operation;
    expect(create?.responses['201'].content?.['application/json'].schema).toEqual({
      $ref: '#/components/schemas/ToolDto',
    });
    const schemas = document.components?.schemas ?? {};
    const createTool = schemas.CreateToolDto as {
      required?: string[];
      properties: Record<string, { example?: unknown }>;
    };
    // `parameters` may be omitted for a kind that defines its tools' input (an agent).
    expect(createTool.required).toEqual(['name']);
    expect(createTool.properties.name.example).toBe('price_fetcher');
    expect(createTool.properties.parameters.example).toMatchObject({ type: 'object' });
  });

  test('documents a run start as JSON (202) or as an event stream (200)', () => {
    const start = operations().find(
      ({ path, method }) => path === '/api/v1/sessions/{id}/runs' && method === 'post',
    )?.operation;
    expect(start?.responses['202'].content?.['application/json'].schema).toEqual({
      $ref: '#/components/schemas/RunStartedDto',
    });
    expect(start?.responses['200'].content?.['text/event-stream'].example).toContain(
      'event: user_message_sent',
    );
  });

  test('GET /api/tools is documented as seed 001 serves it: { tools: [{ id, name, description, inputSchema }] }', () => {
    const list = document.paths['/api/tools'].get.responses['200'].content?.['application/json'];
    const schemas = document.components?.schemas as Record<
      string,
      { properties: Record<string, { items?: { $ref?: string } }>; required?: string[] }
    >;
    const listName = list?.schema?.$ref?.split('/').pop() ?? '';
    const itemName = schemas[listName].properties.tools.items?.$ref?.split('/').pop() ?? '';
    expect(Object.keys(schemas[itemName].properties).sort()).toEqual(
      ['description', 'id', 'inputSchema', 'name'].sort(),
    );
    expect(schemas[itemName].required?.sort()).toEqual(
      ['description', 'id', 'inputSchema', 'name'].sort(),
    );
  });

  test('POST /api/tools is documented as 405 "Only GET method is allowed"', () => {
    const examples =
      document.paths['/api/tools'].get.responses['405'].content?.['application/json'].examples;
    expect(Object.values(examples ?? {}).map(({ value }) => value)).toEqual([
      {
        success: false,
        error: { code: 'METHOD_NOT_ALLOWED', message: 'Only GET method is allowed' },
      },
    ]);
  });

  test('every tool operation documents refused input, a failed endpoint and a timeout', async () => {
    const { tools } = (await testApp().http.get('/api/tools')).body as { tools: { id: string }[] };
    const codesOf = (operation: Operation) =>
      Object.values(operation.responses).flatMap(({ content }) =>
        Object.values(content?.['application/json']?.examples ?? {}).map(
          ({ value }) => (value as { error: { code: string } }).error.code,
        ),
      );
    expect(codesOf(document.paths['/api/tools/{toolName}'].post)).toEqual(
      expect.arrayContaining([
        'TOOL_NAME_REQUIRED',
        'INVALID_INPUT',
        'TOOL_EXECUTION_FAILED',
        'EXECUTION_TIMEOUT',
      ]),
    );
    for (const { id } of tools) {
      const responses = document.paths[`/api/tools/${id}`].post.responses;
      expect({ id, statuses: Object.keys(responses) }).toEqual({
        id,
        statuses: expect.arrayContaining(['200', '400', '504']) as string[],
      });
      expect(codesOf(document.paths[`/api/tools/${id}`].post)).toContain('EXECUTION_TIMEOUT');
    }
  });

  test("a registered http tool's operation documents what its endpoint can fail with", async () => {
    const auth = await bearerFor(testApp().app);
    const created = await testApp()
      .http.post('/api/v1/tools')
      .set('Authorization', auth)
      .send({
        name: 'documented_remote_tool',
        description: 'Fetches a quote',
        parameters: { type: 'object' },
        implementation: { type: 'http', url: 'https://prices.example.com/latest' },
        public: true,
      });
    expect(created.status).toBe(201);
    try {
      const fresh = (await testApp().http.get('/docs-json')).body as Document;
      const statusesByCode = (operation: Operation) =>
        Object.fromEntries(
          Object.entries(operation.responses).flatMap(([status, { content }]) =>
            Object.values(content?.['application/json']?.examples ?? {}).map(({ value }) => [
              (value as { error: { code: string } }).error.code,
              status,
            ]),
          ),
        );
      expect(statusesByCode(fresh.paths['/api/tools/documented_remote_tool'].post)).toMatchObject({
        TOOL_EXECUTION_FAILED: '502',
        TOOL_URL_FORBIDDEN: '502',
        TOOL_RESPONSE_TOO_LARGE: '502',
        TOOL_RESULT_TOO_DEEP: '502',
        TOOL_UNAVAILABLE: '503',
        EXECUTION_TIMEOUT: '504',
      });
      // A builtin tool reaches no endpoint, so it documents none of those failures.
      expect(statusesByCode(fresh.paths['/api/tools/encodePlantUML'].post)).not.toHaveProperty(
        'TOOL_EXECUTION_FAILED',
      );
    } finally {
      await testApp()
        .http.delete(`/api/v1/tools/${(created.body as { id: string }).id}`)
        .set('Authorization', auth);
    }
  });

  test("a registration's implementation is one of each registrable kind's schemas, chosen by type", () => {
    const schemas = document.components!.schemas as Record<
      string,
      { properties: Record<string, { discriminator?: { mapping: Record<string, string> } }> }
    >;
    for (const name of ['CreateToolDto', 'UpdateToolDto']) {
      const { mapping } = schemas[name].properties.implementation.discriminator!;
      expect(mapping).toEqual({
        a2a: '#/components/schemas/A2aImplementationDto',
        agent: '#/components/schemas/AgentToolImplementationDto',
        http: '#/components/schemas/ToolImplementationDto',
        mcp: '#/components/schemas/ToolImplementationDto',
        workflow: '#/components/schemas/WorkflowToolImplementationDto',
      });
    }
    expect(schemas.AgentToolImplementationDto.properties).toHaveProperty('agent_id');
    expect(schemas.A2aImplementationDto.properties).toHaveProperty('agent_card_url');
  });

  test('list parameters are optional and not prefilled', () => {
    type Parameter = {
      name: string;
      in: string;
      required?: boolean;
      schema?: { example?: unknown };
    };
    const queries = operations().flatMap(({ path, operation }) =>
      ((operation as { parameters?: Parameter[] }).parameters ?? [])
        .filter((parameter) => parameter.in === 'query')
        .map((parameter) => ({ path, ...parameter })),
    );
    expect(queries.filter(({ name }) => name === 'limit').length).toBeGreaterThan(3);
    const paging = ['limit', 'offset', 'after_sequence', 'search'];
    expect(queries.filter(({ name, required }) => paging.includes(name) && required)).toEqual([]);
    // A prefilled search term would filter the list "Try it out" shows.
    expect(queries.filter(({ name, schema }) => name === 'search' && schema?.example)).toEqual([]);
  });

  test('the bearer key is described as opaque, not as a JWT', () => {
    expect(document.components?.securitySchemes?.bearer).not.toHaveProperty('bearerFormat');
  });

  test('documents /mcp: JSON-RPC over POST, 405 on GET', () => {
    const post = document.paths['/mcp'].post;
    expect(post.requestBody?.content['application/json'].schema).toBeDefined();
    expect(Object.keys(post.responses)).toEqual(
      expect.arrayContaining(['200', '202', '401', '403', ...JSON_RPC_STATUSES]),
    );
    for (const status of JSON_RPC_STATUSES) {
      const examples = post.responses[status].content?.['application/json'].examples ?? {};
      expect(Object.keys(examples).length).toBeGreaterThan(0);
      for (const { value } of Object.values(examples)) {
        const { id, ...rest } = value as { id: unknown };
        // The request's id when the refusal could read it (a 2026-07-28 version check), else null.
        expect(id === null || Number.isInteger(id)).toBe(true);
        expect(rest).toEqual({
          jsonrpc: '2.0',
          error: { code: expect.any(Number), message: expect.any(String) },
        });
      }
    }
    const examples =
      document.paths['/mcp'].get.responses['405'].content?.['application/json'].examples;
    expect(Object.values(examples ?? {})[0].value).toEqual({
      success: false,
      error: { code: 'METHOD_NOT_ALLOWED', message: 'Only POST, DELETE methods are allowed' },
    });
  });

  test('carries the package version', () => {
    expect(document.info.version).toMatch(/^\d+\.\d+\.\d+/);
  });

  test('documents every error response as the envelope, with an example per code', () => {
    for (const { path, operation } of operations()) {
      for (const [status, response] of Object.entries(operation.responses)) {
        // /mcp answers a message it cannot read with a JSON-RPC error (checked below); OAuth's
        // endpoints answer as its RFCs say, with `{ error, error_description }` or a page.
        if (
          Number(status) < 400 ||
          (path === '/mcp' && JSON_RPC_STATUSES.includes(status)) ||
          path.startsWith('/oauth/')
        ) {
          continue;
        }
        const content = response.content?.['application/json'];
        expect({ path, status, ref: content?.schema?.$ref }).toEqual({
          path,
          status,
          ref: '#/components/schemas/ErrorEnvelopeDto',
        });
        const examples = Object.values(content?.examples ?? {});
        expect(examples.length).toBeGreaterThan(0);
        for (const { value } of examples) {
          expect(value).toEqual({
            success: false,
            error: expect.objectContaining({
              code: expect.stringMatching(/^[A-Z]+(_[A-Z]+)*$/),
              message: expect.any(String),
            }),
          });
        }
      }
    }
  });

  test('documents the seed 001 errors of encodePlantUML with their statuses', () => {
    const responses = document.paths['/api/tools/encodePlantUML'].post.responses;
    const codesAt = (status: string) =>
      Object.values(responses[status].content?.['application/json'].examples ?? {}).map(
        ({ value }) => (value as { error: { code: string } }).error.code,
      );
    expect(codesAt('400')).toContain('EMPTY_CODE');
    expect(codesAt('413')).toContain('CODE_TOO_LARGE');
    expect(codesAt('500')).toContain('ENCODING_FAILED');
    // Errors of the transport, whatever the tool:
    expect(codesAt('415')).toEqual(['UNSUPPORTED_MEDIA_TYPE']);
    expect(codesAt('500')).toContain('INTERNAL_ERROR');
    expect(responses['413'].description).toBe('CODE_TOO_LARGE');
  });

  test("shows each tool's input schema as GET /api/tools serves it", async () => {
    const { tools } = (await testApp().http.get('/api/tools')).body as {
      tools: { id: string; inputSchema: unknown }[];
    };
    for (const tool of tools) {
      const body = document.paths[`/api/tools/${tool.id}`].post.requestBody;
      expect(body?.content['application/json'].schema).toEqual(tool.inputSchema);
    }
  });

  test('the encodePlantUML example is what the server really answers', async () => {
    const operation = document.paths['/api/tools/encodePlantUML'].post;
    const input = operation.requestBody?.content['application/json'].example;
    const documented = operation.responses['200'].content?.['application/json'].example;
    const actual = await testApp()
      .http.post('/api/tools/encodePlantUML')
      .send(input as object);
    expect(actual.body).toEqual(documented);
  });

  test('Swagger UI is served at /docs', async () => {
    const response = await testApp().http.get('/docs').redirects(1);
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.text).toContain('swagger-ui');
  });
});
