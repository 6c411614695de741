import { Module } from '@nestjs/common';
import { AuditController } from './audit.controller';
import { AuditReader } from './audit-reader.service';

/** `/api/v1/audit`: listing, export and verification of the audit log. */
@Module({
  controllers: [AuditController],
  providers: [AuditReader],
})
export class AuditApiModule {}
