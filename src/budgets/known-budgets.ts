import { Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import { ClusterBus } from '../cluster/cluster-buses';
import { type BudgetDimension } from '../database/schema';
import { type BudgetSubject } from './budget-subject';
import { type BudgetRow, BudgetsRepository } from './budgets.repository';

/** The notice that budgets were created or deleted, to every instance. */
const BUDGETS_CHANGED_CHANNEL = 'toolhub_budgets_changed';

/**
 * Which budgets exist, in memory, so that a tool call nobody limits costs no database round
 * trip (on the embedded database, one that would wait behind the audit log's batches). Changes
 * reach the other instances over the cluster bus; a lost notice (a reconnect) reloads all. The
 * counting itself is always in the database.
 */
@Injectable()
export class KnownBudgets implements OnModuleInit {
  private readonly logger = new Logger('Budgets');
  private budgets: BudgetRow[] = [];
  // Loads run one after another: the last one starts after the last notice, so it sees the change.
  private loading: Promise<void> = Promise.resolve();

  constructor(
    private readonly repository: BudgetsRepository,
    private readonly bus: ClusterBus,
  ) {}

  async onModuleInit(): Promise<void> {
    await this.bus.subscribe(BUDGETS_CHANGED_CHANNEL, {
      message: () => void this.reload(),
      gap: () => void this.reload(),
    });
    await this.reload();
  }

  /** Whether a budget on `subject` limits `dimension`. */
  limit(subject: BudgetSubject, dimension: BudgetDimension): boolean {
    return this.budgets.some(
      (budget) =>
        budget[`limit_${dimension}`] !== null &&
        (budget.scope_user === subject.user ||
          (subject.keyId !== undefined && budget.scope_key_id === subject.keyId) ||
          (subject.agentId !== undefined && budget.scope_agent_id === subject.agentId)),
    );
  }

  /** After a change here: this instance knows it at once, the others once told. */
  async changed(): Promise<void> {
    await this.reload();
    this.bus.publish(BUDGETS_CHANGED_CHANNEL, 'changed');
  }

  private reload(): Promise<void> {
    this.loading = this.loading
      .then(async () => {
        this.budgets = await this.repository.all();
      })
      .catch((error: unknown) => this.logger.error({ err: error }, 'Reading budgets failed'));
    return this.loading;
  }
}
