/**
 * Secrets never leak, at rest: the values of tools' `secret_headers` are stored encrypted
 * (AES-256-GCM, `enc:v1:…`) and reach the tool's endpoint in clear; values stored in clear by an
 * older version are encrypted at the next start; a key rotation re-encrypts; a wrong key stops the
 * start. (`secrets-in-logs.e2e-spec.ts`: responses, logs and errors.)
 */
import { randomBytes } from 'node:crypto';
import { statSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { type INestApplication } from '@nestjs/common';
import { sql } from 'drizzle-orm';
import { ConfigValidationError } from '../src/core/config';
import { DATABASE, type Database } from '../src/database/database';
import { rawRows } from '../src/database/raw-rows';
import { bearerFor } from './support/api-key';
import { DEFAULT_KEY_ENV, KEY_A, SECRET, httpTool } from './support/secrets';
import { SELECTED_ADAPTER, type TestApp, startTestApp } from './support/test-app';
import { type TestDatabase, createTestDatabase } from './support/test-database';
import { type ToolServer, startHttpToolServer } from './support/tool-servers';

const OTHER_SECRET = 'tok-2c7e91d05b';
/** Another key, written in hex. */
const KEY_B = randomBytes(32).toString('hex');
const SEALED = /^enc:v1:[A-Za-z0-9+/]+=*$/;

/** The `secret_headers` of a tool as the database holds them, read past the application. */
async function storedSecretHeaders(app: INestApplication, name: string) {
  const [row] = await rawRows<{ implementation: { secret_headers: Record<string, string> } }>(
    app.get<Database>(DATABASE),
    sql`select implementation from tools where name = ${name}`,
  );
  return row.implementation.secret_headers;
}

/** Every row of the `tools` table as text, as a dump would hold it. */
async function dumpOfTools(app: INestApplication): Promise<string> {
  return JSON.stringify(await rawRows(app.get<Database>(DATABASE), sql`select * from tools`));
}

/** Runs a tool once through the registry's test endpoint, expecting it to succeed. */
async function runTool(testApp: TestApp, auth: string, id: string): Promise<void> {
  const response = await testApp.http
    .post(`/api/v1/tools/${id}/test`)
    .set('Authorization', auth)
    .send({ params: {}, timeout: 5 });
  expect(response.body).toMatchObject({ success: true });
}

describe('secret headers at rest', () => {
  let database: TestDatabase;
  let toolServer: ToolServer;

  beforeEach(async () => {
    database = await createTestDatabase();
    toolServer = await startHttpToolServer();
  });

  afterEach(async () => {
    await toolServer.close();
    await database.drop();
  });

  /** Starts an app on this test's database (the same one at every start). */
  const boot = (keyEnv: Record<string, string> = DEFAULT_KEY_ENV) =>
    startTestApp(SELECTED_ADAPTER, { env: { ...database.env, ...keyEnv } });

  /** Registers a tool through the API (201) and returns its id. */
  async function register(testApp: TestApp, auth: string, name: string): Promise<string> {
    const body = httpTool(name, toolServer.url, { Authorization: SECRET, 'X-Api-Key': 'k-1' });
    const response = await testApp.http.post('/api/v1/tools').set('Authorization', auth).send(body);
    expect(response.status).toBe(201);
    return response.body.id as string;
  }

  /** A tool row as a version before encryption wrote it: secret header values in clear. */
  async function insertClearRow(testApp: TestApp, name: string, url = toolServer.url) {
    const implementation = {
      type: 'http',
      url,
      headers: {},
      secret_headers: { Authorization: SECRET },
    };
    await testApp.app
      .get<Database>(DATABASE)
      .execute(
        sql`insert into tools (name, parameters, implementation) values (${name}, ${'{"type":"object"}'}::jsonb, ${JSON.stringify(implementation)}::jsonb)`,
      );
  }

  /**
   * The error a start fails with. Nest gives no app back to close, so the embedded database it
   * opened is closed here: its timers would keep the test process alive. (A pool of PostgreSQL
   * connections loses them when the test's database is dropped.)
   */
  async function startFailure(keyEnv: Record<string, string>): Promise<unknown> {
    const opened = jest.spyOn(PGlite, 'create');
    try {
      await (await boot(keyEnv)).close();
      return undefined;
    } catch (error) {
      for (const result of opened.mock.results) await ((await result.value) as PGlite).close();
      return error;
    } finally {
      opened.mockRestore();
    }
  }

  async function idOf(testApp: TestApp, name: string): Promise<string> {
    const [row] = await rawRows<{ id: string }>(
      testApp.app.get<Database>(DATABASE),
      sql`select id from tools where name = ${name}`,
    );
    return row.id;
  }

  test('are stored encrypted, each value its own way, and sent in clear to the endpoint', async () => {
    const first = await boot();
    const auth = await bearerFor(first.app);
    const id = await register(first, auth, 'vault_reader');

    const stored = await storedSecretHeaders(first.app, 'vault_reader');
    expect(Object.keys(stored).sort()).toEqual(['Authorization', 'X-Api-Key']);
    for (const value of Object.values(stored)) expect(value).toMatch(SEALED);
    const dump = await dumpOfTools(first.app);
    expect(dump).not.toContain(SECRET);
    expect(dump).not.toContain('sk-live');

    await runTool(first, auth, id);
    expect(toolServer.requests[0].headers.authorization).toBe(SECRET);
    expect(toolServer.requests[0].headers['x-api-key']).toBe('k-1');

    // A new value replaces the old one, encrypted too.
    const updated = await first.http
      .put(`/api/v1/tools/${id}`)
      .set('Authorization', auth)
      .send({
        implementation: {
          type: 'http',
          url: toolServer.url,
          secret_headers: { Authorization: OTHER_SECRET },
        },
      });
    expect(updated.status).toBe(200);
    expect((await storedSecretHeaders(first.app, 'vault_reader')).Authorization).toMatch(SEALED);
    await runTool(first, auth, id);
    expect(toolServer.requests[1].headers.authorization).toBe(OTHER_SECRET);
    await first.close();

    // The next start has the same key (SECRET_KEY, or the key file).
    const second = await boot();
    try {
      await runTool(second, await bearerFor(second.app), id);
      expect(toolServer.requests[2].headers.authorization).toBe(OTHER_SECRET);
    } finally {
      await second.close();
    }
  });

  // Only the embedded database keeps a key file; PostgreSQL requires SECRET_KEY.
  const embeddedOnly = process.env.DATABASE_URL ? test.skip : test;

  embeddedOnly(
    'the key is a file made in DATA_DIR at first start, readable by its owner only',
    async () => {
      const app = await boot();
      try {
        const keyFile = join(database.env.DATA_DIR, 'secret.key');
        if (process.platform !== 'win32') expect(statSync(keyFile).mode & 0o777).toBe(0o600);
      } finally {
        await app.close();
      }
    },
  );

  test('values stored in clear before the upgrade are encrypted at the next start, once', async () => {
    const before = await boot();
    await insertClearRow(before, 'legacy_tool');
    await before.close();

    const upgraded = await boot();
    const sealed = await storedSecretHeaders(upgraded.app, 'legacy_tool');
    try {
      expect(sealed.Authorization).toMatch(SEALED);
      expect(await dumpOfTools(upgraded.app)).not.toContain(SECRET);
      await runTool(upgraded, await bearerFor(upgraded.app), await idOf(upgraded, 'legacy_tool'));
      expect(toolServer.requests[0].headers.authorization).toBe(SECRET);
    } finally {
      await upgraded.close();
    }

    // Nothing is left to do at the start after.
    const again = await boot();
    try {
      expect(await storedSecretHeaders(again.app, 'legacy_tool')).toEqual(sealed);
    } finally {
      await again.close();
    }
  });

  test('credentials an older version stored in a tool URL are never shown', async () => {
    const testApp = await boot();
    try {
      const stored = new URL(toolServer.url);
      stored.username = 'ghp-url-token';
      stored.password = 'url-hunter2';
      await insertClearRow(testApp, 'legacy_url_tool', stored.toString());
      const auth = await bearerFor(testApp.app);
      const id = await idOf(testApp, 'legacy_url_tool');
      const shown = await testApp.http.get(`/api/v1/tools/${id}`).set('Authorization', auth);
      expect(shown.status).toBe(200);
      expect(shown.body.implementation.url).toBe(
        stored.toString().replace('ghp-url-token:url-hunter2', '***'),
      );
      const listed = await testApp.http.get('/api/v1/tools?limit=100').set('Authorization', auth);
      expect(listed.text).toContain('legacy_url_tool');
      expect(listed.text).not.toContain('url-hunter2');
      expect(listed.text).not.toContain('ghp-url-token');
    } finally {
      await testApp.close();
    }
  });

  test('a rotation: values of SECRET_KEY_PREVIOUS are re-encrypted with the new SECRET_KEY', async () => {
    const withOldKey = await boot({ SECRET_KEY: KEY_A });
    const id = await register(withOldKey, await bearerFor(withOldKey.app), 'rotated_tool');
    const sealedWithOld = await storedSecretHeaders(withOldKey.app, 'rotated_tool');
    await withOldKey.close();

    const rotating = await boot({ SECRET_KEY: KEY_B, SECRET_KEY_PREVIOUS: KEY_A });
    const resealed = await storedSecretHeaders(rotating.app, 'rotated_tool');
    await rotating.close();
    expect(resealed.Authorization).toMatch(SEALED);
    expect(resealed.Authorization).not.toBe(sealedWithOld.Authorization);

    // The old key is no longer needed.
    const withNewKey = await boot({ SECRET_KEY: KEY_B });
    try {
      await runTool(withNewKey, await bearerFor(withNewKey.app), id);
      expect(toolServer.requests[0].headers.authorization).toBe(SECRET);
    } finally {
      await withNewKey.close();
    }
  });

  test('a wrong key stops the start with a clear message, and writes nothing', async () => {
    const first = await boot({ SECRET_KEY: KEY_A });
    await register(first, await bearerFor(first.app), 'vault_reader');
    await insertClearRow(first, 'legacy_tool');
    await first.close();

    const error = await startFailure({ SECRET_KEY: KEY_B });
    expect(error).toBeInstanceOf(ConfigValidationError);
    const message = (error as Error).message;
    // On PostgreSQL the webhook signing secret, stored sealed there, is read first.
    expect(message).toContain(
      process.env.DATABASE_URL
        ? 'the key of SECRET_KEY does not decrypt the webhook signing secret stored in the database'
        : "the key of SECRET_KEY does not decrypt the secret headers of the tools 'vault_reader'",
    );
    expect(message).toContain('SECRET_KEY_PREVIOUS');
    expect(message).not.toContain(KEY_B);

    // The clear value was not encrypted with the wrong key: the right one still reads everything.
    const right = await boot({ SECRET_KEY: KEY_A });
    try {
      const auth = await bearerFor(right.app);
      await runTool(right, auth, await idOf(right, 'legacy_tool'));
      expect(toolServer.requests[0].headers.authorization).toBe(SECRET);
    } finally {
      await right.close();
    }
  });
});
