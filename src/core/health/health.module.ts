import { Global, Module } from '@nestjs/common';
import { HealthChecks } from './health-checks';
import { HealthController } from './health.controller';

/** Liveness and readiness (`/health`, `/health/ready`); features add readiness checks. */
@Global()
@Module({
  controllers: [HealthController],
  providers: [HealthChecks],
  exports: [HealthChecks],
})
export class HealthModule {}
