import { Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { JobQueue } from '../jobs/job-queue';
import { runEvery } from '../jobs/recurring-job';
import { BudgetsRepository } from './budgets.repository';

const PURGE_QUEUE = 'budget-counter-purge';
/** The shortest window is a minute: hourly keeps at most an hour of them per budget. */
const PURGE_INTERVAL_MS = 60 * 60 * 1000;

/**
 * Deletes the counters of budgets' ended windows, which nothing reads, every hour, on one
 * instance at a time (`runEvery`).
 */
@Injectable()
export class BudgetCounterPurge implements OnApplicationBootstrap {
  private readonly logger = new Logger('Budgets');

  constructor(
    private readonly jobs: JobQueue,
    private readonly budgets: BudgetsRepository,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    await runEvery(this.jobs, PURGE_QUEUE, PURGE_INTERVAL_MS, () => this.purge());
  }

  /** One purge, as the scheduled job runs it; how many counters it deleted. */
  async purge(): Promise<number> {
    const deleted = await this.budgets.pruneEnded();
    if (deleted > 0) this.logger.log({ deleted }, 'Counters of ended budget windows deleted');
    return deleted;
  }
}
