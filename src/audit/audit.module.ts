import { Module } from '@nestjs/common';
import { JobsModule } from '../jobs/jobs.module';
import { AuditRetention } from './audit-retention';
import { AuditStoreModule } from './audit-store.module';

/** The audit log on the server: the store, and the retention that removes old entries. */
@Module({
  imports: [AuditStoreModule, JobsModule],
  providers: [AuditRetention],
  exports: [AuditStoreModule, AuditRetention],
})
export class AuditModule {}
