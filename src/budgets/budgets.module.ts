import { Module } from '@nestjs/common';
import { JobsModule } from '../jobs/jobs.module';
import { BudgetCounterPurge } from './budget-counter-purge';
import { BudgetsController } from './budgets.controller';
import { BudgetsService } from './budgets.service';
import { BudgetsStoreModule } from './budgets-store.module';

/** Budgets on the server: their store and meter, `/api/v1/budgets`, and the counters' purge. */
@Module({
  imports: [BudgetsStoreModule, JobsModule],
  controllers: [BudgetsController],
  providers: [BudgetsService, BudgetCounterPurge],
})
export class BudgetsModule {}
