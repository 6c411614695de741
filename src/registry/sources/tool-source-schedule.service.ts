import { Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { type Job, JobQueue } from '../../jobs/job-queue';
import { ToolSourceSync } from './tool-source-sync.service';
import { ToolSourcesConfig } from './tool-sources.config';
import { ToolSourcesRepository } from './tool-sources.repository';

const SYNC_QUEUE = 'tool-source-sync';

interface SyncJob {
  sourceId: string;
  /** A periodic sync, which queues the next one when it ends; an asked-for one does not. */
  scheduled?: boolean;
}

/**
 * When sources sync, through the job queue: every `sync_interval_seconds` (sooner when the
 * upstream's `ttlMs` says its list goes stale sooner), and soon when asked
 * (`POST …/sync`, an upstream's notice). A source's jobs run one at a time across instances
 * (the queue's `singleton` policy on the source's id), and a periodic job queues its successor
 * as it ends, so each source has one chain of them, kept across restarts.
 */
@Injectable()
export class ToolSourceSchedule implements OnApplicationBootstrap {
  constructor(
    private readonly jobs: JobQueue,
    private readonly sync: ToolSourceSync,
    private readonly sources: ToolSourcesRepository,
    private readonly config: ToolSourcesConfig,
  ) {}

  /**
   * Not at module init: the registry's start hooks run side by side, and a start that another
   * one fails (a wrong secret key) must not leave workers polling behind it.
   */
  async onApplicationBootstrap(): Promise<void> {
    await this.jobs.work<SyncJob>(SYNC_QUEUE, (job) => this.run(job), {
      policy: 'singleton',
      // For a sync cut off (a crash, a shutdown); an upstream's failure is recorded, not thrown.
      retryLimit: 3,
      retryDelaySeconds: 10,
      retryBackoff: true,
      expireInSeconds: this.config.TOOL_SOURCE_SYNC_TIMEOUT_SECONDS + 60,
    });
  }

  /** Queues a sync to run as soon as a worker is free (in the caller's unit of work). */
  async syncSoon(sourceId: string): Promise<void> {
    await this.jobs.send<SyncJob>(SYNC_QUEUE, { sourceId }, { singletonKey: sourceId });
  }

  /** Queues the source's next periodic sync, `intervalSeconds` from now. */
  async scheduleNext(sourceId: string, intervalSeconds: number): Promise<void> {
    await this.jobs.send<SyncJob>(
      SYNC_QUEUE,
      { sourceId, scheduled: true },
      { singletonKey: sourceId, startAfter: new Date(Date.now() + intervalSeconds * 1000) },
    );
  }

  private async run({ data }: Job<SyncJob>): Promise<void> {
    const { ttlMs } = await this.sync.sync(data.sourceId);
    if (!data.scheduled) return;
    const source = await this.sources.find(data.sourceId);
    if (source)
      await this.scheduleNext(source.id, nextIntervalSeconds(source.sync_interval_seconds, ttlMs));
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
