/**
 * API keys end to end: issued and revoked by the built CLI (`toolhub keys …`) in the same database
 * the server uses, checked by every `/api/v1` route (401 without a valid one).
 */
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { SELECTED_ADAPTER, startTestApp } from './support/test-app';
import { type TestDatabase, createTestDatabase } from './support/test-database';

const CLI = join(__dirname, '..', 'dist', 'cli.js');

async function cli(env: Record<string, string>, ...args: string[]) {
  const result = await promisify(execFile)(process.execPath, [CLI, ...args], {
    env: { ...process.env, ...env, LOG_LEVEL: 'warn' },
  }).catch((error: { code: number; stdout: string; stderr: string }) => error);
  return { code: 'code' in result ? result.code : 0, stdout: result.stdout, stderr: result.stderr };
}

/**
 * The statuses of `GET /api/v1/tools` with each key, on one server started for these requests
 * and stopped after them: the embedded database serves one process at a time, the CLI's next.
 */
async function statusesWithKeys(database: TestDatabase, keys: string[]): Promise<number[]> {
  const app = await startTestApp(SELECTED_ADAPTER, { env: database.env });
  try {
    const statuses: number[] = [];
    for (const key of keys) {
      const response = await app.http.get('/api/v1/tools').set('Authorization', `Bearer ${key}`);
      statuses.push(response.status);
    }
    return statuses;
  } finally {
    await app.close();
  }
}

describe('toolhub keys (CLI)', () => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await createTestDatabase();
  });

  afterAll(async () => {
    await database.drop();
  });

  test('create prints only the key; the server accepts it until it is revoked', async () => {
    const created = await cli(
      database.env,
      'keys',
      'create',
      '--name',
      'ci bot',
      '--user',
      'alice',
    );
    expect(created.code).toBe(0);
    const key = created.stdout.trim();
    expect(key).toMatch(/^thk_[A-Za-z0-9_-]{43}$/);
    expect(created.stderr).toContain('it is not shown again');

    const listed = await cli(database.env, 'keys', 'list');
    const row = listed.stdout.split('\n').find((line) => line.includes('ci bot'));
    expect(row).toContain(`${key.slice(0, 10)}…`);
    expect(row).toContain('active');
    // Without --role, an admin key, as every key was before roles.
    expect(row?.split('\t').slice(1, 4)).toEqual(['ci bot', 'alice', 'admin']);
    expect(listed.stdout).not.toContain(key);

    expect(await statusesWithKeys(database, [key, `${key.slice(0, -1)}x`])).toEqual([200, 401]);

    const id = row?.split('\t')[0] ?? '';
    const revoked = await cli(database.env, 'keys', 'revoke', id);
    expect(revoked).toMatchObject({ code: 0, stdout: `Revoked ${id}\n` });
    expect(await statusesWithKeys(database, [key])).toEqual([401]);
    expect((await cli(database.env, 'keys', 'list')).stdout).toMatch(/revoked \d{4}-/);

    // A second revoke finds no active key with that id.
    expect((await cli(database.env, 'keys', 'revoke', id)).code).toBe(1);
    // Six CLI processes and two server boots, one after the other (the embedded database
    // takes one process at a time): a busy machine must not fail it.
  }, 180_000);

  test('--role member makes a member key', async () => {
    const created = await cli(
      database.env,
      'keys',
      'create',
      '--name',
      'intern',
      '--role',
      'member',
    );
    expect(created.code).toBe(0);
    const listed = await cli(database.env, 'keys', 'list');
    const row = listed.stdout.split('\n').find((line) => line.includes('intern'));
    expect(row?.split('\t').slice(1, 4)).toEqual(['intern', 'intern', 'member']);
  });

  describe('a malformed command', () => {
    const MALFORMED: [args: string[], message: string][] = [
      [['keys'], 'Usage:'],
      [['keys', 'create'], 'toolhub keys create --name <name>'],
      [['keys', 'create', '--name', '   '], 'toolhub keys create --name <name>'],
      [['keys', 'create', '--name', 'x', '--user', ' '], 'toolhub keys create --name <name>'],
      [['keys', 'create', '--colour', 'x'], "Unknown option '--colour'"],
      [['keys', 'create', '--name', 'x', '--role', 'owner'], '--role must be admin or member'],
      [['keys', 'revoke'], 'toolhub keys revoke <id>'],
      [['keys', 'revoke', 'not-a-uuid'], 'No active API key has the id not-a-uuid'],
    ];
    let runs: ReturnType<typeof cli>[];

    // The processes run side by side, each case's test awaiting its own: only the last opens
    // the database (the others fail on their arguments first), so none waits for its lock.
    beforeAll(() => {
      runs = MALFORMED.map(([args]) => cli(database.env, ...args));
    });
    // Even those of tests left out (-t): none may outlive the database they run on.
    afterAll(async () => {
      await Promise.all(runs);
    });

    test.each(MALFORMED.map(([args, message], index) => [args, message, index] as const))(
      '%j fails with a message and no stack trace',
      async (_args, message, index) => {
        const run = await runs[index];
        expect(run.code).toBe(1);
        expect(run.stderr).toContain(message);
        expect(run.stderr).not.toMatch(/\n\s+at /);
      },
    );
  });
});
