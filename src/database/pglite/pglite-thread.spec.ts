import { existsSync } from 'node:fs';
import { cp, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { type Pool } from 'pg';
import pino from 'pino';
import { DataDirectoryConfig } from '../../core/config';
import { type DatabaseConnection } from '../database';
import { DatabaseConfig } from '../database.config';
import { openDatabase } from '../open-database';
import { PgliteThread } from './pglite-thread';

/** The new database `npm run build` makes (scripts/new-database-template.js). */
const BUILT_NEW_DATABASE = join(
  __dirname,
  '..',
  '..',
  '..',
  'dist',
  'database',
  'pglite',
  'new-database',
);

describe('the embedded database thread', () => {
  let directory: string;
  const data = () => Object.assign(new DataDirectoryConfig(), { DATA_DIR: directory });
  const open = () => openDatabase(new DatabaseConfig(), data(), pino({ level: 'silent' }));
  const poolOf = (connection: DatabaseConnection) =>
    (connection.db as unknown as { $client: Pool }).$client;
  /** Starts the database, runs one statement and stops it again. */
  const rowsAfterStart = async (statement: string): Promise<unknown[]> => {
    const connection = await open();
    try {
      return (await poolOf(connection).query<Record<string, unknown>>(statement)).rows;
    } finally {
      await connection.close();
    }
  };

  beforeEach(async () => {
    directory = await mkdtemp(join(tmpdir(), 'toolhub-pglite-thread-'));
  });

  afterEach(async () => {
    await rm(directory, { recursive: true, force: true });
  });

  it('creates the database on a first start and finds what it stored on the next', async () => {
    const first = await open();
    try {
      await poolOf(first).query('CREATE TABLE kept (note text)');
      await poolOf(first).query("INSERT INTO kept VALUES ('still here')");
    } finally {
      await first.close();
    }

    expect(await rowsAfterStart('SELECT note FROM kept')).toEqual([{ note: 'still here' }]);
  });

  describe('a new database made from a template', () => {
    let template: string;
    const pgdata = () => join(directory, 'pgdata');

    beforeAll(async () => {
      if (!existsSync(BUILT_NEW_DATABASE))
        throw new Error('Run `npm run build` first: it makes the template');
      // The build's template, marked, so that a copy of it tells itself from a database initdb made.
      template = await mkdtemp(join(tmpdir(), 'toolhub-pglite-template-'));
      await cp(BUILT_NEW_DATABASE, template, { recursive: true });
      await writeFile(join(template, 'copied-from'), 'the template');
    });

    afterAll(async () => {
      await rm(template, { recursive: true, force: true });
    });

    it('copies the template into place whole, and opens it', async () => {
      await (await PgliteThread.start(pgdata(), template)).close();

      expect(await readFile(join(pgdata(), 'copied-from'), 'utf8')).toBe('the template');
      expect(existsSync(`${pgdata()}.new`)).toBe(false);
      expect(await rowsAfterStart('SELECT count(*)::int AS tools FROM tools')).toEqual([
        { tools: 0 },
      ]);
    });

    it('starts PostgreSQL with small shared buffers', async () => {
      await (await PgliteThread.start(pgdata(), template)).close();
      expect(await rowsAfterStart('SHOW shared_buffers')).toEqual([{ shared_buffers: '16MB' }]);
    });

    it('replaces what an interrupted first start left beside it, and an empty directory', async () => {
      await mkdir(`${pgdata()}.new`);
      await writeFile(join(`${pgdata()}.new`, 'PG_VERSION'), 'half-copied');
      await mkdir(pgdata());

      await (await PgliteThread.start(pgdata(), template)).close();

      expect(await readFile(join(pgdata(), 'copied-from'), 'utf8')).toBe('the template');
      expect(await readFile(join(pgdata(), 'PG_VERSION'), 'utf8')).not.toBe('half-copied');
      expect(existsSync(`${pgdata()}.new`)).toBe(false);
    });

    it('keeps nothing of the answers it gave: a thousand of 100 KB fit in a 32 MB heap', async () => {
      // Run straight on the worker, with a heap too small for what PGlite's own answer API keeps
      // (a parsed copy of every answer, for good): with twice this heap, that thread ran out of
      // memory after 484 of these.
      const worker = new Worker(join(__dirname, 'pglite-thread.worker.js'), {
        workerData: { directory: pgdata(), template },
        resourceLimits: { maxOldGenerationSizeMb: 32 },
      });
      const query = simpleQuery("SELECT repeat('x', 1000) FROM generate_series(1, 100)");
      const answers: number[] = [];
      try {
        await new Promise<void>((resolve, reject) => {
          worker.on('error', reject);
          worker.on('message', (message: { type: string; bytes?: Uint8Array }) => {
            if (message.type === 'answer') answers.push(message.bytes?.length ?? 0);
            else if (message.type !== 'ready') reject(new Error(JSON.stringify(message)));
            if (answers.length === 1000) resolve();
            else worker.postMessage({ type: 'exchange', bytes: query });
          });
        });
      } finally {
        await worker.terminate();
      }

      // Each answer whole: a row description, 100 rows of 1,000 bytes, the command's end.
      expect(new Set(answers).size).toBe(1);
      expect(answers[0]).toBeGreaterThan(100 * 1000);
    });

    it('leaves a directory holding files but no database as it is, and says so', async () => {
      await mkdir(pgdata());
      await writeFile(join(pgdata(), 'notes.txt'), 'not a database');

      await expect(PgliteThread.start(pgdata(), template)).rejects.toThrow(/ENOTEMPTY/);
      expect(await readFile(join(pgdata(), 'notes.txt'), 'utf8')).toBe('not a database');
      expect(existsSync(`${pgdata()}.new`)).toBe(false);
    });
  });
});

/** A simple-protocol Query message: `Q`, its length, the statement ending in a zero byte. */
function simpleQuery(statement: string): Buffer {
  const text = Buffer.from(`${statement}\0`);
  const message = Buffer.alloc(5 + text.length);
  message.write('Q');
  message.writeInt32BE(4 + text.length, 1);
  text.copy(message, 5);
  return message;
}
