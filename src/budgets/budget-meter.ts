import { Injectable } from '@nestjs/common';
import { type AuditTransport } from '../audit/audit-event';
import { AuditTrail } from '../audit/audit-trail';
import { type BudgetDimension } from '../database/schema';
import { BudgetExceededError, type BudgetRefusal } from './budget.errors';
import { type BudgetSubject } from './budget-subject';
import { BudgetsRepository } from './budgets.repository';
import { KnownBudgets } from './known-budgets';

/**
 * Where the features that use what budgets limit ask for it: a tool call or a run takes one of
 * its budgets' allowance before it starts, a run's model turn adds its tokens after it ends.
 * Every refusal is recorded in the audit log (`budget.exceeded`).
 */
@Injectable()
export class BudgetMeter {
  constructor(
    private readonly budgets: BudgetsRepository,
    private readonly known: KnownBudgets,
    private readonly audit: AuditTrail,
  ) {}

  /** Takes one `dimension` from each budget on `subject`, or throws the first refusal. */
  async take(
    subject: BudgetSubject,
    dimension: Exclude<BudgetDimension, 'tokens'>,
    transport: AuditTransport,
  ): Promise<void> {
    if (!this.known.limit(subject, dimension)) return;
    const refusal = await this.budgets.charge(subject, dimension, 1);
    if (refusal) throw await this.refuse(subject, refusal, transport);
  }

  /** Throws when a budget on `subject` has used up any of `dimensions` in its window. */
  async checkLeft(
    subject: BudgetSubject,
    dimensions: readonly BudgetDimension[],
    transport: AuditTransport,
  ): Promise<void> {
    for (const dimension of dimensions) {
      if (!this.known.limit(subject, dimension)) continue;
      const refusal = await this.budgets.exhausted(subject, dimension);
      if (refusal) throw await this.refuse(subject, refusal, transport);
    }
  }

  /**
   * Counts a model turn's tokens, which were spent whatever is left, and returns the refusal of a
   * token budget they used up, if any: the run stops there, so a run goes over its budget by at
   * most the turn that crossed it.
   */
  async spendTokens(
    subject: BudgetSubject,
    tokens: number,
    transport: AuditTransport,
  ): Promise<BudgetExceededError | undefined> {
    if (!this.known.limit(subject, 'tokens')) return undefined;
    if (tokens > 0) await this.budgets.spend(subject, 'tokens', tokens);
    const refusal = await this.budgets.exhausted(subject, 'tokens');
    return refusal && this.refuse(subject, refusal, transport);
  }

  private async refuse(
    subject: BudgetSubject,
    refusal: BudgetRefusal,
    transport: AuditTransport,
  ): Promise<BudgetExceededError> {
    const error = new BudgetExceededError(refusal);
    await this.audit.queue({
      type: 'budget.exceeded',
      actor: { user: subject.user, ...(subject.keyId && { keyId: subject.keyId }) },
      transport,
      target: refusal.budgetId,
      outcome: 'denied',
      errorCode: error.code,
      details: {
        budget_id: refusal.budgetId,
        dimension: refusal.dimension,
        limit: refusal.limit,
        period: refusal.period,
        ...(subject.agentId && { agent_id: subject.agentId }),
      },
    });
    return error;
  }
}
