import {
  Inject,
  Injectable,
  Logger,
  type BeforeApplicationShutdown,
  type OnModuleInit,
} from '@nestjs/common';
import PgBoss from 'pg-boss';
import { DATABASE, type Database } from '../database/database';
import { Transactions } from '../database/transactions';
import { JobsConfig } from './jobs.config';
import { PgBossDatabase } from './pg-boss-database';

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
 */
@Injectable()
export class JobQueue implements OnModuleInit, BeforeApplicationShutdown {
  private readonly logger = new Logger('Jobs');
  private readonly boss: PgBoss;
  /** The ids of the workers of each queue, woken when this process sends them a job. */
  private readonly workers = new Map<string, string[]>();
  private started = false;

  constructor(
    @Inject(DATABASE) db: Database,
    private readonly transactions: Transactions,
    private readonly config: JobsConfig,
  ) {
    this.boss = new PgBoss({
      // Its own queries (fetching, maintenance) never join a caller's transaction.
      db: new PgBossDatabase(db),
      pollingIntervalSeconds: config.JOB_POLL_INTERVAL_MS / 1000,
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
    await this.boss.createQueue(queue, definition);
    // A queue made by an earlier version keeps its defaults through createQueue: set them.
    await this.boss.updateQueue(queue, definition);
    const ids: string[] = [];
    this.workers.set(queue, ids);
    for (let i = 0; i < this.config.JOB_CONCURRENCY; i++) {
      const id = await this.boss.work<Data>(
        queue,
        { batchSize: 1, includeMetadata: true },
        async ([job]) => {
          await handler({ id: job.id, data: job.data, retryCount: job.retryCount });
          // pg-boss records the completion without waiting for it, so a shutdown could close the
          // database first and the job would run again; it is recorded before the job counts
          // as done instead (pg-boss's own completion then finds it completed and changes nothing).
          await this.boss.complete(queue, job.id);
          // pg-boss waits a polling interval after every fetch; a worker that found a job looks
          // for the next one at once instead, so a backlog drains at the database's pace.
          this.boss.notifyWorker(id);
        },
      );
      ids.push(id);
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

  /** Stops fetching; waits `JOB_SHUTDOWN_TIMEOUT_SECONDS` for running jobs, then returns them. */
  async beforeApplicationShutdown(): Promise<void> {
    if (!this.started) return;
    this.started = false;
    await this.boss.stop({
      graceful: true,
      wait: true,
      close: false,
      timeout: this.config.JOB_SHUTDOWN_TIMEOUT_SECONDS * 1000,
    });
  }

  private wake(queue: string): void {
    for (const id of this.workers.get(queue) ?? []) this.boss.notifyWorker(id);
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
