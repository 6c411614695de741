import { Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { Transactions } from '../database/transactions';
import { JobQueue } from '../jobs/job-queue';
import { AuditConfig } from './audit.config';
import { AuditLogRepository } from './audit-log.repository';

const RETENTION_QUEUE = 'audit-retention';
/** One chain of retention jobs across every instance. */
const RETENTION_KEY = 'audit-retention';
const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/**
 * Removes audit entries older than `AUDIT_RETENTION_DAYS`, every hour, through the job queue:
 * each job queues the next as it ends, and the queue's `stately` policy keeps one chain of
 * them however many instances start one.
 */
@Injectable()
export class AuditRetention implements OnApplicationBootstrap {
  private readonly logger = new Logger('Audit');

  constructor(
    private readonly jobs: JobQueue,
    private readonly transactions: Transactions,
    private readonly log: AuditLogRepository,
    private readonly config: AuditConfig,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    await this.jobs.work(RETENTION_QUEUE, () => this.runScheduled(), {
      policy: 'stately',
      retryLimit: 3,
      retryDelaySeconds: 60,
    });
    await this.jobs.send(RETENTION_QUEUE, {}, { singletonKey: RETENTION_KEY });
  }

  /** Removes the entries older than `before`; the head keeps the last removed one's hash. */
  async pruneBefore(before: Date): Promise<number> {
    const removed = await this.transactions.run(() => this.log.pruneBefore(before));
    if (removed > 0) this.logger.log({ removed, before }, 'Old audit entries removed');
    return removed;
  }

  private async runScheduled(): Promise<void> {
    await this.pruneBefore(new Date(Date.now() - this.config.AUDIT_RETENTION_DAYS * DAY_MS));
    await this.jobs.send(
      RETENTION_QUEUE,
      {},
      { singletonKey: RETENTION_KEY, startAfter: new Date(Date.now() + HOUR_MS) },
    );
  }
}
