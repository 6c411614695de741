import { Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { type Job, JobQueue } from '../../jobs/job-queue';
import { Transactions } from '../../database/transactions';
import { ToolSourceSync } from './tool-source-sync.service';
import { ToolSourcesConfig } from './tool-sources.config';
import { ToolSourcesRepository } from './tool-sources.repository';

const SYNC_QUEUE = 'tool-source-sync';

/** Further attempts at a sync cut off by a crash or a shutdown (an upstream's failure is recorded, not thrown). */
const SYNC_RETRY_LIMIT = 3;

interface SyncJob {
  sourceId: string;
  /**
   * A periodic sync: when it was due. It is the source's schedule while the source's
   * `next_sync_at` holds this time, and plans the next one as it ends; an asked-for sync has none.
   */
  due?: string;
}

/**
 * When sources sync, through the job queue: every `sync_interval_seconds` (sooner when the
 * upstream's `ttlMs` says its list goes stale sooner), and soon when asked
 * (`POST …/sync`, an upstream's notice). A source's jobs run one at a time across instances
 * (the queue's `singleton` policy on the source's id).
 *
 * The schedule is the source's `next_sync_at` and the one periodic job queued with that time,
 * written in one transaction; the job plans its successor as it ends, even when its last attempt
 * fails. A job whose time is no longer the source's is left over (the plan was replaced) and does
 * nothing, so re-planning never doubles a source's syncs. Each start re-plans the sources whose
 * plan is overdue or missing, so a schedule lost to a crash resumes.
 */
@Injectable()
export class ToolSourceSchedule implements OnApplicationBootstrap {
  constructor(
    private readonly jobs: JobQueue,
    private readonly sync: ToolSourceSync,
    private readonly sources: ToolSourcesRepository,
    private readonly transactions: Transactions,
    private readonly config: ToolSourcesConfig,
  ) {}

  /**
   * Not at module init: the registry's start hooks run side by side, and a start that another
   * one fails (a wrong secret key) must not leave workers polling behind it.
   */
  async onApplicationBootstrap(): Promise<void> {
    await this.jobs.work<SyncJob>(SYNC_QUEUE, (job) => this.run(job), {
      policy: 'singleton',
      retryLimit: SYNC_RETRY_LIMIT,
      retryDelaySeconds: 10,
      retryBackoff: true,
      expireInSeconds: this.config.TOOL_SOURCE_SYNC_TIMEOUT_SECONDS + 60,
    });
    await this.resumeSchedules();
  }

  /** Queues a sync to run as soon as a worker is free (in the caller's unit of work). */
  async syncSoon(sourceId: string): Promise<void> {
    await this.jobs.send<SyncJob>(SYNC_QUEUE, { sourceId }, { singletonKey: sourceId });
  }

  /**
   * Plans the source's next periodic sync `intervalSeconds` from now: sets its `next_sync_at`
   * and queues the job for it, in one transaction. Without `replacing` it replaces any plan;
   * with it, only while the plan is still that one (a job ending whose plan an admin or a
   * starting instance replaced meanwhile plans nothing).
   */
  async scheduleNext(sourceId: string, intervalSeconds: number, replacing?: Date): Promise<void> {
    const due = new Date(Date.now() + intervalSeconds * 1000);
    await this.transactions.run(async () => {
      if (!(await this.sources.planNextSync(sourceId, due, replacing))) return;
      await this.jobs.send<SyncJob>(
        SYNC_QUEUE,
        { sourceId, due: due.toISOString() },
        { singletonKey: sourceId, startAfter: due },
      );
    });
  }

  /** Plans a sync now for each source whose plan is overdue or missing. */
  private async resumeSchedules(): Promise<void> {
    await this.transactions.run(async () => {
      for (const source of await this.sources.unscheduled(new Date())) {
        await this.scheduleNext(source.id, 0);
      }
    });
  }

  private async run({ data, retryCount }: Job<SyncJob>): Promise<void> {
    if (data.due === undefined) {
      await this.sync.sync(data.sourceId);
      return;
    }
    const due = new Date(data.due);
    const source = await this.sources.find(data.sourceId);
    if (source?.next_sync_at?.getTime() !== due.getTime()) return;
    let ttlMs: number | undefined;
    try {
      ({ ttlMs } = await this.sync.sync(source.id));
    } catch (error) {
      if (retryCount >= SYNC_RETRY_LIMIT) {
        await this.scheduleNext(source.id, source.sync_interval_seconds, due);
      }
      throw error;
    }
    const current = await this.sources.find(source.id);
    if (current) {
      await this.scheduleNext(
        current.id,
        nextIntervalSeconds(current.sync_interval_seconds, ttlMs),
        due,
      );
    }
  }
}

/** The shortest interval a sync is repeated at, whatever an upstream's `ttlMs` says. */
const MIN_INTERVAL_SECONDS = 60;

/**
 * Seconds until the next periodic sync: the source's interval, or sooner when the upstream
 * said its list goes stale sooner (`ttlMs`), but never sooner than a minute.
 */
export function nextIntervalSeconds(intervalSeconds: number, ttlMs?: number): number {
  if (ttlMs === undefined) return intervalSeconds;
  return Math.min(intervalSeconds, Math.max(MIN_INTERVAL_SECONDS, Math.ceil(ttlMs / 1000)));
}
