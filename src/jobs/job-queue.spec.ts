import { sql } from 'drizzle-orm';
import pino from 'pino';
import { eventually } from '../../test/support/eventually';
import { createTestDatabase, type TestDatabase } from '../../test/support/test-database';
import { DataDirectoryConfig } from '../core/config';
import { type DatabaseConnection } from '../database/database';
import { DatabaseConfig } from '../database/database.config';
import { openDatabase } from '../database/open-database';
import { rawRows } from '../database/raw-rows';
import { Transactions } from '../database/transactions';
import { type Job, JobQueue } from './job-queue';
import { JobsConfig } from './jobs.config';

/**
 * The queue on the embedded database, as the app opens it (PGlite on its thread, reached through
 * node-postgres), or on the PostgreSQL server of `DATABASE_URL`: pg-boss's schema, sending,
 * working, retries, keys, delays, transactions and restarts.
 */
describe('JobQueue', () => {
  let database: TestDatabase;
  let connection: DatabaseConnection;
  let transactions: Transactions;
  let queue: JobQueue;

  const config = Object.assign(new JobsConfig(), {
    JOB_POLL_INTERVAL_MS: 500,
    JOB_MAINTENANCE_INTERVAL_SECONDS: 1,
  });

  async function start(): Promise<void> {
    const { DATA_DIR, DATABASE_URL = '' } = database.env;
    connection = await openDatabase(
      Object.assign(new DatabaseConfig(), { DATABASE_URL }),
      Object.assign(new DataDirectoryConfig(), { DATA_DIR }),
      pino({ level: 'silent' }),
    );
    transactions = new Transactions(connection.db);
    queue = new JobQueue(connection.db, transactions, config);
    await queue.onModuleInit();
  }

  async function stop(): Promise<void> {
    await queue.beforeApplicationShutdown();
    await connection.close();
  }

  /** A handler that records each job it gets, and resolves the wait for the nth. */
  function recorder<Data>(answer: (job: Job<Data>) => Promise<void> = () => Promise.resolve()) {
    const seen: Job<Data>[] = [];
    return {
      seen,
      handler: async (job: Job<Data>) => {
        seen.push(job);
        await answer(job);
      },
      count: (n: number) =>
        eventually(`${n} job(s)`, () => Promise.resolve(seen.length >= n ? seen : undefined)),
    };
  }

  const unique = (name: string) => `${name}-${Math.random().toString(36).slice(2)}`;

  beforeAll(async () => {
    database = await createTestDatabase();
    await start();
  });

  afterAll(async () => {
    await stop();
    await database.drop();
  });

  it('runs a job sent to a queue, with its data', async () => {
    const name = unique('plain');
    const jobs = recorder<{ note: string }>();
    await queue.work(name, jobs.handler);

    const id = await queue.send(name, { note: 'héllo ✓' });

    const [job] = await jobs.count(1);
    expect(job).toEqual({ id, data: { note: 'héllo ✓' }, retryCount: 0 });
  });

  it('retries a failing job until it succeeds', async () => {
    const name = unique('retried');
    const jobs = recorder<object>((job) =>
      job.retryCount < 2 ? Promise.reject(new Error('not yet')) : Promise.resolve(),
    );
    await queue.work(name, jobs.handler, { retryLimit: 3, retryDelaySeconds: 0 });

    const id = await queue.send(name, {});

    const seen = await jobs.count(3);
    expect(seen.map((job) => [job.id, job.retryCount])).toEqual([
      [id, 0],
      [id, 1],
      [id, 2],
    ]);
  });

  it('adds no second job of a key while one waits, in a queue that says so', async () => {
    const name = unique('keyed');
    const later = new Date(Date.now() + 60_000);
    await queue.work(name, async () => {}, { policy: 'short' });

    const first = await queue.send(name, {}, { singletonKey: 'k', startAfter: later });
    const second = await queue.send(name, {}, { singletonKey: 'k', startAfter: later });

    expect(first).toEqual(expect.any(String));
    expect(second).toBeNull();
  });

  it('holds a job back until its start time', async () => {
    const name = unique('delayed');
    const jobs = recorder<object>();
    await queue.work(name, jobs.handler);
    const startAfter = new Date(Date.now() + 1500);

    await queue.send(name, {}, { startAfter });

    await jobs.count(1);
    expect(Date.now()).toBeGreaterThanOrEqual(startAfter.getTime());
  });

  it('writes a job sent in a unit of work with it, or not at all', async () => {
    const name = unique('transactional');
    const jobs = recorder<{ kept: boolean }>();
    await queue.work(name, jobs.handler);

    await expect(
      transactions.run(async () => {
        await queue.send(name, { kept: false });
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    await transactions.run(() => queue.send(name, { kept: true }));

    await jobs.count(1);
    const stored = await rawRows<{ data: { kept: boolean } }>(
      connection.db,
      sql`SELECT data FROM pgboss.job WHERE name = ${name}`,
    );
    expect(stored.map((row) => row.data)).toEqual([{ kept: true }]);
    expect(jobs.seen.map((job) => job.data)).toEqual([{ kept: true }]);
  });

  it('keeps a job that nobody ran across a restart, and runs it after', async () => {
    const name = unique('kept');
    const before = recorder<object>();
    await queue.work(name, before.handler);
    const id = await queue.send(name, {}, { startAfter: new Date(Date.now() + 1500) });

    await stop();
    await start();
    const after = recorder<object>();
    await queue.work(name, after.handler);

    const [job] = await after.count(1);
    expect(job.id).toBe(id);
    expect(before.seen).toEqual([]);
  });

  it('retries, in its upkeep, a job whose process died while running it', async () => {
    const name = unique('orphaned');
    const jobs = recorder<object>();
    await queue.work(name, jobs.handler, {
      retryLimit: 1,
      retryDelaySeconds: 0,
      expireInSeconds: 1,
    });
    const id = await transactions.run(async () => {
      const sent = await queue.send(name, {}, { startAfter: new Date(Date.now() + 60_000) });
      // As if an instance took it an hour ago and was killed.
      await transactions.db.execute(
        sql`UPDATE pgboss.job SET state = 'active', started_on = now() - interval '1 hour' WHERE id = ${sent}`,
      );
      return sent;
    });

    const [job] = await jobs.count(1);
    expect(job).toMatchObject({ id, retryCount: 1 });
  });

  it('lets a running job finish when the queue stops', async () => {
    const name = unique('graceful');
    let finish!: () => void;
    const finished = new Promise<void>((resolve) => (finish = resolve));
    const jobs = recorder<object>(() => finished);
    await queue.work(name, jobs.handler);
    const id = await queue.send(name, {});
    await jobs.count(1);

    const stopping = queue.beforeApplicationShutdown();
    finish();
    await stopping;

    const [state] = await rawRows<{ state: string }>(
      connection.db,
      sql`SELECT state FROM pgboss.job WHERE id = ${id}`,
    );
    expect(state).toEqual({ state: 'completed' });
    await connection.close();
    await start();
  });
});
