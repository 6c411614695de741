import { type Server, connect, createServer } from 'node:net';
import pino from 'pino';
import { unusedPort } from '../../test/support/unused-port';
import { DatabaseUnavailableError, connectPostgres } from './connect-postgres';

const silent = pino({ level: 'silent' });

describe('connectPostgres', () => {
  it('retries a refused connection until its time is up, then names DATABASE_URL without the password', async () => {
    const url = `postgres://toolhub:hunter2@127.0.0.1:${await unusedPort()}/toolhub`;
    const warnings: string[] = [];
    const logger = pino({ level: 'warn' }, { write: (line: string) => warnings.push(line) });
    const connecting = connectPostgres(url, 1, logger);
    await expect(connecting).rejects.toBeInstanceOf(DatabaseUnavailableError);
    const error = (await connecting.catch((e: unknown) => e)) as Error;
    expect(error.message).toMatch(
      /^Cannot reach the database at DATABASE_URL "postgres:\/\/toolhub:\*\*\*@127\.0\.0\.1:\d+\/toolhub" \(connect ECONNREFUSED .*\) after \d+ attempt\(s\) in 1 s/,
    );
    expect(error.message).not.toContain('hunter2');
    expect(error.message).not.toContain('\n');
    // It did retry, and said so.
    expect(warnings.length).toBeGreaterThan(0);
    expect(warnings.join('')).not.toContain('hunter2');
  });

  const withPostgres = process.env.DATABASE_URL ? it : it.skip;

  withPostgres(
    'gives up at once on what waiting cannot fix (a database that does not exist)',
    async () => {
      const url = new URL(process.env.DATABASE_URL ?? '');
      url.pathname = '/toolhub_no_such_database';
      const connecting = connectPostgres(url.toString(), 3600, silent);
      await expect(connecting).rejects.toThrow(
        /^The database at DATABASE_URL ".*\/toolhub_no_such_database" refused the connection: database "toolhub_no_such_database" does not exist\. Correct DATABASE_URL\.$/,
      );
    },
  );

  withPostgres('connects once a server that was not there comes up', async () => {
    const target = new URL(process.env.DATABASE_URL ?? '');
    const port = await unusedPort();
    const url = new URL(target);
    url.host = `127.0.0.1:${port}`;
    // The server "comes up" (a proxy to the real one opens the port) when the first refusal
    // has been logged: no timing is assumed.
    let proxy: Server | undefined;
    const logger = pino(
      { level: 'warn' },
      {
        write: () => {
          proxy ??= createServer((socket) =>
            socket.pipe(connect(Number(target.port || 5432), target.hostname)).pipe(socket),
          ).listen(port, '127.0.0.1');
        },
      },
    );
    try {
      const client = await connectPostgres(url.toString(), 3600, logger);
      expect((await client.query('select 1 as one')).rows).toEqual([{ one: 1 }]);
      await client.end();
      expect(proxy).toBeDefined();
    } finally {
      await new Promise((resolve) => (proxy ? proxy.close(resolve) : resolve(undefined)));
    }
  });

  withPostgres('connects to a server that is there', async () => {
    const client = await connectPostgres(process.env.DATABASE_URL ?? '', 0, silent);
    await client.end();
  });
});
