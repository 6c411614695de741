/**
 * A registered tool's `parameters` can never brick, stall or bloat the server: what is stored is
 * what was validated, a stored schema that no longer passes is left out instead of failing the
 * start, patterns run on a linear-time engine, schemas are bounded, and stored schemas are compiled
 * when first needed, not at every start.
 */
import { sql } from 'drizzle-orm';
import { DATABASE, type Database } from '../src/database/database';
import { ToolParametersCompiler } from '../src/registry/tools/tool-parameters';
import { bearerFor } from './support/api-key';
import {
  SELECTED_ADAPTER,
  type TestApp,
  describeOnAdapter,
  startTestApp,
} from './support/test-app';
import { type TestDatabase, createTestDatabase } from './support/test-database';
import { type ToolServer, startHttpToolServer } from './support/tool-servers';

const TOOLS = '/api/v1/tools';

/** Authenticated registry and tool requests against one booted app. */
function clientOf(testApp: TestApp, auth: string) {
  return {
    /** Sends the body as given: a JSON text may hold what no JavaScript value can (1e400). */
    post: (path: string, body: object | string) =>
      testApp.http
        .post(path)
        .set('Authorization', auth)
        .set('Content-Type', 'application/json')
        .send(typeof body === 'string' ? body : JSON.stringify(body)),
    put: (path: string, body: object | string) =>
      testApp.http
        .put(path)
        .set('Authorization', auth)
        .set('Content-Type', 'application/json')
        .send(typeof body === 'string' ? body : JSON.stringify(body)),
    get: (path: string) => testApp.http.get(path).set('Authorization', auth),
  };
}

/** A schema of `count` string properties, each with its own pattern. */
function patternedSchema(count: number): Record<string, unknown> {
  const properties: Record<string, unknown> = {};
  for (let i = 0; i < count; i++) properties[`p${i}`] = { type: 'string', pattern: `^[a-z]+${i}$` };
  return { type: 'object', properties };
}

function servedNames(response: { body: { tools: { id: string }[] } }): string[] {
  return response.body.tools.map((tool) => tool.id);
}

describeOnAdapter('tool schemas that could brick, stall or bloat the server', (testApp) => {
  let client: ReturnType<typeof clientOf>;
  let server: ToolServer;
  let counter = 0;
  const unique = (base: string) => `${base}_${++counter}`;

  beforeAll(async () => {
    client = clientOf(testApp(), await bearerFor(testApp().app));
    server = await startHttpToolServer();
  });
  afterAll(async () => {
    await server.close();
  });

  const stored = async (name: string) =>
    (await client.get(`${TOOLS}?search=${name}`)).body.items as { name: string }[];

  test('a number JSON cannot store (1e400) is refused with 4xx; nothing is stored, on create or update', async () => {
    const name = unique('infinite_maximum');
    const body = `{"name":"${name}","parameters":{"type":"object","properties":{"n":{"type":"number","maximum":1e400}}}}`;
    const created = await client.post(TOOLS, body);
    // The body parser refuses it before the registry sees it (the registry would refuse too).
    expect(created.status).toBe(400);
    expect(created.body).toMatchObject({ success: false, error: { code: 'NUMBER_OUT_OF_RANGE' } });
    expect(await stored(name)).toEqual([]);

    const parameters = { type: 'object', properties: { n: { type: 'number', maximum: 10 } } };
    const tool = await client.post(TOOLS, { name, parameters });
    expect(tool.status).toBe(201);
    const updated = await client.put(
      `${TOOLS}/${tool.body.id}`,
      `{"parameters":{"type":"object","properties":{"n":{"type":"number","minimum":-1e400}}}}`,
    );
    expect(updated.status).toBe(400);
    expect((await client.get(`${TOOLS}/${tool.body.id}`)).body.parameters).toEqual(parameters);
  });

  test('property names that are names of Object members are stored and served unchanged', async () => {
    const names = ['constructor', 'toString', 'hasOwnProperty', 'valueOf'];
    const properties = Object.fromEntries(names.map((key) => [key, { type: 'string' }]));
    const parameters = {
      type: 'object',
      properties: { ...properties, nested: { type: 'object', properties, required: names } },
      required: names,
    };
    const name = unique('object_member_names');
    const created = await client.post(TOOLS, {
      name,
      parameters,
      implementation: { type: 'http', url: server.url },
    });
    expect(created.status).toBe(201);
    expect(created.body.parameters).toEqual(parameters);
    expect((await client.get(`${TOOLS}/${created.body.id}`)).body.parameters).toEqual(parameters);
    const renamed = await client.put(`${TOOLS}/${created.body.id}`, { parameters });
    expect(renamed.body.parameters).toEqual(parameters);

    // The served tool validates with them: each is required.
    const call = await client.post(`/api/tools/${name}`, { constructor: 'x' });
    expect(call.status).toBe(400);
    expect(call.body.error.code).toBe('INVALID_INPUT');
    expect(call.body.error.message).toContain('toString');
  });

  test('a property named __proto__ is stored and served as data', async () => {
    const body = (name: string) =>
      `{"name":"${name}","parameters":{"type":"object","properties":{"__proto__":{"type":"string"}},"required":["__proto__"]}}`;
    const name = unique('proto_property');
    const created = await client.post(TOOLS, body(name));
    expect(created.status).toBe(201);
    const read = await client.get(`${TOOLS}/${created.body.id}`);
    expect(Object.keys(read.body.parameters.properties)).toEqual(['__proto__']);
    expect(read.body.parameters.required).toEqual(['__proto__']);
  });

  test('an input made to backtrack a pattern exponentially is answered at once; the server stays responsive', async () => {
    const name = unique('redos_pattern');
    const created = await client.post(TOOLS, {
      name,
      parameters: {
        type: 'object',
        properties: { q: { type: 'string', pattern: '^(a+)+$' } },
        required: ['q'],
      },
      implementation: { type: 'http', url: server.url },
      requires_approval: false,
    });
    expect(created.status).toBe(201);

    // 29 characters stalled a backtracking engine for 6 s, doubling with each one more: at 60
    // it would not finish in this test's lifetime, so finishing at all shows a linear engine.
    const evil = `${'a'.repeat(60)}!`;
    const call = client.post(`/api/tools/${name}`, { q: evil });
    const health = testApp().http.get('/health');
    const [refused, alive] = await Promise.all([call, health]);
    expect(refused.status).toBe(400);
    expect(refused.body.error.code).toBe('INVALID_INPUT');
    expect(refused.body.error.details).toEqual([
      { path: '/q', message: 'must match pattern "^(a+)+$"' },
    ]);
    expect(alive.status).toBe(200);

    // A matching input passes the same check and reaches the tool.
    const accepted = await client.post(`/api/tools/${name}`, { q: 'a'.repeat(60) });
    expect(accepted.status).toBe(200);
    expect(server.requests.at(-1)?.body).toBe(JSON.stringify({ q: 'a'.repeat(60) }));
  });

  test.each([
    ['a backreference', '^(a)\\1$'],
    ['a named backreference', '^(?<x>a)\\k<x>$'],
    ['a lookahead', '^(?=a)a+$'],
    ['a lookbehind', '(?<=a)b'],
    ['an invalid regular expression', '^(a+$'],
  ])(
    'a pattern with %s is refused with TOOL_SCHEMA_PATTERN_UNSUPPORTED, naming it',
    async (_kind, pattern) => {
      const name = unique('unsupported_pattern');
      const inProperty = await client.post(TOOLS, {
        name,
        parameters: { type: 'object', properties: { q: { type: 'string', pattern } } },
      });
      expect(inProperty.status).toBe(422);
      expect(inProperty.body.error.code).toBe('TOOL_SCHEMA_PATTERN_UNSUPPORTED');
      expect(inProperty.body.error.details).toMatchObject({
        path: '/properties/q/pattern',
        pattern,
      });
      expect(inProperty.body.error.message).toContain(JSON.stringify(pattern));

      const asPropertyNames = await client.post(TOOLS, {
        name,
        parameters: { type: 'object', patternProperties: { [pattern]: { type: 'string' } } },
      });
      expect(asPropertyNames.status).toBe(422);
      expect(asPropertyNames.body.error.details).toMatchObject({ pattern });
      expect(await stored(name)).toEqual([]);
    },
  );

  test('the 15,000-property schema (750 KB) is refused with TOOL_SCHEMA_TOO_LARGE; nothing is stored', async () => {
    const name = unique('huge_schema');
    const response = await client.post(TOOLS, { name, parameters: patternedSchema(15_000) });
    expect(response.status).toBe(422);
    expect(response.body.error.code).toBe('TOOL_SCHEMA_TOO_LARGE');
    expect(response.body.error.details.variable).toMatch(/^TOOL_SCHEMA_MAX_/);
    expect(await stored(name)).toEqual([]);
  });

  test.each([
    [
      'with more properties than TOOL_SCHEMA_MAX_PROPERTIES',
      () => patternedSchema(501),
      'TOOL_SCHEMA_MAX_PROPERTIES',
    ],
    [
      'nested deeper than TOOL_SCHEMA_MAX_DEPTH',
      () => {
        // Within the body's own nesting limit, beyond the schema's.
        let schema: Record<string, unknown> = { type: 'string' };
        for (let i = 0; i < 40; i++) schema = { not: schema };
        return { type: 'object', ...schema };
      },
      'TOOL_SCHEMA_MAX_DEPTH',
    ],
    [
      'larger than TOOL_SCHEMA_MAX_BYTES',
      () => ({ type: 'object', description: 'x'.repeat(300 * 1024) }),
      'TOOL_SCHEMA_MAX_BYTES',
    ],
  ])('a schema %s is refused with TOOL_SCHEMA_TOO_LARGE', async (_kind, schema, variable) => {
    const name = unique('too_large');
    const response = await client.post(TOOLS, { name, parameters: schema() });
    expect(response.status).toBe(422);
    expect(response.body.error.code).toBe('TOOL_SCHEMA_TOO_LARGE');
    expect(response.body.error.details).toMatchObject({ variable });
    expect(await stored(name)).toEqual([]);
  });
});

describe('stored tools whose schema no longer passes, across a restart', () => {
  let database: TestDatabase;
  let server: ToolServer;

  beforeAll(async () => {
    database = await createTestDatabase();
    server = await startHttpToolServer();
  });
  afterAll(async () => {
    await server.close();
    await database.drop();
  });

  test('an invalid stored row does not fail the start: left out and flagged; large schemas are compiled when first called', async () => {
    const first = await startTestApp(SELECTED_ADAPTER, { env: database.env });
    const auth = await bearerFor(first.app);
    let client = clientOf(first, auth);
    const implementation = { type: 'http', url: server.url };
    const broken = await client.post(TOOLS, {
      name: 'stored_broken',
      parameters: { type: 'object', properties: { n: { type: 'number', maximum: 10 } } },
      implementation,
      requires_approval: false,
    });
    const large = await client.post(TOOLS, {
      name: 'stored_large',
      parameters: patternedSchema(400),
      implementation,
      requires_approval: false,
    });
    expect([broken.status, large.status]).toEqual([201, 201]);
    // What an older version stored of `"maximum": 1e400`: null, which no schema allows.
    const db = first.app.get<Database>(DATABASE);
    await db.execute(
      sql`UPDATE tools SET parameters = '{"type":"object","properties":{"n":{"type":"number","maximum":null}}}'::jsonb WHERE id = ${broken.body.id}`,
    );
    await first.close();

    const compile = jest.spyOn(ToolParametersCompiler.prototype, 'compile');
    const second = await startTestApp(SELECTED_ADAPTER, { env: database.env });
    try {
      client = clientOf(second, auth);
      const served = servedNames(await client.get('/api/tools'));
      expect(served).toContain('stored_large');
      expect(served).not.toContain('stored_broken');
      const flagged = await client.get(`${TOOLS}/${broken.body.id}`);
      expect(flagged.body.unavailable_reason).toContain('maximum must be number');
      expect((await client.get(TOOLS)).body.items).toContainEqual(
        expect.objectContaining({ name: 'stored_broken', unavailable_reason: expect.any(String) }),
      );
      expect((await client.get(`${TOOLS}/${large.body.id}`)).body).not.toHaveProperty(
        'unavailable_reason',
      );
      expect((await client.post('/api/tools/stored_broken', { n: 1 })).status).toBe(404);

      // Starting compiled no stored schema; the large one is compiled at its first call, once.
      expect(compile).not.toHaveBeenCalled();
      for (const value of ['abc0', 'nope']) {
        const call = await client.post('/api/tools/stored_large', { p0: value });
        expect(call.status).toBe(value === 'abc0' ? 200 : 400);
      }
      expect(compile).toHaveBeenCalledTimes(1);

      // Fixing the tool serves it again.
      const fixed = await client.put(`${TOOLS}/${broken.body.id}`, {
        parameters: { type: 'object', properties: { n: { type: 'number', maximum: 10 } } },
      });
      expect(fixed.status).toBe(200);
      expect(fixed.body).not.toHaveProperty('unavailable_reason');
      expect(servedNames(await client.get('/api/tools'))).toContain('stored_broken');
    } finally {
      compile.mockRestore();
      await second.close();
    }
  });
});
