/**
 * The OpenAPI document and Swagger UI: every endpoint, every error envelope documented with a
 * real example, and each tool's input schema shown as it really is.
 */
import { describeEachAdapter } from './support/test-app';

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

describeEachAdapter('OpenAPI document', (testApp) => {
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

  test('documents every endpoint', () => {
    const endpoints = operations().map(({ method, path }) => `${method.toUpperCase()} ${path}`);
    expect(endpoints.sort()).toEqual(
      [
        'GET /api/tools',
        'POST /api/tools/{toolName}',
        'POST /api/tools/encodePlantUML',
        'GET /health',
        'GET /metrics',
        ...['tools', 'agents', 'workflows'].flatMap((resource) => [
          `POST /api/v1/${resource}`,
          `GET /api/v1/${resource}`,
          `GET /api/v1/${resource}/{id}`,
          `PUT /api/v1/${resource}/{id}`,
          `DELETE /api/v1/${resource}/{id}`,
        ]),
        'POST /api/v1/tools/{id}/test',
        'PUT /api/v1/agents/{id}/tools',
        'POST /api/v1/agents/{id}/test',
        'POST /api/v1/sessions',
        'GET /api/v1/sessions',
        'GET /api/v1/sessions/{id}',
        'GET /api/v1/sessions/{id}/artifacts',
        'DELETE /api/v1/sessions/{id}',
        'GET /api/v1/sessions/{id}/events',
        'POST /api/v1/sessions/{id}/runs',
        'GET /api/v1/runs/{id}',
        'GET /api/v1/runs/{id}/events',
        'POST /api/v1/runs/{id}/cancel',
        'GET /api/v1/approvals',
        'GET /api/v1/approvals/{id}',
        'GET /api/v1/artifacts/{id}',
        'GET /api/v1/artifacts/{id}/content',
        'POST /api/v1/approvals/{id}',
        'POST /api/v1/files',
        'GET /api/v1/files',
        'GET /api/v1/files/{id}',
        'GET /api/v1/files/{id}/content',
        'DELETE /api/v1/files/{id}',
        'POST /api/v1/keys',
        'GET /api/v1/keys',
        'DELETE /api/v1/keys/{id}',
      ].sort(),
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
    expect(createTool.required).toEqual(['name', 'parameters']);
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

  test('carries the package version', () => {
    expect(document.info.version).toMatch(/^\d+\.\d+\.\d+/);
  });

  test('documents every error response as the envelope, with an example per code', () => {
    for (const { path, operation } of operations()) {
      for (const [status, response] of Object.entries(operation.responses)) {
        if (Number(status) < 400) continue;
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
