/**
 * Who may call what: every `/api/v1` route answers by the caller's key — none,
 * `member`, `admin` or revoked — with the route list read from the app's own OpenAPI document,
 * so a new route is covered without touching this file; the keys API; revocation effective on
 * the next request; the key checked before the body is read; invalid keys counted and, past a
 * limit per address, answered 429.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { type Response } from 'supertest';
import { ADMIN_KEYS_LOCK_ID, ApiKeysService } from '../src/api-keys/api-keys.service';
import { generateApiKey, hashOfApiKey, shownPrefixOf } from '../src/api-keys/api-key-format';
import { ApiKeysRepository } from '../src/api-keys/api-keys.repository';
import { DATABASE, type Database } from '../src/database/database';
import { bearerFor } from './support/api-key';
import { untilWaitingForLocks } from './support/lock-waits';
import {
  SELECTED_ADAPTER,
  type TestApp,
  describeHttpContract,
  describeOnAdapter,
  startTestApp,
} from './support/test-app';
import { createTestDatabase } from './support/test-database';

const KEYS = '/api/v1/keys';
const UNKNOWN_KEY = `Bearer thk_${'x'.repeat(43)}`;

interface Operation {
  responses: Record<string, unknown>;
}
type Paths = Record<string, Record<string, Operation>>;

/**
 * What an admin alone may do: write to the registry (tools, agents, workflows, tool sources and
 * their sub-resources), manage keys and budgets. Running a tool or an agent once (`…/test`) is no write.
 */
function isAdminOnly(method: string, path: string): boolean {
  if (path.startsWith(`${KEYS}`) || path === '/api/v1/audit/verify') return true;
  if (path.startsWith('/api/v1/budgets')) return true;
  const registry = /^\/api\/v1\/(tools|agents|workflows|tool-sources|triggers)(\/|$)/.test(path);
  // Testing an agent and running a workflow are uses, not edits of the registry.
  return registry && method !== 'GET' && !path.endsWith('/test') && !path.endsWith('/runs');
}

/** Routes that refuse a member only some requests: the audit log, for others' entries. */
const MEMBER_REFUSED_SOMETIMES = ['GET /api/v1/audit', 'GET /api/v1/audit/export'];

/** A key's outcome on a route: refused (its status) or let through to the handler. */
const outcomeOf = (status: number) => ([401, 403, 429].includes(status) ? status : 'through');

describeOnAdapter(
  'Roles over every /api/v1 route',
  (testApp) => {
    let admin: string;
    let member: string;
    let revoked: string;
    let routes: { method: string; path: string; operation: Operation }[];

    beforeAll(async () => {
      const app = testApp().app;
      admin = await bearerFor(app, 'admin');
      member = await bearerFor(app, 'member', undefined, 'member');
      const keys = app.get(ApiKeysService);
      const gone = await keys.create({ name: 'gone', role: 'admin' });
      await keys.revoke(gone.id);
      revoked = `Bearer ${gone.key}`;
      const document = (await testApp().http.get('/docs-json')).body as { paths: Paths };
      routes = Object.entries(document.paths)
        .filter(([path]) => path.startsWith('/api/v1/'))
        .flatMap(([path, methods]) =>
          Object.entries(methods).map(([method, operation]) => ({
            method: method.toUpperCase(),
            path,
            operation,
          })),
        );
    });

    /** The request a client would send on the route, ids being ones that name nothing. */
    const send = (method: string, path: string, authorization?: string) => {
      const url = path.replace(/\{[^}]+\}/g, randomUUID());
      const request =
        testApp().http[method.toLowerCase() as 'get' | 'post' | 'put' | 'delete'](url);
      if (authorization) void request.set('Authorization', authorization);
      return method === 'GET' ? request : request.send({});
    };

    test('the table covers the registry writes and the keys API', () => {
      const names = routes.map(({ method, path }) => `${method} ${path}`);
      expect(names).toEqual(
        expect.arrayContaining([
          'POST /api/v1/tools',
          'PUT /api/v1/agents/{id}/tools',
          'DELETE /api/v1/workflows/{id}',
          'POST /api/v1/agents/{id}/test',
          'POST /api/v1/sessions/{id}/runs',
          'POST /api/v1/keys',
          'DELETE /api/v1/keys/{id}',
        ]),
      );
    });

    test('no key and a revoked key: 401; member: 403 on admin routes only; admin: through', async () => {
      const actual: Record<string, unknown> = {};
      const expected: Record<string, unknown> = {};
      for (const { method, path } of routes) {
        const route = `${method} ${path}`;
        expected[route] = {
          none: 401,
          revoked: 401,
          member: isAdminOnly(method, path) ? 403 : 'through',
          admin: 'through',
        };
        actual[route] = {
          none: outcomeOf((await send(method, path)).status),
          revoked: outcomeOf((await send(method, path, revoked)).status),
          member: outcomeOf((await send(method, path, member)).status),
          admin: outcomeOf((await send(method, path, admin)).status),
        };
      }
      expect(actual).toEqual(expected);
    });

    test('403 is the FORBIDDEN envelope, and nothing is written', async () => {
      const response = await testApp()
        .http.post('/api/v1/tools')
        .set('Authorization', member)
        .send({ name: 'by_member', parameters: { type: 'object' } });
      expect(response.status).toBe(403);
      expect(response.body).toEqual({
        success: false,
        error: { code: 'FORBIDDEN', message: expect.stringContaining('admin') as string },
      });
      const listed = await testApp()
        .http.get('/api/v1/tools?search=by_member')
        .set('Authorization', member);
      expect(listed.body.total).toBe(0);
    });

    test('the OpenAPI document says 403 exactly where a member may be refused', () => {
      const documented = routes
        .filter(({ operation }) => '403' in operation.responses)
        .map(({ method, path }) => `${method} ${path}`);
      const adminOnly = routes
        .filter(({ method, path }) => isAdminOnly(method, path))
        .map(({ method, path }) => `${method} ${path}`);
      expect(documented.sort()).toEqual([...adminOnly, ...MEMBER_REFUSED_SOMETIMES].sort());
    });
  },
  // The revoked key fails on every route; this suite is not about the throttle.
  { env: { AUTH_FAILURES_PER_MINUTE: '1000' } },
);

describeOnAdapter('The keys API', (testApp) => {
  let admin: string;
  const http = () => testApp().http;
  const createKey = (body: object, authorization = admin) =>
    http().post(KEYS).set('Authorization', authorization).send(body);

  beforeAll(async () => {
    admin = await bearerFor(testApp().app, 'admin');
  });

  test('POST makes a key shown once; GET lists its first characters only', async () => {
    const created = await createKey({ name: 'laptop', role: 'member', user: 'bob' });
    expect(created.status).toBe(201);
    expect(created.body).toEqual({
      id: expect.any(String),
      name: 'laptop',
      user: 'bob',
      role: 'member',
      prefix: (created.body as { key: string }).key.slice(0, 10),
      key: expect.stringMatching(/^thk_[A-Za-z0-9_-]{43}$/),
      created_at: expect.any(String),
      revoked_at: null,
    });
    const { key, ...summary } = created.body as { key: string };

    const listed = await http().get(`${KEYS}?limit=100`).set('Authorization', admin);
    expect(listed.status).toBe(200);
    expect(listed.text).not.toContain(key);
    expect(listed.body.items).toContainEqual(summary);
    expect(listed.body).toMatchObject({ limit: 100, offset: 0, total: expect.any(Number) });

    // A member key reads the registry.
    const asMember = await http().get('/api/v1/tools').set('Authorization', `Bearer ${key}`);
    expect(asMember.status).toBe(200);
  });

  test("without a user, the key is its name's; role is required and checked", async () => {
    const created = await createKey({ name: 'ci-bot', role: 'admin' });
    expect(created.body).toMatchObject({ name: 'ci-bot', user: 'ci-bot', role: 'admin' });
    for (const [body, field] of [
      [{ name: 'x' }, 'role'],
      [{ name: 'x', role: 'owner' }, 'role'],
      [{ name: '  ', role: 'member' }, 'name'],
      [{ name: 'x', role: 'member', user: '' }, 'user'],
      // Every caller without a key acts as this user: no key may read what they started.
      [{ name: 'x', role: 'member', user: 'anonymous' }, 'user'],
      [{ name: 'anonymous', role: 'member' }, 'name'],
    ] as const) {
      const refused = await createKey(body);
      expect(refused.status).toBe(422);
      expect(refused.body.error.code).toBe('VALIDATION_ERROR');
      expect(refused.body.error.details[0].field).toBe(field);
    }
  });

  test('a key stored for the user anonymous before it was reserved is 401', async () => {
    const key = generateApiKey();
    await testApp()
      .app.get(ApiKeysRepository)
      .insert({
        name: 'old-anonymous',
        user_name: 'anonymous',
        role: 'member',
        key_hash: hashOfApiKey(key),
        prefix: shownPrefixOf(key),
      });
    const refused = await http().get('/api/v1/sessions').set('Authorization', `Bearer ${key}`);
    expect(refused.status).toBe(401);
    expect(refused.body.error.code).toBe('UNAUTHORIZED');
  });

  test('DELETE revokes: the next request with the key is 401, even one it just served', async () => {
    const created = await createKey({ name: 'leaked', role: 'admin' });
    const leaked = `Bearer ${(created.body as { key: string }).key}`;
    // Served once, so the key is remembered in memory.
    expect((await http().get('/api/v1/tools').set('Authorization', leaked)).status).toBe(200);

    const revoked = await http().delete(`${KEYS}/${created.body.id}`).set('Authorization', admin);
    expect(revoked.status).toBe(200);
    expect(revoked.body).toMatchObject({ id: created.body.id, revoked_at: expect.any(String) });

    const refused = await http().get('/api/v1/tools').set('Authorization', leaked);
    expect(refused.status).toBe(401);
    expect(refused.body.error.code).toBe('UNAUTHORIZED');
    // And over a key's other way in: the tools anyone may call refuse a revoked key too.
    expect((await http().get('/api/tools').set('Authorization', leaked)).status).toBe(401);

    const again = await http().delete(`${KEYS}/${created.body.id}`).set('Authorization', admin);
    expect(again.status).toBe(404);
    expect(again.body.error.code).toBe('API_KEY_NOT_FOUND');
    expect((await http().delete(`${KEYS}/not-a-uuid`).set('Authorization', admin)).status).toBe(
      404,
    );
  });

  test('a key revoked outside the API (the CLI, another instance) is refused at once too', async () => {
    const keys = testApp().app.get(ApiKeysService);
    const { id, key } = await keys.create({ name: 'cli-revoked', role: 'member' });
    const auth = `Bearer ${key}`;
    expect((await http().get('/api/v1/agents').set('Authorization', auth)).status).toBe(200);
    await keys.revoke(id);
    expect((await http().get('/api/v1/agents').set('Authorization', auth)).status).toBe(401);
  });
});

describe('The last admin key', () => {
  let testApp: TestApp;
  const http = () => testApp.http;
  const keys = () => testApp.app.get(ApiKeysService);

  beforeAll(async () => {
    testApp = await startTestApp(SELECTED_ADAPTER);
  });

  afterAll(async () => {
    await testApp?.close();
  });

  /** Two admin keys, every other admin key revoked (beside the API, as the CLI may). */
  async function onlyTwoAdmins() {
    const [first, second] = [
      await keys().create({ name: 'first admin', role: 'admin' }),
      await keys().create({ name: 'second admin', role: 'admin' }),
    ];
    for (const id of await activeAdminIds()) {
      if (id !== first.id && id !== second.id) await keys().revoke(id);
    }
    return [first, second].map(({ id, key }) => ({ id, auth: `Bearer ${key}` }));
  }

  async function activeAdminIds(): Promise<string[]> {
    const all = await keys().listAll();
    return all.filter((key) => key.role === 'admin' && !key.revoked_at).map((key) => key.id);
  }

  test('is not revoked over the API: 409 LAST_ADMIN_KEY, and it still works', async () => {
    const [first, second] = await onlyTwoAdmins();
    const revoked = await http().delete(`${KEYS}/${second.id}`).set('Authorization', first.auth);
    expect(revoked.status).toBe(200);
    const refused = await http().delete(`${KEYS}/${first.id}`).set('Authorization', first.auth);
    expect(refused.status).toBe(409);
    expect(refused.body.error.code).toBe('LAST_ADMIN_KEY');
    expect(await activeAdminIds()).toEqual([first.id]);
    expect((await http().get(KEYS).set('Authorization', first.auth)).status).toBe(200);
  });

  // Only a server runs the two revocations at once; the embedded database takes them in turn.
  const serverOnly = process.env.DATABASE_URL ? test : test.skip;

  serverOnly('two admins revoking each other at once: one is revoked, one key stays', async () => {
    const [first, second] = await onlyTwoAdmins();
    const db = testApp.app.get<symbol, Database>(DATABASE);
    let answers: Promise<Response[]> | undefined;
    // Both revocations, caught waiting for the lock this transaction holds: they overlap.
    await db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(${ADMIN_KEYS_LOCK_ID})`);
      answers = Promise.all([
        http().delete(`${KEYS}/${second.id}`).set('Authorization', first.auth),
        http().delete(`${KEYS}/${first.id}`).set('Authorization', second.auth),
      ]);
      await untilWaitingForLocks(db, '%pg_advisory_xact_lock%', { count: 2, answered: answers });
    });
    const statuses = (await answers!).map((answer) => answer.status).sort();
    expect(statuses).toEqual([200, 409]);
    expect(await activeAdminIds()).toHaveLength(1);
  });
});

describeHttpContract('The key is checked before the body is read', (testApp) => {
  let admin: string;
  const postRaw = (body: string, headers: Record<string, string>, path = '/api/v1/tools') => {
    const request = testApp().http.post(path);
    for (const [name, value] of Object.entries(headers)) void request.set(name, value);
    return request
      .set('Content-Type', 'application/json')
      .serialize((data: unknown) => data as string)
      .send(body);
  };

  beforeAll(async () => {
    admin = await bearerFor(testApp().app);
  });

  test.each([
    ['malformed JSON', '{"name": ', {}],
    ['malformed JSON and an unknown key', '{"name": ', { Authorization: UNKNOWN_KEY }],
    ['a compressed body', 'x', { 'Content-Encoding': 'gzip' }],
    ['a body over the size limit', JSON.stringify({ name: 'x'.repeat(2_000_000) }), {}],
  ])('%s without a valid key is 401', async (_name, body, headers) => {
    const response = await postRaw(body, headers);
    expect(response.status).toBe(401);
    expect(response.body.error.code).toBe('UNAUTHORIZED');
    expect(response.headers['www-authenticate']).toBe('Bearer');
  });

  test('a key without the Bearer scheme is 401 saying how to send it, never echoing it', async () => {
    const bareKey = admin.replace(/^Bearer /, '');
    const response = await postRaw('{"name": ', { Authorization: bareKey });
    expect(response.status).toBe(401);
    expect(response.headers['www-authenticate']).toBe('Bearer');
    expect(response.body.error.code).toBe('UNAUTHORIZED');
    expect(response.body.error.message).toContain('send it as Authorization: Bearer <api key>');
    expect(response.body.error.message).not.toContain(bareKey);
  });

  test('a path spelt with escapes (/%61pi/v1) meets the same check: 401 before its body', async () => {
    const response = await postRaw('{"name": ', {}, '/%61pi/v%31/tools');
    expect(response.status).toBe(401);
    expect(response.body.error.code).toBe('UNAUTHORIZED');
  });

  test('with a valid key, malformed JSON is still 422', async () => {
    const response = await postRaw('{"name": ', { Authorization: admin });
    expect(response.status).toBe(422);
    expect(response.body.error.code).toBe('INVALID_JSON');
  });

  test('an /api/v1 path no route serves is 401 without a key, 404 with one', async () => {
    expect((await testApp().http.get('/api/v1/nowhere')).status).toBe(401);
    const found = await testApp().http.get('/api/v1/nowhere').set('Authorization', admin);
    expect(found.status).toBe(404);
  });
});

describeOnAdapter(
  'Invalid keys are counted and slowed down per address',
  (testApp) => {
    const failures = async () => {
      const metrics = (await testApp().http.get('/metrics')).text;
      const count = (reason: string) =>
        Number(
          new RegExp(`^toolhub_api_key_failures_total\\{reason="${reason}"\\} (\\d+)$`, 'm').exec(
            metrics,
          )?.[1] ?? 0,
        );
      return { invalid: count('invalid'), throttled: count('throttled') };
    };

    test('past the limit a minute, keys from the address get 429 with Retry-After, valid ones too', async () => {
      const admin = await bearerFor(testApp().app);
      const anonymous = await testApp().http.get('/api/tools');
      expect(anonymous.status).toBe(200);

      for (let i = 0; i < 3; i++) {
        const response = await testApp()
          .http.get('/api/v1/tools')
          .set('Authorization', UNKNOWN_KEY);
        expect(response.status).toBe(401);
      }
      for (const key of [UNKNOWN_KEY, admin]) {
        const response = await testApp().http.get('/api/v1/tools').set('Authorization', key);
        expect(response.status).toBe(429);
        expect(response.body.error.code).toBe('TOO_MANY_REQUESTS');
        const retryAfter = Number(response.headers['retry-after']);
        expect(retryAfter).toBeGreaterThan(0);
        expect(retryAfter).toBeLessThanOrEqual(60);
      }
      // A key sent where none is needed is checked, so it waits as well.
      const keyed = await testApp().http.get('/api/tools').set('Authorization', UNKNOWN_KEY);
      expect(keyed.status).toBe(429);
      // Requests without a key are not held up.
      expect((await testApp().http.get('/api/tools')).status).toBe(200);
      expect(await failures()).toEqual({ invalid: 3, throttled: 3 });
    });
  },
  { env: { AUTH_FAILURES_PER_MINUTE: '3' } },
);

const onPostgres = process.env.DATABASE_URL ? describe : describe.skip;

onPostgres('Several instances on one PostgreSQL server', () => {
  test('a key revoked on one instance is refused by the others within moments', async () => {
    const database = await createTestDatabase();
    const instances: TestApp[] = [];
    try {
      instances.push(await startTestApp(SELECTED_ADAPTER, { env: database.env }));
      instances.push(await startTestApp(SELECTED_ADAPTER, { env: database.env }));
      const [a, b] = instances;
      const { id, key } = await a.app.get(ApiKeysService).create({ name: 'shared', role: 'admin' });
      const auth = `Bearer ${key}`;
      expect((await b.http.get('/api/v1/tools').set('Authorization', auth)).status).toBe(200);

      const admin = await bearerFor(a.app);
      expect((await a.http.delete(`${KEYS}/${id}`).set('Authorization', admin)).status).toBe(200);
      const deadline = Date.now() + 2_000;
      let status = 200;
      while (status !== 401 && Date.now() < deadline) {
        status = (await b.http.get('/api/v1/tools').set('Authorization', auth)).status;
        if (status !== 401) await new Promise((resolve) => setTimeout(resolve, 20));
      }
      expect(status).toBe(401);
    } finally {
      for (const instance of instances) await instance.close();
      await database.drop();
    }
  });
});
