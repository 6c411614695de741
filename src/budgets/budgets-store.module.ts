import { Global, Module } from '@nestjs/common';
import { BudgetMeter } from './budget-meter';
import { BudgetsRepository } from './budgets.repository';

/**
 * Budgets and their counters, and the meter that charges them (global: tool calls and runs,
 * in the layers above, are charged through it).
 */
@Global()
@Module({
  providers: [BudgetsRepository, BudgetMeter],
  exports: [BudgetsRepository, BudgetMeter],
})
export class BudgetsStoreModule {}
