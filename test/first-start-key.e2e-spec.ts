/**
 * First start: a server whose database has no key makes one admin key and shows it once, in a log
 * line and in `<DATA_DIR>/initial-admin-key` (mode 0600), so a newcomer can use the API at once;
 * `INITIAL_ADMIN_KEY` chooses it instead.
 */
import { existsSync, readFileSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { Logger } from '@nestjs/common';
import { ApiKeysService } from '../src/api-keys/api-keys.service';
import { ConfigValidationError } from '../src/core/config';
import { SELECTED_ADAPTER, type TestApp, startTestApp } from './support/test-app';
import { type TestDatabase, createTestDatabase } from './support/test-database';

const KEY_FILE = 'initial-admin-key';
const CHOSEN_KEY = 'deployment-chosen-admin-key-0123456789abcdef';

/** The messages the app's components log from now on (they reach the log through Nest). */
function captureLogs(): { lines: string[]; stop(): void } {
  const lines: string[] = [];
  const record = (message: unknown) => void lines.push(String(message));
  const spies = [
    jest.spyOn(Logger.prototype, 'log').mockImplementation(record),
    jest.spyOn(Logger.prototype, 'warn').mockImplementation(record),
    jest.spyOn(Logger.prototype, 'error').mockImplementation(record),
  ];
  return { lines, stop: () => spies.forEach((spy) => spy.mockRestore()) };
}

describe('The first admin key', () => {
  let database: TestDatabase;
  const apps: TestApp[] = [];
  const start = async (env: Record<string, string> = {}) => {
    const app = await startTestApp(SELECTED_ADAPTER, {
      env: { ...database.env, LOG_LEVEL: 'warn', ...env },
    });
    apps.push(app);
    return app;
  };
  const keyFile = () => join(database.env.DATA_DIR, KEY_FILE);

  beforeEach(async () => {
    database = await createTestDatabase();
  });
  afterEach(async () => {
    for (const app of apps.splice(0)) await app.close();
    await database.drop();
  });

  test('a fresh database gets one admin key, in a log line and a file only its owner reads', async () => {
    const logs = captureLogs();
    const first = await start();
    logs.stop();

    const key = readFileSync(keyFile(), 'utf8').trim();
    expect(key).toMatch(/^thk_[A-Za-z0-9_-]{43}$/);
    expect(statSync(keyFile()).mode & 0o777).toBe(0o600);
    const announced = logs.lines.filter((line) => line.includes('No API key existed'));
    expect(announced).toHaveLength(1);
    expect(announced[0]).toContain(key);
    expect(announced[0]).toContain(keyFile());

    // An admin key: it may issue keys.
    const issued = await first.http
      .post('/api/v1/keys')
      .set('Authorization', `Bearer ${key}`)
      .send({ name: 'alice laptop', role: 'member', user: 'alice' });
    expect(issued.status).toBe(201);

    // The next start finds keys: nothing is made or written again.
    await first.close();
    apps.splice(0);
    rmSync(keyFile());
    const second = await start();
    expect(existsSync(keyFile())).toBe(false);
    expect((await second.app.get(ApiKeysService).listAll()).map((each) => each.name)).toEqual([
      'initial admin',
      'alice laptop',
    ]);
  });

  test('INITIAL_ADMIN_KEY chooses the key: it is neither logged nor written', async () => {
    const logs = captureLogs();
    const app = await start({ INITIAL_ADMIN_KEY: CHOSEN_KEY });
    logs.stop();

    expect(existsSync(keyFile())).toBe(false);
    expect(logs.lines.join('\n')).toContain('INITIAL_ADMIN_KEY is now the admin key');
    expect(logs.lines.join('\n')).not.toContain(CHOSEN_KEY);
    const keys = await app.http.get('/api/v1/keys').set('Authorization', `Bearer ${CHOSEN_KEY}`);
    expect(keys.status).toBe(200);
    expect(keys.body.items).toEqual([
      expect.objectContaining({ role: 'admin', prefix: CHOSEN_KEY.slice(0, 10) }),
    ]);
  });

  test('an INITIAL_ADMIN_KEY shorter than 32 characters stops the start', async () => {
    // On the embedded database whatever the run uses: a start that fails leaves its PostgreSQL
    // connections open, and the database's drop would then end them under the test's feet.
    const started = start({ INITIAL_ADMIN_KEY: 'too-short', DATABASE_URL: '' });
    await expect(started).rejects.toThrow(ConfigValidationError);
    await expect(started).rejects.toThrow(/INITIAL_ADMIN_KEY must be 32 to 256 printable/);
  });

  (process.env.DATABASE_URL ? test : test.skip)(
    'instances starting together make one key between them',
    async () => {
      await Promise.all([start(), start(), start()]);
      expect(await apps[0].app.get(ApiKeysService).listAll()).toHaveLength(1);
    },
  );
});
