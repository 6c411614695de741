import { Module } from '@nestjs/common';
import { BudgetsController } from './budgets.controller';
import { BudgetsService } from './budgets.service';
import { BudgetsStoreModule } from './budgets-store.module';

/** Budgets on the server: their store and meter, and `/api/v1/budgets`. */
@Module({
  imports: [BudgetsStoreModule],
  controllers: [BudgetsController],
  providers: [BudgetsService],
})
export class BudgetsModule {}
