import { Module } from '@nestjs/common';
import { provideFeatureConfig } from '../core/config';
import { UsageConfig } from './usage.config';
import { UsageController } from './usage.controller';
import { UsageRepository } from './usage.repository';
import { UsageService } from './usage.service';

/** `/api/v1/usage`: use and cost summed from runs and the audit log. */
@Module({
  controllers: [UsageController],
  providers: [provideFeatureConfig(UsageConfig), UsageRepository, UsageService],
})
export class UsageModule {}
