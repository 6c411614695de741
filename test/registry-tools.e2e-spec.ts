/**
 * The tool registry at `/api/v1/tools`, over real HTTP: create, list, filter, search, detail,
 * update, delete, test runs and their time limit, authentication, bad bodies and pagination,
 * plus: secret headers are write-only and the builtin tool is registered, listed and protected.
 * Every test starts from a registry holding only the builtin tools, whichever they are: they are
 * discovered from the booted app, never assumed.
 */
import { randomUUID } from 'node:crypto';
import { ApiKeysService } from '../src/api-keys/api-keys.service';
import { bearerFor } from './support/api-key';
import { describeOnAdapter } from './support/test-app';
import { type ToolServer, startHttpToolServer } from './support/tool-servers';

const TOOLS = '/api/v1/tools';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const ISO_DATE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/;

const PRICE_PARAMETERS = {
  type: 'object',
  properties: { symbol: { type: 'string', description: '종목 코드' } },
  required: ['symbol'],
  additionalProperties: false,
};

const PRICE_FETCHER = {
  name: 'price_fetcher',
  description: '주가 데이터 조회 도구',
  parameters: PRICE_PARAMETERS,
};

/** A builtin tool the app registers at start (there may be others: see builtinNames). */
const BUILTIN = 'encodePlantUML';

interface ToolBody {
  id: string;
  name: string;
  description: string;
  parameters: Record<string, unknown>;
  implementation: Record<string, unknown> | null;
  is_active: boolean;
  created_at: string;
  updated_at: string;
}

interface FieldIssue {
  field: string;
  messages: string[];
}

describeOnAdapter('Registry API: tools', (testApp) => {
  let auth: string;
  /** Every builtin tool of the booted app, in the order the registry lists them (oldest first). */
  let builtinNames: string[];
  const http = () => testApp().http;
  const get = (path: string) => http().get(path).set('Authorization', auth);
  const post = (path: string, body?: unknown) =>
    http()
      .post(path)
      .set('Authorization', auth)
      .send(body as object);
  const put = (path: string, body: unknown) =>
    http()
      .put(path)
      .set('Authorization', auth)
      .send(body as object);
  const del = (path: string) => http().delete(path).set('Authorization', auth);
  /** Sends the bytes as they are (superagent would serialise an object). */
  const postRaw = (path: string, text: string) =>
    http()
      .post(path)
      .set('Authorization', auth)
      .set('Content-Type', 'application/json')
      .serialize((data: unknown) => data as string)
      .send(text);

  /** Registers a tool, expecting 201. */
  const create = async (body: Record<string, unknown>): Promise<ToolBody> => {
    const response = await post(TOOLS, { parameters: { type: 'object' }, ...body });
    expect(response.status).toBe(201);
    return response.body as ToolBody;
  };
  const list = async (query = ''): Promise<{ items: ToolBody[]; total: number }> => {
    const response = await get(`${TOOLS}${query}`);
    expect(response.status).toBe(200);
    return response.body as { items: ToolBody[]; total: number };
  };
  const namesOf = (tools: { name: string }[]) => tools.map((tool) => tool.name);
  const isBuiltin = (tool: ToolBody) => tool.implementation?.type === 'builtin';
  /** The names of the listed tools that are not builtin: those the test registered. */
  const registeredNamesOf = (tools: ToolBody[]) =>
    namesOf(tools.filter((tool) => !isBuiltin(tool)));
  const builtin = async (): Promise<ToolBody> =>
    (await list(`?search=${BUILTIN}`)).items.find((tool) => tool.name === BUILTIN) as ToolBody;
  const issuesOf = (body: { error: { details: FieldIssue[] } }) => body.error.details;

  beforeAll(async () => {
    auth = await bearerFor(testApp().app);
    const { items, total } = await list('?limit=100');
    builtinNames = namesOf(items.filter(isBuiltin));
    expect(total).toBeLessThanOrEqual(100);
    expect(builtinNames).toContain(BUILTIN);
  });

  /** Back to the state of a fresh app: the builtin tools alone, active. */
  beforeEach(async () => {
    for (;;) {
      const { items } = await list('?limit=100');
      const registered = items.filter((tool) => !isBuiltin(tool));
      for (const tool of registered) expect((await del(`${TOOLS}/${tool.id}`)).status).toBe(200);
      if (registered.length === 0) {
        for (const tool of items.filter((each) => !each.is_active)) {
          expect((await put(`${TOOLS}/${tool.id}`, { is_active: true })).status).toBe(200);
        }
        expect(namesOf(items)).toEqual(builtinNames);
        break;
      }
    }
  });

  describe('requires_approval', () => {
    const endpoint = { type: 'http', url: 'http://127.0.0.1:9/tool' };
    let counter = 0;
    const unique = (base: string) => `approval_${base}_${++counter}`;

    test('an http tool waits for approval by default; the registrant may say otherwise', async () => {
      const waits = await post(TOOLS, {
        name: unique('writes'),
        parameters: { type: 'object' },
        implementation: endpoint,
      });
      expect(waits.body.requires_approval).toBe(true);
      const free = await post(TOOLS, {
        name: unique('reads'),
        parameters: { type: 'object' },
        implementation: endpoint,
        requires_approval: false,
      });
      expect(free.body.requires_approval).toBe(false);
      const changed = await put(`${TOOLS}/${free.body.id as string}`, { requires_approval: true });
      expect(changed.body.requires_approval).toBe(true);
    });

    test('a tool given its first endpoint later waits for approval, unless the update says not', async () => {
      const later = await post(TOOLS, { name: unique('later'), parameters: { type: 'object' } });
      expect(later.body.requires_approval).toBe(false);
      const id = later.body.id as string;
      const given = await put(`${TOOLS}/${id}`, { implementation: endpoint });
      expect(given.body.requires_approval).toBe(true);
      // Changing the endpoint of a tool that has one leaves the registrant's choice alone.
      expect((await put(`${TOOLS}/${id}`, { requires_approval: false })).status).toBe(200);
      const moved = await put(`${TOOLS}/${id}`, {
        implementation: { ...endpoint, url: 'http://127.0.0.1:9/other' },
      });
      expect(moved.body.requires_approval).toBe(false);
      const explicit = await post(TOOLS, {
        name: unique('explicit'),
        parameters: { type: 'object' },
      });
      const kept = await put(`${TOOLS}/${explicit.body.id as string}`, {
        implementation: endpoint,
        requires_approval: false,
      });
      expect(kept.body.requires_approval).toBe(false);
    });

    test('an operator may change it on a builtin tool, as is_active', async () => {
      const encode = await builtin();
      const changed = await put(`${TOOLS}/${encode.id}`, { requires_approval: true });
      expect(changed.status).toBe(200);
      expect(changed.body.requires_approval).toBe(true);
      const restored = await put(`${TOOLS}/${encode.id}`, { requires_approval: false });
      expect(restored.body.requires_approval).toBe(false);
    });

    test('422 for a requires_approval that is not a boolean', async () => {
      const response = await post(TOOLS, {
        name: unique('odd'),
        parameters: { type: 'object' },
        requires_approval: 'yes',
      });
      expect(response.status).toBe(422);
      expect(response.body.error.details[0].field).toBe('requires_approval');
    });
  });

  describe('AC-001: create', () => {
    test('AC-001: a valid tool is created: 201 with a UUID id, is_active true and timestamps', async () => {
      const before = Date.now();
      const response = await post(TOOLS, PRICE_FETCHER);
      expect(response.status).toBe(201);
      const tool = response.body as ToolBody;
      expect(tool).toEqual({
        id: expect.stringMatching(UUID),
        name: 'price_fetcher',
        description: '주가 데이터 조회 도구',
        parameters: PRICE_PARAMETERS,
        implementation: null,
        is_active: true,
        // Only a tool that runs something outside toolhub waits for approval by default.
        requires_approval: false,
        // Registered tools are for key holders unless made public.
        public: false,
        // Imported by no tool source.
        source: null,
        created_at: expect.stringMatching(ISO_DATE),
        updated_at: expect.stringMatching(ISO_DATE),
      });
      expect(Date.parse(tool.created_at)).toBeGreaterThanOrEqual(before - 1000);
      expect(Date.parse(tool.created_at)).toBeLessThanOrEqual(Date.now() + 1000);
      expect(tool.updated_at).toBe(tool.created_at);
      // It is stored: the detail reads back the same tool.
      const detail = await get(`${TOOLS}/${tool.id}`);
      expect(detail.status).toBe(200);
      expect(detail.body).toMatchObject({ ...tool });
    });

    test('AC-001: description and is_active are optional; is_active false is kept', async () => {
      const minimal = await create({ name: 'minimal_tool' });
      expect(minimal.description).toBe('');
      expect(minimal.is_active).toBe(true);
      const inactive = await create({ name: 'inactive_tool', is_active: false });
      expect(inactive.is_active).toBe(false);
    });
  });

  describe('AC-002: unique names', () => {
    test('AC-002: a second tool named price_fetcher is 409 "Tool with name \'price_fetcher\' already exists"', async () => {
      await create(PRICE_FETCHER);
      const response = await post(TOOLS, { ...PRICE_FETCHER, description: 'another one' });
      expect(response.status).toBe(409);
      expect(response.body).toEqual({
        success: false,
        error: {
          code: 'TOOL_ALREADY_EXISTS',
          message: "Tool with name 'price_fetcher' already exists",
        },
      });
      // Nothing was written: still one price_fetcher, with its first description.
      const { items } = await list('?search=price_fetcher');
      expect(items).toHaveLength(1);
      expect(items[0].description).toBe(PRICE_FETCHER.description);
    });

    test('AC-002: renaming a tool to a taken name with PUT is 409 with the same message', async () => {
      await create(PRICE_FETCHER);
      const other = await create({ name: 'indicator_calc' });
      const response = await put(`${TOOLS}/${other.id}`, { name: 'price_fetcher' });
      expect(response.status).toBe(409);
      expect(response.body.error).toEqual({
        code: 'TOOL_ALREADY_EXISTS',
        message: "Tool with name 'price_fetcher' already exists",
      });
      expect((await get(`${TOOLS}/${other.id}`)).body.name).toBe('indicator_calc');
    });

    test("AC-002: the builtin tool's name is taken too", async () => {
      const response = await post(TOOLS, { name: BUILTIN, parameters: { type: 'object' } });
      expect(response.status).toBe(409);
      expect(response.body.error.message).toBe(`Tool with name '${BUILTIN}' already exists`);
    });

    test('AC-002: a tool may be "renamed" to its own name', async () => {
      const tool = await create(PRICE_FETCHER);
      const response = await put(`${TOOLS}/${tool.id}`, { name: 'price_fetcher' });
      expect(response.status).toBe(200);
      expect(response.body.name).toBe('price_fetcher');
    });
  });

  describe('AC-003…AC-005: list, filter, search', () => {
    test('AC-003: given the builtin tools and 4 registered, the list returns exactly those', async () => {
      const names = ['price_fetcher', 'indicator_calc', 'market_screener', 'news_reader'];
      const created: ToolBody[] = [];
      for (const name of names) created.push(await create({ name, description: `${name} tool` }));
      const response = await get(TOOLS);
      expect(response.status).toBe(200);
      expect(response.body).toEqual({
        items: expect.any(Array),
        total: builtinNames.length + 4,
        limit: 20,
        offset: 0,
      });
      const items = response.body.items as ToolBody[];
      // Oldest first: the builtins were registered at start.
      expect(namesOf(items)).toEqual([...builtinNames, ...names]);
      expect(items.slice(builtinNames.length)).toEqual(created);
    });

    test('a list asked again shows each create, change and delete made since, at once', async () => {
      const page = '?search=fresh_&limit=5';
      expect(await list(page)).toMatchObject({ items: [], total: 0 });
      const tool = await create({ name: 'fresh_tool' });
      expect(await list(page)).toEqual({ items: [tool], total: 1, limit: 5, offset: 0 });
      const renamed = await put(`${TOOLS}/${tool.id}`, { name: 'fresh_renamed' });
      expect(renamed.status).toBe(200);
      expect(await list(page)).toMatchObject({ items: [renamed.body], total: 1 });
      expect((await del(`${TOOLS}/${tool.id}`)).status).toBe(200);
      expect(await list(page)).toMatchObject({ items: [], total: 0 });
    });

    test('AC-004: is_active=true lists only the active tools, is_active=false the others', async () => {
      await create({ name: 'tool_1', is_active: true });
      await create({ name: 'tool_2', is_active: false });
      await create({ name: 'tool_3', is_active: true });
      const active = await list('?is_active=true');
      expect(namesOf(active.items)).toEqual([...builtinNames, 'tool_1', 'tool_3']);
      expect(active.total).toBe(builtinNames.length + 2);
      expect(active.items.every((tool) => tool.is_active)).toBe(true);

      const inactive = await list('?is_active=false');
      expect(namesOf(inactive.items)).toEqual(['tool_2']);
      expect(inactive.total).toBe(1);

      // With the builtins deactivated, the three tools above are all there is: exactly 2 active.
      for (const tool of active.items.filter(isBuiltin)) {
        expect((await put(`${TOOLS}/${tool.id}`, { is_active: false })).status).toBe(200);
      }
      const seedActive = await list('?is_active=true');
      expect(namesOf(seedActive.items)).toEqual(['tool_1', 'tool_3']);
      expect(seedActive.items.every((tool) => tool.is_active)).toBe(true);
    });

    test.each(['yes', '1', 'TRUE', ''])('AC-004: is_active=%s is 422', async (value) => {
      const response = await get(`${TOOLS}?is_active=${value}`);
      expect(response.status).toBe(422);
      expect(response.body.error.code).toBe('VALIDATION_ERROR');
      expect(issuesOf(response.body).map((issue) => issue.field)).toEqual(['is_active']);
    });

    test('AC-005: search=price finds only price_fetcher', async () => {
      await create({ name: 'price_fetcher', description: '주가 데이터 조회' });
      await create({ name: 'indicator_calc', description: '기술적 지표 계산' });
      await create({ name: 'market_screener', description: '종목 스크리닝' });
      const found = await list('?search=price');
      // A builtin tool may mention prices too: of the registered tools, only price_fetcher.
      expect(registeredNamesOf(found.items)).toEqual(['price_fetcher']);
      expect(found.total).toBe(found.items.filter(isBuiltin).length + 1);
    });

    test('AC-005: search is case-insensitive, partial, and matches descriptions', async () => {
      await create({ name: 'price_fetcher', description: '주가 데이터 조회' });
      await create({ name: 'indicator_calc', description: 'Technical INDICATORS, e.g. RSI' });
      await create({ name: 'market_screener', description: '종목 스크리닝' });
      expect(registeredNamesOf((await list('?search=PRICE')).items)).toEqual(['price_fetcher']);
      expect(registeredNamesOf((await list('?search=ice_fe')).items)).toEqual(['price_fetcher']);
      expect(
        registeredNamesOf((await list(`?search=${encodeURIComponent('데이터')}`)).items),
      ).toEqual(['price_fetcher']);
      expect(registeredNamesOf((await list('?search=rsi')).items)).toEqual(['indicator_calc']);
      expect(registeredNamesOf((await list('?search=nothing-like-this')).items)).toEqual([]);
      // Search and filter combine.
      await create({ name: 'price_archive', is_active: false });
      expect(registeredNamesOf((await list('?search=price&is_active=false')).items)).toEqual([
        'price_archive',
      ]);
    });

    test('AC-005: % and _ in a search term are literal characters, not wildcards', async () => {
      await create({ name: 'abc_def', description: '100% sure' });
      await create({ name: 'abcxdef', description: '1000 sure' });
      expect(registeredNamesOf((await list('?search=c_d')).items)).toEqual(['abc_def']);
      expect(registeredNamesOf((await list(`?search=${encodeURIComponent('0%')}`)).items)).toEqual([
        'abc_def',
      ]);
      expect(registeredNamesOf((await list(`?search=${encodeURIComponent('%')}`)).items)).toEqual([
        'abc_def',
      ]);
      expect(registeredNamesOf((await list(`?search=${encodeURIComponent('\\')}`)).items)).toEqual(
        [],
      );
    });
  });

  describe('AC-006, AC-007: detail', () => {
    test('AC-006: the detail has id, name, parameters, used_by_agents and used_in_workflows', async () => {
      const tool = await create(PRICE_FETCHER);
      const response = await get(`${TOOLS}/${tool.id}`);
      expect(response.status).toBe(200);
      expect(response.body).toEqual({
        ...tool,
        id: tool.id,
        name: 'price_fetcher',
        parameters: PRICE_PARAMETERS,
        used_by_agents: [],
        used_in_workflows: [],
      });
    });

    test('AC-007: GET /api/v1/tools/invalid-uuid is 404', async () => {
      const response = await get(`${TOOLS}/invalid-uuid`);
      expect(response.status).toBe(404);
      expect(response.body).toEqual({
        success: false,
        error: { code: 'TOOL_NOT_FOUND', message: "Tool with id 'invalid-uuid' not found" },
      });
    });

    test('AC-007: an unknown UUID is 404 on GET, PUT, DELETE and test', async () => {
      const id = randomUUID();
      const expected = {
        success: false,
        error: { code: 'TOOL_NOT_FOUND', message: `Tool with id '${id}' not found` },
      };
      for (const response of [
        await get(`${TOOLS}/${id}`),
        await put(`${TOOLS}/${id}`, { description: 'x' }),
        await del(`${TOOLS}/${id}`),
        await post(`${TOOLS}/${id}/test`, { params: {} }),
      ]) {
        expect(response.status).toBe(404);
        expect(response.body).toEqual(expected);
      }
    });
  });

  describe('AC-008, AC-009: update and delete', () => {
    test('AC-008: PUT changes description and is_active; other fields are kept', async () => {
      const tool = await create(PRICE_FETCHER);
      const response = await put(`${TOOLS}/${tool.id}`, {
        description: '업데이트된 설명',
        is_active: false,
      });
      expect(response.status).toBe(200);
      expect(response.body).toEqual({
        ...tool,
        description: '업데이트된 설명',
        is_active: false,
        updated_at: expect.stringMatching(ISO_DATE),
      });
      expect(Date.parse(response.body.updated_at)).toBeGreaterThan(Date.parse(tool.updated_at));
      const detail = await get(`${TOOLS}/${tool.id}`);
      expect(detail.body).toMatchObject({ description: '업데이트된 설명', is_active: false });
    });

    test('AC-008: PUT changes name and parameters, refusing null and invalid schemas', async () => {
      const tool = await create(PRICE_FETCHER);
      const parameters = { type: 'object', properties: { ticker: { type: 'string' } } };
      const renamed = await put(`${TOOLS}/${tool.id}`, { name: 'quote_fetcher', parameters });
      expect(renamed.status).toBe(200);
      expect(renamed.body).toMatchObject({ id: tool.id, name: 'quote_fetcher', parameters });

      // null is refused, not stored (the columns are NOT NULL) nor taken as "unchanged".
      for (const field of ['name', 'description', 'parameters', 'implementation', 'is_active']) {
        const nulled = await put(`${TOOLS}/${tool.id}`, { [field]: null });
        expect(nulled.status).toBe(422);
        expect(issuesOf(nulled.body).map((issue) => issue.field)).toEqual([field]);
      }

      const invalid = await put(`${TOOLS}/${tool.id}`, { parameters: { type: 'string' } });
      expect(invalid.status).toBe(422);
      expect(issuesOf(invalid.body).map((issue) => issue.field)).toEqual(['parameters']);
      expect((await get(`${TOOLS}/${tool.id}`)).body.parameters).toEqual(parameters);
    });

    test('AC-009: DELETE answers deleted: true; the tool is then 404 and gone from the list', async () => {
      const tool = await create(PRICE_FETCHER);
      const response = await del(`${TOOLS}/${tool.id}`);
      expect(response.status).toBe(200);
      expect(response.body).toEqual({ deleted: true, id: tool.id });
      expect((await get(`${TOOLS}/${tool.id}`)).status).toBe(404);
      expect((await del(`${TOOLS}/${tool.id}`)).status).toBe(404);
      expect(namesOf((await list()).items)).toEqual(builtinNames);
      // The name is free again.
      await create(PRICE_FETCHER);
    });
  });

  describe('AC-011, AC-012, AC-024: test runs', () => {
    /** The timeout of the timed-out run: `timeout=5`, in seconds. */
    const RUN_TIMEOUT_MS = 5000;
    /**
     * A duration that the timeout ended: not before it (10 ms for timer rounding), and long
     * before anything else could have (the tool never answers; the default timeout is 30 s). How
     * late after the timeout depends on the machine's load, so the bound leaves seconds.
     */
    const expectEndedByTheTimeout = (ms: number) => {
      expect(ms).toBeGreaterThanOrEqual(RUN_TIMEOUT_MS - 10);
      expect(ms).toBeLessThan(RUN_TIMEOUT_MS + 5_000);
    };
    let server: ToolServer;
    let hanging: ToolServer;

    beforeAll(async () => {
      server = await startHttpToolServer();
      hanging = await startHttpToolServer(() => 'hang');
    });
    afterAll(async () => {
      await server.close();
      await hanging.close();
    });

    const httpTool = (url: string, name = 'price_fetcher') =>
      create({
        ...PRICE_FETCHER,
        name,
        implementation: {
          type: 'http',
          url,
          headers: { 'X-Client': 'toolhub-test' },
          secret_headers: { Authorization: 'Bearer sk-very-secret', 'X-Api-Key': 'k-123' },
        },
      });

    test('AC-011: a test run of a working tool is 200 with success, result and execution_time_ms > 0', async () => {
      const tool = await httpTool(server.url);
      const seen = server.requests.length;
      const response = await post(`${TOOLS}/${tool.id}/test`, {
        params: { symbol: '005930' },
        timeout: 30,
      });
      expect(response.status).toBe(200);
      expect(response.body).toEqual({
        success: true,
        result: { received: { symbol: '005930' } },
        execution_time_ms: expect.any(Number),
      });
      expect(response.body.execution_time_ms).toBeGreaterThan(0);
      expect(response.body.execution_time_ms).toBeLessThan(5000);

      // The tool server got exactly one POST with the params as JSON and every header.
      expect(server.requests).toHaveLength(seen + 1);
      const received = server.requests[seen];
      expect(received.method).toBe('POST');
      expect(received.url).toBe('/tool');
      expect(JSON.parse(received.body)).toEqual({ symbol: '005930' });
      expect(received.headers['content-type']).toBe('application/json');
      expect(received.headers['x-client']).toBe('toolhub-test');
      expect(received.headers.authorization).toBe('Bearer sk-very-secret');
      expect(received.headers['x-api-key']).toBe('k-123');
    });

    test('AC-011: header names are case-insensitive: a registered header replaces, never joins, another', async () => {
      const tool = await create({
        ...PRICE_FETCHER,
        implementation: {
          type: 'http',
          url: server.url,
          headers: {
            'Content-Type': 'text/plain',
            Accept: 'application/vnd.quote+json',
            'X-Key': 'public',
          },
          secret_headers: { 'x-key': 'secret' },
        },
      });
      const seen = server.requests.length;
      const response = await post(`${TOOLS}/${tool.id}/test`, { params: { symbol: 'X' } });
      expect(response.body).toMatchObject({ success: true });
      const { headers } = server.requests[seen];
      // The body is JSON whatever the registration says; Accept may be chosen; secrets win.
      expect(headers['content-type']).toBe('application/json');
      expect(headers.accept).toBe('application/vnd.quote+json');
      expect(headers['x-key']).toBe('secret');
    });

    test('AC-011: a test run works on an inactive tool too, and the default timeout applies', async () => {
      const tool = await httpTool(server.url);
      await put(`${TOOLS}/${tool.id}`, { is_active: false });
      const response = await post(`${TOOLS}/${tool.id}/test`, { params: { symbol: 'AAPL' } });
      expect(response.status).toBe(200);
      expect(response.body).toMatchObject({
        success: true,
        result: { received: { symbol: 'AAPL' } },
      });
    });

    test('AC-011: the builtin tool can be test-run', async () => {
      const response = await post(`${TOOLS}/${(await builtin()).id}/test`, {
        params: { plantumlCode: '@startuml\nA -> B\n@enduml' },
      });
      expect(response.status).toBe(200);
      expect(response.body).toMatchObject({
        success: true,
        result: { format: 'svg', url: expect.stringMatching(/^https:\/\/www\.plantuml\.com\//) },
      });
    });

    test("a builtin tool's test-run fails invalid params with the tool's own error", async () => {
      const response = await post(`${TOOLS}/${(await builtin()).id}/test`, { params: {} });
      expect(response.status).toBe(200);
      expect(response.body).toMatchObject({
        success: false,
        error_code: 'EMPTY_CODE',
        error: 'plantumlCode is required and cannot be empty',
      });
    });

    test('AC-012: invalid params are 200 with success false, an error message and details; the tool is not called', async () => {
      const tool = await httpTool(server.url);
      const seen = server.requests.length;
      const response = await post(`${TOOLS}/${tool.id}/test`, {
        params: { invalid_param: 'value' },
      });
      expect(response.status).toBe(200);
      expect(response.body).toEqual({
        success: false,
        error: expect.stringContaining('Invalid input for tool'),
        error_code: 'INVALID_INPUT',
        details: expect.arrayContaining([
          { path: '/invalid_param', message: 'is not an allowed property' },
          expect.objectContaining({ path: '' }),
        ]),
        execution_time_ms: expect.any(Number),
      });
      expect(response.body.error).toContain('/invalid_param');
      expect(response.body.error).toContain('symbol');
      expect(server.requests).toHaveLength(seen);
    });

    test('AC-012: a tool endpoint that fails is 200 with success false and the reason', async () => {
      const failing = await startHttpToolServer(() => ({
        status: 503,
        json: { message: 'market closed' },
      }));
      try {
        const tool = await httpTool(failing.url);
        const response = await post(`${TOOLS}/${tool.id}/test`, { params: { symbol: 'X' } });
        expect(response.status).toBe(200);
        expect(response.body).toMatchObject({
          success: false,
          error_code: 'TOOL_EXECUTION_FAILED',
          error: expect.stringContaining('HTTP 503'),
          details: { status: 503, body: { message: 'market closed' } },
        });
        // The secret is not in the error.
        expect(JSON.stringify(response.body)).not.toContain('sk-very-secret');
      } finally {
        await failing.close();
      }
    });

    test('AC-012: an unreachable endpoint and a tool without implementation fail with 200', async () => {
      const gone = await startHttpToolServer();
      const url = gone.url;
      await gone.close();
      const unreachable = await httpTool(url);
      const response = await post(`${TOOLS}/${unreachable.id}/test`, { params: { symbol: 'X' } });
      expect(response.status).toBe(200);
      expect(response.body).toMatchObject({
        success: false,
        error_code: 'TOOL_EXECUTION_FAILED',
        error: expect.stringContaining('could not be reached'),
      });

      const described = await create({ name: 'described_only', parameters: PRICE_PARAMETERS });
      const notRunnable = await post(`${TOOLS}/${described.id}/test`, {
        params: { symbol: 'X' },
      });
      expect(notRunnable.status).toBe(200);
      expect(notRunnable.body).toMatchObject({
        success: false,
        error_code: 'TOOL_NOT_RUNNABLE',
        error: "Tool 'described_only' has no implementation to run",
      });
    });

    test.each([
      ['timeout 0', { timeout: 0 }, 'timeout'],
      ['timeout over 300', { timeout: 301 }, 'timeout'],
      ['timeout a string', { timeout: '5' }, 'timeout'],
      ['timeout null', { timeout: null }, 'timeout'],
      ['params an array', { params: [1] }, 'params'],
      ['params a string', { params: 'symbol=X' }, 'params'],
      ['params null', { params: null }, 'params'],
      ['an unknown field', { parameters: {} }, 'parameters'],
    ])('a test run request with %s is 422', async (_name, body, field) => {
      const tool = await httpTool(server.url);
      const response = await post(`${TOOLS}/${tool.id}/test`, body);
      expect(response.status).toBe(422);
      expect(response.body.error.code).toBe('VALIDATION_ERROR');
      expect(issuesOf(response.body).map((issue) => issue.field)).toEqual([field]);
    });

    test('AC-024: a run past timeout=5 is 200 with success false and "Execution timeout"; the request is aborted', async () => {
      const tool = await httpTool(hanging.url, 'slow_tool');
      const seen = hanging.requests.length;
      const started = performance.now();
      const response = await post(`${TOOLS}/${tool.id}/test`, {
        params: { symbol: '005930' },
        timeout: RUN_TIMEOUT_MS / 1000,
      });
      const elapsed = performance.now() - started;
      expect(response.status).toBe(200);
      expect(response.body).toEqual({
        success: false,
        error: 'Execution timeout',
        error_code: 'EXECUTION_TIMEOUT',
        details: { timeout_ms: RUN_TIMEOUT_MS },
        execution_time_ms: expect.any(Number),
      });
      expectEndedByTheTimeout(response.body.execution_time_ms as number);
      expectEndedByTheTimeout(elapsed);

      // The tool server saw the request, then its connection closed unanswered: really aborted.
      // Timed from the call, as the others: the run's timer starts after it, and the request
      // reaches the tool server after the timer, by an amount the machine's load decides.
      expect(hanging.requests).toHaveLength(seen + 1);
      expectEndedByTheTimeout((await hanging.requests[seen].aborted) - started);
    });
  });

  describe('secret headers', () => {
    const SECRET = 'Bearer sk-do-not-show';
    const implementation = {
      type: 'http',
      url: 'http://127.0.0.1:9/price',
      headers: { 'X-Client': 'toolhub' },
      secret_headers: { Authorization: SECRET },
    };
    const shown = {
      type: 'http',
      url: 'http://127.0.0.1:9/price',
      headers: { 'X-Client': 'toolhub' },
      secret_header_names: ['Authorization'],
    };

    test('secret header values are never returned: create, detail, list and update show only their names', async () => {
      const created = await post(TOOLS, { ...PRICE_FETCHER, implementation });
      expect(created.status).toBe(201);
      expect(created.body.implementation).toEqual(shown);
      const id = created.body.id as string;

      const detail = await get(`${TOOLS}/${id}`);
      expect(detail.body.implementation).toEqual(shown);
      const listed = await get(TOOLS);
      expect(
        (listed.body.items as ToolBody[]).find((tool) => tool.id === id)?.implementation,
      ).toEqual(shown);
      const updated = await put(`${TOOLS}/${id}`, { description: 'changed' });
      expect(updated.body.implementation).toEqual(shown);

      for (const response of [created, detail, listed, updated]) {
        expect(response.text).not.toContain('sk-do-not-show');
        expect(response.text).not.toContain('secret_headers');
      }
    });

    test('an mcp implementation requires tool_name; header values must be strings without line breaks', async () => {
      const noToolName = await post(TOOLS, {
        ...PRICE_FETCHER,
        implementation: { type: 'mcp', url: 'http://127.0.0.1:9/mcp' },
      });
      expect(noToolName.status).toBe(422);
      expect(issuesOf(noToolName.body).map((issue) => issue.field)).toEqual([
        'implementation.tool_name',
      ]);
      const badHeader = await post(TOOLS, {
        ...PRICE_FETCHER,
        implementation: { ...implementation, secret_headers: { Authorization: 'a\r\nX-Evil: 1' } },
      });
      expect(badHeader.status).toBe(422);
      expect(issuesOf(badHeader.body).map((issue) => issue.field)).toEqual([
        'implementation.secret_headers',
      ]);
      // The refused value is not echoed back either.
      expect(badHeader.text).not.toContain('X-Evil');
    });

    test.each([
      ['a builtin type', { type: 'builtin' }, 'implementation.type'],
      ['a non-http URL', { type: 'http', url: 'file:///etc/passwd' }, 'implementation.url'],
      [
        'an unknown field',
        { type: 'http', url: 'http://127.0.0.1:9/x', method: 'GET' },
        'implementation.method',
      ],
    ])('an implementation with %s is 422', async (_name, impl, field) => {
      const response = await post(TOOLS, { ...PRICE_FETCHER, implementation: impl });
      expect(response.status).toBe(422);
      expect(issuesOf(response.body).map((issue) => issue.field)).toContain(field);
    });
  });

  describe('the builtin tool', () => {
    test('encodePlantUML is listed with implementation type builtin', async () => {
      const { items, total } = await list('?limit=100');
      expect(total).toBe(builtinNames.length);
      expect(namesOf(items)).toEqual(builtinNames);
      expect(items.every(isBuiltin)).toBe(true);
      expect(items.find((tool) => tool.name === BUILTIN)).toEqual(
        expect.objectContaining({
          id: expect.stringMatching(UUID),
          name: BUILTIN,
          description: expect.stringContaining('PlantUML'),
          parameters: expect.objectContaining({ type: 'object', required: ['plantumlCode'] }),
          implementation: { type: 'builtin' },
          is_active: true,
          // encodePlantUML is annotated read-only: it runs without asking.
          requires_approval: false,
        }),
      );
    });

    test('encodePlantUML cannot be deleted: 409 BUILTIN_TOOL_READ_ONLY', async () => {
      const encode = await builtin();
      const response = await del(`${TOOLS}/${encode.id}`);
      expect(response.status).toBe(409);
      expect(response.body.error.code).toBe('BUILTIN_TOOL_READ_ONLY');
      expect((await get(`${TOOLS}/${encode.id}`)).status).toBe(200);
    });

    test('encodePlantUML can be deactivated and reactivated, but not otherwise edited', async () => {
      const encode = await builtin();
      const off = await put(`${TOOLS}/${encode.id}`, { is_active: false });
      expect(off.status).toBe(200);
      expect(off.body).toMatchObject({ name: BUILTIN, is_active: false });
      expect((await get(`${TOOLS}/${encode.id}`)).body.is_active).toBe(false);

      for (const edit of [
        { description: 'mine now' },
        { name: 'encoder' },
        { parameters: { type: 'object' } },
        { implementation: { type: 'http', url: 'http://127.0.0.1:9/x' } },
      ]) {
        const response = await put(`${TOOLS}/${encode.id}`, edit);
        expect(response.status).toBe(409);
        expect(response.body.error.code).toBe('BUILTIN_TOOL_READ_ONLY');
      }
      const on = await put(`${TOOLS}/${encode.id}`, { is_active: true });
      expect(on.status).toBe(200);
      expect(on.body).toMatchObject({ ...encode, updated_at: expect.any(String) });
    });
  });

  describe('AC-020: authentication', () => {
    test.each([
      ['without Authorization', undefined],
      ['with a Basic header', 'Basic dXNlcjpwYXNz'],
      ['with "Bearer" and no key', 'Bearer'],
      ['with two tokens', 'Bearer thk_a thk_b'],
      ['with an unknown key', `Bearer thk_${'x'.repeat(43)}`],
      ['with a key of another format', 'Bearer sk-1234'],
    ])(
      'AC-020: GET /api/v1/tools %s is 401 with WWW-Authenticate: Bearer',
      async (_name, header) => {
        const request = http().get(TOOLS);
        const response = await (header === undefined
          ? request
          : request.set('Authorization', header));
        expect(response.status).toBe(401);
        expect(response.headers['www-authenticate']).toBe('Bearer');
        expect(response.body).toEqual({
          success: false,
          error: { code: 'UNAUTHORIZED', message: expect.any(String) },
        });
      },
    );

    test('AC-020: every route needs the key, and nothing is written without it', async () => {
      const tool = await create(PRICE_FETCHER);
      const id = tool.id;
      for (const response of [
        await http()
          .post(TOOLS)
          .send({ name: 'sneaky', parameters: { type: 'object' } }),
        await http().get(`${TOOLS}/${id}`),
        await http().put(`${TOOLS}/${id}`).send({ is_active: false }),
        await http().delete(`${TOOLS}/${id}`),
        await http()
          .post(`${TOOLS}/${id}/test`)
          .send({ params: { symbol: 'X' } }),
      ]) {
        expect(response.status).toBe(401);
        expect(response.headers['www-authenticate']).toBe('Bearer');
      }
      expect(namesOf((await list()).items)).toEqual([...builtinNames, 'price_fetcher']);
      expect((await get(`${TOOLS}/${id}`)).body.is_active).toBe(true);
    });

    test('AC-020: a revoked key is refused; the scheme is case-insensitive', async () => {
      const keys = testApp().app.get(ApiKeysService);
      const { id, key } = await keys.create({ name: 'to-revoke', role: 'admin' });
      expect((await http().get(TOOLS).set('Authorization', `bearer ${key}`)).status).toBe(200);
      await keys.revoke(id);
      const response = await http().get(TOOLS).set('Authorization', `Bearer ${key}`);
      expect(response.status).toBe(401);
      expect(response.body.error.code).toBe('UNAUTHORIZED');
    });

    test('AC-020: the data plane (/api/tools) stays public', async () => {
      expect((await http().get('/api/tools')).status).toBe(200);
    });
  });

  describe('AC-021: malformed and invalid bodies', () => {
    test.each(['{"name": "price_fetcher",', '{name: x}', '[1, 2', 'not json'])(
      'AC-021: malformed JSON %j is 422 with details',
      async (text) => {
        const response = await postRaw(TOOLS, text);
        expect(response.status).toBe(422);
        expect(response.body).toEqual({
          success: false,
          error: {
            code: 'INVALID_JSON',
            message: expect.stringMatching(/^Request body is not valid JSON: /),
            details: { reason: expect.any(String) },
          },
        });
        expect(namesOf((await list()).items)).toEqual(builtinNames);
      },
    );

    test('AC-021: malformed JSON on PUT and test is 422 too', async () => {
      const tool = await create(PRICE_FETCHER);
      const update = await http()
        .put(`${TOOLS}/${tool.id}`)
        .set('Authorization', auth)
        .set('Content-Type', 'application/json')
        .serialize((data: unknown) => data as string)
        .send('{"is_active": fals');
      expect(update.status).toBe(422);
      expect(update.body.error.details).toBeDefined();
      const run = await postRaw(`${TOOLS}/${tool.id}/test`, '{"params": ');
      expect(run.status).toBe(422);
      expect(run.body.error.code).toBe('INVALID_JSON');
    });

    test.each([
      ['a missing name', { parameters: { type: 'object' } }, ['name']],
      ['a missing body', undefined, ['name', 'parameters']],
      ['a body that is an array', [PRICE_FETCHER], ['']],
      ['a name with spaces', { ...PRICE_FETCHER, name: 'price fetcher' }, ['name']],
      ['a name of 65 characters', { ...PRICE_FETCHER, name: 'x'.repeat(65) }, ['name']],
      ['a numeric name', { ...PRICE_FETCHER, name: 42 }, ['name']],
      [
        'parameters that are not an object',
        { ...PRICE_FETCHER, parameters: 'object' },
        ['parameters'],
      ],
      ['parameters that are an array', { ...PRICE_FETCHER, parameters: [] }, ['parameters']],
      [
        'parameters {"type":"objekt"}',
        { ...PRICE_FETCHER, parameters: { type: 'objekt' } },
        ['parameters'],
      ],
      [
        'parameters that are not a valid JSON Schema',
        {
          ...PRICE_FETCHER,
          parameters: { type: 'object', properties: { symbol: { type: 'strnig' } } },
        },
        ['parameters'],
      ],
      [
        'parameters of type string',
        { ...PRICE_FETCHER, parameters: { type: 'string' } },
        ['parameters'],
      ],
      ['is_active a string', { ...PRICE_FETCHER, is_active: 'yes' }, ['is_active']],
      ['is_active null', { ...PRICE_FETCHER, is_active: null }, ['is_active']],
      ['description null', { ...PRICE_FETCHER, description: null }, ['description']],
      ['implementation null', { ...PRICE_FETCHER, implementation: null }, ['implementation']],
      ['an unknown field', { ...PRICE_FETCHER, owner: 'me' }, ['owner']],
    ])('AC-021: a body with %s is 422 with field-level details', async (_name, body, fields) => {
      const response = await post(TOOLS, body);
      expect(response.status).toBe(422);
      expect(response.body).toEqual({
        success: false,
        error: {
          code: 'VALIDATION_ERROR',
          message: expect.stringMatching(/^Request validation failed: /),
          details: expect.any(Array),
        },
      });
      const issues = issuesOf(response.body);
      expect(issues.map((issue) => issue.field)).toEqual(fields);
      for (const issue of issues) {
        expect(issue.messages.length).toBeGreaterThan(0);
        issue.messages.forEach((message) => expect(typeof message).toBe('string'));
      }
      expect(namesOf((await list()).items)).toEqual(builtinNames);
    });

    test('AC-021: the JSON Schema error names what is wrong', async () => {
      const response = await post(TOOLS, {
        ...PRICE_FETCHER,
        parameters: { type: 'object', properties: { symbol: { type: 'strnig' } } },
      });
      expect(issuesOf(response.body)[0].messages[0]).toMatch(
        /^parameters is not a valid JSON Schema: /,
      );
      const objekt = await post(TOOLS, { ...PRICE_FETCHER, parameters: { type: 'objekt' } });
      expect(issuesOf(objekt.body)[0].messages[0]).toContain('"object"');
    });

    test('AC-021: every problem of a body is reported at once', async () => {
      const response = await post(TOOLS, { name: '', parameters: 3, is_active: 'no', x: 1 });
      expect(response.status).toBe(422);
      expect(
        issuesOf(response.body)
          .map((issue) => issue.field)
          .sort(),
      ).toEqual(['is_active', 'name', 'parameters', 'x']);
    });
  });

  describe('AC-022: pagination', () => {
    test('AC-022: with 50 tools, limit=10&offset=20 returns the 21st to the 30th, oldest first', async () => {
      // The builtins come first, then registered tools named by their position, up to 50.
      const created: string[] = [...builtinNames];
      for (let i = builtinNames.length + 1; i <= 50; i++) {
        const name = `tool_${String(i).padStart(2, '0')}`;
        await create({ name });
        created.push(name);
      }
      const page = await get(`${TOOLS}?limit=10&offset=20`);
      expect(page.status).toBe(200);
      expect(page.body).toMatchObject({ total: 50, limit: 10, offset: 20 });
      expect(namesOf(page.body.items)).toEqual(created.slice(20, 30));
      expect(namesOf(page.body.items)).toEqual(
        Array.from({ length: 10 }, (_, i) => `tool_${21 + i}`),
      );

      // The pages together are the whole list, each tool once.
      const all: string[] = [];
      for (let offset = 0; offset < 50; offset += 20) {
        all.push(...namesOf((await list(`?limit=20&offset=${offset}`)).items));
      }
      expect(all).toEqual(created);
      // Defaults, the last partial page, and past the end.
      expect(await list()).toMatchObject({ total: 50, limit: 20, offset: 0 });
      expect((await list()).items).toHaveLength(20);
      expect(namesOf((await list('?limit=100&offset=45')).items)).toEqual(created.slice(45));
      expect(await list('?offset=60')).toEqual({ items: [], total: 50, limit: 20, offset: 60 });
      // Filters apply before paging; total counts the filtered tools.
      const filtered = await list('?search=tool_4&limit=3&offset=8');
      expect(filtered.total).toBe(10);
      expect(namesOf(filtered.items)).toEqual(['tool_48', 'tool_49']);
    }, 30_000);

    test.each([
      ['limit=0', 'limit'],
      ['limit=101', 'limit'],
      ['limit=abc', 'limit'],
      ['limit=1.5', 'limit'],
      ['limit=', 'limit'],
      ['offset=-1', 'offset'],
      ['offset=x', 'offset'],
      ['sort=name', 'sort'],
    ])('AC-022: %s is 422', async (query, field) => {
      const response = await get(`${TOOLS}?${query}`);
      expect(response.status).toBe(422);
      expect(response.body.error.code).toBe('VALIDATION_ERROR');
      expect(issuesOf(response.body).map((issue) => issue.field)).toEqual([field]);
    });

    test('AC-022: limit=1 and limit=100 are accepted', async () => {
      const one = await list('?limit=1');
      expect(one).toMatchObject({ limit: 1, total: builtinNames.length });
      expect(namesOf(one.items)).toEqual(builtinNames.slice(0, 1));
      const hundred = await list('?limit=100');
      expect(hundred).toMatchObject({ limit: 100, total: builtinNames.length });
      expect(namesOf(hundred.items)).toEqual(builtinNames);
    });
  });
});
