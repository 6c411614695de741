/**
 * Generated bad input against every `/api/v1` write route (found in the OpenAPI document, so a
 * new route is fuzzed without editing this file), on both adapters: arbitrary JSON values,
 * mutations of each route's documented example body (wrong types, edge and overflowing numbers,
 * NUL and lone surrogates, deep nesting) and raw bytes (random, cut short, not UTF-8). Whatever
 * is sent, the answer is never a 5xx; a 4xx is the error envelope and stores nothing.
 *
 * The seed is fixed so a failure replays; fast-check prints the shrunk counterexample.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { DATABASE, type Database } from '../src/database/database';
import { rawRows } from '../src/database/raw-rows';
import { bearerFor } from './support/api-key';
import { type WriteRoute, jsonBodyFor, rawBodyFor, writeRoutesOf } from './support/fuzz-bodies';
import { type TestApp, describeHttpContract } from './support/test-app';

const SEED = 10;
/** Runs per route: enough to meet every kind of input, few enough for a busy 2-core machine. */
const JSON_RUNS_PER_ROUTE = 10;
const RAW_RUNS_PER_ROUTE = 4;
/**
 * About 250 requests a test: seconds on an idle machine, but half a minute when six jobs share
 * two cores. A bound against a hang, not a speed target.
 */
const FUZZ_TIMEOUT_MS = 180_000;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The row count of every table, to tell whether a request stored anything. */
async function rowCounts(testApp: TestApp): Promise<Record<string, number>> {
  const db = testApp.app.get<Database>(DATABASE);
  const tables = await rawRows<{ name: string }>(
    db,
    sql`select table_name as name from information_schema.tables
        where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
  );
  const counts = tables.map(
    ({ name }) => sql`select ${name} as name, count(*)::int as rows from ${sql.identifier(name)}`,
  );
  const rows = await rawRows<{ name: string; rows: number }>(
    db,
    sql.join(counts, sql` union all `),
  );
  return Object.fromEntries(rows.map(({ name, rows: count }) => [name, count]));
}

/**
 * The example with its made-up ids pointing at fixtures: `tool_id` at the `tools` fixture,
 * `tool_ids` at a list of it, a step `{ type: 'agent', id }` at the `agents` one.
 */
function withFixtureIds(
  example: Record<string, unknown>,
  ids: Map<string, string>,
): Record<string, unknown> {
  const body = { ...example };
  for (const [key, value] of Object.entries(body)) {
    const single = /^(.+)_id$/.exec(key);
    const list = /^(.+)_ids$/.exec(key);
    const id = ids.get(`${(single ?? list)?.[1]}s`);
    if (single && id && typeof value === 'string' && UUID.test(value)) body[key] = id;
    else if (list && id && Array.isArray(value)) body[key] = [id];
    else if (Array.isArray(value)) body[key] = value.map((item: unknown) => typedIdOf(item, ids));
  }
  return body;
}

function typedIdOf(item: unknown, ids: Map<string, string>): unknown {
  if (typeof item !== 'object' || item === null || !('type' in item) || !('id' in item))
    return item;
  return { ...item, id: ids.get(`${String(item.type)}s`) ?? item.id };
}

describeHttpContract('Fuzzed /api/v1 writes are never a 5xx', (testApp) => {
  let auth: string;
  let routes: WriteRoute[] = [];
  /** An existing resource per collection (`tools`, `agents`…), so routes reach their writes. */
  const ids = new Map<string, string>();

  beforeAll(async () => {
    auth = await bearerFor(testApp().app);
    const document = (await testApp().http.get('/docs-json')).body;
    routes = writeRoutesOf(document, '/api/v1/');
    // Fixtures from the creating routes' own examples, in document order (tools before agents).
    for (const route of routes.filter((r) => r.method === 'post' && !r.path.includes('{'))) {
      const body = withFixtureIds(route.example, ids);
      const created = await testApp().http.post(route.path).set('Authorization', auth).send(body);
      if (created.status === 201) ids.set(route.path.split('/')[3], created.body.id as string);
    }
    for (const route of routes) route.example = withFixtureIds(route.example, ids);
  });

  /** The route's path with an id: a fixture's, except for deletes, which would remove it. */
  function urlOf(route: WriteRoute): string {
    const collection = route.path.split('/')[3];
    const id = route.method === 'delete' ? undefined : ids.get(collection);
    return route.path.replace(/\{[^}]+\}/g, () => id ?? randomUUID());
  }

  async function assertSafeAnswer(route: WriteRoute, body: string | Buffer): Promise<void> {
    const before = await rowCounts(testApp());
    const response = await testApp()
      .http[route.method](urlOf(route))
      .set('Authorization', auth)
      .set('Content-Type', 'application/json')
      .serialize((data: unknown) => data as string)
      .send(body);
    expect(response.status).toBeLessThan(500);
    if (response.status < 400) return;
    expect(response.body).toEqual({
      success: false,
      error: expect.objectContaining({
        code: expect.stringMatching(/^[A-Z][A-Z_]*$/),
        message: expect.any(String),
      }),
    });
    expect(await rowCounts(testApp())).toEqual(before);
  }

  test('the document lists the write routes of every registry and runtime collection', () => {
    const collections = new Set(routes.map((route) => route.path.split('/')[3]));
    for (const expected of ['tools', 'agents', 'workflows', 'keys', 'sessions', 'approvals']) {
      expect(collections).toContain(expected);
    }
  });

  /** Checks every route with its own bodies; a failure names the route, then the counterexample. */
  async function fuzzEveryRoute(
    bodiesFor: (example: Record<string, unknown>) => fc.Arbitrary<string | Buffer>,
    numRuns: number,
  ): Promise<void> {
    for (const route of routes) {
      const property = fc.asyncProperty(bodiesFor(route.example), (body) =>
        assertSafeAnswer(route, body),
      );
      const details = await fc.check(property, { seed: SEED, numRuns });
      if (details.failed) {
        throw new Error(
          `${route.method.toUpperCase()} ${route.path}\n${fc.defaultReportMessage(details)}`,
        );
      }
    }
  }

  test(
    'JSON bodies: any value, or a mutation of the documented example',
    async () => {
      await fuzzEveryRoute(jsonBodyFor, JSON_RUNS_PER_ROUTE);
    },
    FUZZ_TIMEOUT_MS,
  );

  test(
    'raw bytes: random, cut short, or not UTF-8',
    async () => {
      await fuzzEveryRoute(rawBodyFor, RAW_RUNS_PER_ROUTE);
    },
    FUZZ_TIMEOUT_MS,
  );
});
