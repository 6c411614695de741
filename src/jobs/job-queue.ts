import {
  Inject,
  Injectable,
  Logger,
  type BeforeApplicationShutdown,
  type OnModuleInit,
} from '@nestjs/common';
import PgBoss from 'pg-boss';
import { DATABASE, type Database } from '../database/database';
import { isDeadlock } from '../database/postgres-errors';
import { Transactions } from '../database/transactions';
import { JobsConfig } from './jobs.config';
import { PgBossDatabase } from './pg-boss-database';

/** Deadlocks are rare and one transaction of each cycle goes through: a few tries are plenty. */
const QUEUE_DEFINITION_ATTEMPTS = 5;

/** A job as its handler gets it. */
export interface Job<Data> {
  id: string;
  data: Data;
  /** How many times the job failed before this attempt (0 on the first). */
  retryCount: number;
}

/** Runs one job; a throw fails the attempt, which the queue retries while the job has retries. */
export type JobHandler<Data> = (job: Job<Data>) => Promise<void>;

/** Retries of a failed attempt, and how long an attempt may run before it counts as failed. */
export interface JobRetryOptions {
  /** Further attempts after a failed one (a crash or a shutdown cutting one off included). */
  retryLimit?: number;
  /** Seconds before a retry; doubled each time (with jitter) when `retryBackoff` is set. */
  retryDelaySeconds?: number;
  retryBackoff?: boolean;
  /** An attempt still running after this long is failed, and retried if it may be. */
  expireInSeconds?: number;
}

export interface SendOptions extends JobRetryOptions {
  /**
   * Jobs of one key are limited as the queue's `policy` says (`short`: one waiting at a time;
   * `singleton`: one running; `stately`: one of each); a job refused so is not added.
   */
  singletonKey?: string;
  /** Not before this time. */
  startAfter?: Date;
}

/** A queue's defaults for every job sent to it, and how it limits jobs of one `singletonKey`. */
export interface QueueOptions extends JobRetryOptions {
  policy?: 'standard' | 'short' | 'singleton' | 'stately';
}

/**
 * The background job queue: pg-boss on the app's own database (the embedded one or PostgreSQL),
 * so jobs survive restarts and, on a shared server, each job is fetched by one instance
 * (`FOR UPDATE SKIP LOCKED`). Features register their handlers with `work` while the app
 * initialises; `send` inside a unit of work (`Transactions.run`) writes the job in that
 * transaction, so the job exists exactly when the change that needs it is committed.
 *
 * The workers are this class's own loops over pg-boss's `fetch`, `complete` and `fail` rather
 * than pg-boss's `work`: that one neither awaits a job's completion nor its in-flight fetch when
 * it stops, so a stopping app could close the database under them (and run a job twice), and it
 * waits a polling interval even after a fetch that found work.
 */
@Injectable()
export class JobQueue implements OnModuleInit, BeforeApplicationShutdown {
  private readonly logger = new Logger('Jobs');
  private readonly boss: PgBoss;
  /** Idle workers of each queue, waiting for their next poll; a wake-up ends the wait. */
  private readonly idle = new Map<string, Set<() => void>>();
  private readonly loops: Promise<void>[] = [];
  /** The queues this process is defining, one after another. */
  private queueDefinitions: Promise<unknown> = Promise.resolve();
  private started = false;
  private stopping = false;

  constructor(
    @Inject(DATABASE) db: Database,
    private readonly transactions: Transactions,
    private readonly config: JobsConfig,
  ) {
    this.boss = new PgBoss({
      // Its own queries (fetching, maintenance) never join a caller's transaction.
      db: new PgBossDatabase(db),
      maintenanceIntervalSeconds: config.JOB_MAINTENANCE_INTERVAL_SECONDS,
      // No cron schedules yet: nothing would read them, and the clock checks cost queries.
      schedule: false,
    });
    this.boss.on('error', (error: Error) => this.logger.warn({ err: error }, 'Job queue error'));
  }

  /** Creates or upgrades pg-boss's schema (after the app's migrations: the database is open). */
  async onModuleInit(): Promise<void> {
    await this.boss.start();
    this.started = true;
  }

  /**
   * Runs `handler` for the jobs of `queue`, `JOB_CONCURRENCY` at a time in this process; the
   * queue is created (with `options` as its defaults) if it does not exist. Call it while the
   * app initialises (`onModuleInit`), so the queue exists before anything sends to it.
   */
  async work<Data>(
    queue: string,
    handler: JobHandler<Data>,
    options: QueueOptions = {},
  ): Promise<void> {
    if (!this.started) throw new Error('The job queue starts before its workers register');
    const { policy, ...retry } = options;
    const definition = { name: queue, ...(policy ? { policy } : {}), ...toPgBossRetry(retry) };
    const defined = this.queueDefinitions.then(() => this.define(definition));
    this.queueDefinitions = defined.catch(() => undefined);
    await defined;
    this.idle.set(queue, new Set());
    for (let i = 0; i < this.config.JOB_CONCURRENCY; i++) {
      this.loops.push(this.runWorker(queue, handler));
    }
  }

  /**
   * Creates the queue or brings its defaults up to date. A queue is a partition of pg-boss's job
   * table, and attaching one locks that table: instances starting together on one server can
   * deadlock there, and PostgreSQL then aborts one of them, which tries again. This process
   * defines its queues one at a time, so it never deadlocks with itself.
   */
  private async define(definition: PgBoss.Queue): Promise<void> {
    for (let attempt = 1; ; attempt++) {
      try {
        await this.boss.createQueue(definition.name, definition);
        // A queue made by an earlier version keeps its defaults through createQueue: set them.
        await this.boss.updateQueue(definition.name, definition);
        return;
      } catch (error) {
        if (!isDeadlock(error) || attempt === QUEUE_DEFINITION_ATTEMPTS) throw error;
        this.logger.debug({ queue: definition.name, attempt }, 'Defining a queue deadlocked');
      }
    }
  }

  /**
   * Adds a job; returns its id, or null when `singletonKey` found one already waiting. Inside a
   * unit of work the job is written in its transaction, and this process's workers are woken
   * once it commits.
   */
  async send<Data extends object>(
    queue: string,
    data: Data,
    options: SendOptions = {},
  ): Promise<string | null> {
    const { singletonKey, startAfter, ...retry } = options;
    const id = await this.boss.send(queue, data, {
      ...toPgBossRetry(retry),
      ...(singletonKey === undefined ? {} : { singletonKey }),
      ...(startAfter === undefined ? {} : { startAfter }),
      db: new PgBossDatabase(this.transactions.db),
    });
    if (id && !startAfter) this.transactions.afterCommit(() => this.wake(queue));
    return id;
  }

  /**
   * Stops fetching and waits `JOB_SHUTDOWN_TIMEOUT_SECONDS` for running jobs; those still
   * running then stay claimed until their expiry, when the upkeep of a running instance (or the
   * next start) retries them.
   */
  async beforeApplicationShutdown(): Promise<void> {
    if (!this.started) return;
    this.started = false;
    this.stopping = true;
    for (const waiting of this.idle.values()) for (const wake of waiting) wake();
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<void>((resolve) => {
      timer = setTimeout(resolve, this.config.JOB_SHUTDOWN_TIMEOUT_SECONDS * 1000);
    });
    await Promise.race([Promise.all(this.loops), timeout]);
    clearTimeout(timer);
    await this.boss.stop({ graceful: false, close: false });
  }

  /** One worker: fetches a job, runs it, records how it went; waits for work when there is none. */
  private async runWorker<Data>(queue: string, handler: JobHandler<Data>): Promise<void> {
    while (!this.stopping) {
      const job = await this.fetch<Data>(queue);
      if (job) await this.runJob(queue, job, handler);
      else await this.waitForWork(queue);
    }
  }

  private async fetch<Data>(queue: string): Promise<PgBoss.JobWithMetadata<Data> | undefined> {
    try {
      const [job] = await this.boss.fetch<Data>(queue, { includeMetadata: true });
      return job;
    } catch (error) {
      this.logger.warn({ err: error, queue }, 'Fetching jobs failed');
      return undefined;
    }
  }

  private async runJob<Data>(
    queue: string,
    job: PgBoss.JobWithMetadata<Data>,
    handler: JobHandler<Data>,
  ): Promise<void> {
    try {
      await handler({ id: job.id, data: job.data, retryCount: job.retryCount });
    } catch (error) {
      this.logger.warn({ err: error, queue, jobId: job.id }, 'A job failed');
      await this.record(() => this.boss.fail(queue, job.id, { message: String(error) }));
      return;
    }
    await this.record(() => this.boss.complete(queue, job.id));
  }

  /** A failed record leaves the job claimed until it expires, then it is retried: logged only. */
  private async record(write: () => Promise<unknown>): Promise<void> {
    try {
      await write();
    } catch (error) {
      this.logger.warn({ err: error }, 'Recording a job outcome failed');
    }
  }

  /** Resolves after a polling interval, or sooner when a job is sent here or the queue stops. */
  private waitForWork(queue: string): Promise<void> {
    const waiting = this.idle.get(queue);
    return new Promise<void>((resolve) => {
      const done = () => {
        clearTimeout(timer);
        waiting?.delete(done);
        resolve();
      };
      const timer = setTimeout(done, this.config.JOB_POLL_INTERVAL_MS);
      waiting?.add(done);
    });
  }

  private wake(queue: string): void {
    for (const done of this.idle.get(queue) ?? []) done();
  }
}

/** pg-boss's names; an option left out stays out (pg-boss checks the keys present). */
function toPgBossRetry(options: JobRetryOptions): PgBoss.RetryOptions & PgBoss.ExpirationOptions {
  const named = {
    retryLimit: options.retryLimit,
    retryDelay: options.retryDelaySeconds,
    retryBackoff: options.retryBackoff,
    expireInSeconds: options.expireInSeconds,
  };
  return Object.fromEntries(Object.entries(named).filter(([, value]) => value !== undefined));
}
