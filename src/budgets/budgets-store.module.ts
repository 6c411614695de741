import { Global, Module } from '@nestjs/common';
import { ClusterModule } from '../cluster/cluster.module';
import { BudgetMeter } from './budget-meter';
import { KnownBudgets } from './known-budgets';
import { BudgetsRepository } from './budgets.repository';

/**
 * Budgets and their counters, and the meter that charges them (global: tool calls and runs,
 * in the layers above, are charged through it).
 */
@Global()
@Module({
  imports: [ClusterModule],
  providers: [BudgetsRepository, KnownBudgets, BudgetMeter],
  exports: [BudgetsRepository, KnownBudgets, BudgetMeter],
})
export class BudgetsStoreModule {}
