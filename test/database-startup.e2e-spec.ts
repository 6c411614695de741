/**
 * A PostgreSQL server that is not there: the start waits for it, retrying, for
 * DATABASE_CONNECT_TIMEOUT_SECONDS, then stops with one line naming DATABASE_URL, its password
 * hidden, no stack trace, exit code 1.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { unusedPort } from './support/unused-port';
import { MAIN } from './support/server-process';
import { STACK_LINE, runBuilt } from './support/run-built';

// The built server starts; a busy machine may take long (the wait is for its exit).
jest.setTimeout(180_000);

test('a database at a closed port is retried, then named in one line without its password', async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'toolhub-no-database-'));
  try {
    const port = await unusedPort();
    const run = await runBuilt(MAIN, [], {
      env: {
        DATABASE_URL: `postgres://toolhub:hunter2@127.0.0.1:${port}/toolhub`,
        DATABASE_CONNECT_TIMEOUT_SECONDS: '1',
        SECRET_KEY: randomBytes(32).toString('base64'),
        DATA_DIR: dataDir,
        PORT: '0',
        LOG_LEVEL: 'warn',
      },
    });
    expect(run.code).toBe(1);
    const lines = run.stderr.split('\n').filter((line) => line.trim() !== '');
    expect(lines).toEqual([
      expect.stringMatching(
        new RegExp(
          `^Cannot reach the database at DATABASE_URL "postgres://toolhub:\\*\\*\\*@127\\.0\\.0\\.1:${port}/toolhub" ` +
            `\\(connect ECONNREFUSED 127\\.0\\.0\\.1:${port}\\) after \\d+ attempt\\(s\\) in 1 s`,
        ),
      ),
    ]);
    // It waited: each retry was logged (a warning, without the password either).
    expect(run.stdout).toMatch(/not reachable \(connect ECONNREFUSED .*\); retrying/);
    expect(`${run.stdout}${run.stderr}`).not.toContain('hunter2');
    expect(`${run.stdout}${run.stderr}`).not.toMatch(STACK_LINE);
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
});
