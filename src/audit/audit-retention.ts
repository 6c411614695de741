import { Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { Transactions } from '../database/transactions';
import { JobQueue } from '../jobs/job-queue';
import { runEvery } from '../jobs/recurring-job';
import { AuditConfig } from './audit.config';
import { AuditLogRepository } from './audit-log.repository';

const RETENTION_QUEUE = 'audit-retention';
const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/**
 * Removes audit entries older than `AUDIT_RETENTION_DAYS`, every hour, on one instance at a
 * time (`runEvery`).
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
    await runEvery(this.jobs, RETENTION_QUEUE, HOUR_MS, () =>
      this.pruneBefore(new Date(Date.now() - this.config.AUDIT_RETENTION_DAYS * DAY_MS)),
    );
  }

  /** Removes the entries older than `before`; the head keeps the last removed one's hash. */
  async pruneBefore(before: Date): Promise<number> {
    const removed = await this.transactions.run(() => this.log.pruneBefore(before));
    if (removed > 0) this.logger.log({ removed, before }, 'Old audit entries removed');
    return removed;
  }
}
