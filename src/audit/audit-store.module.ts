import { Global, Module } from '@nestjs/common';
import { provideFeatureConfig } from '../core/config';
import { AuditConfig } from './audit.config';
import { AuditLogRepository } from './audit-log.repository';
import { AuditTrail } from './audit-trail';
import { AuditVerifier } from './audit-verifier';

/**
 * The audit log itself, for the server and the CLI alike: `AuditTrail` to append (global: the
 * features whose actions are audited inject it), the repository and the verifier.
 */
@Global()
@Module({
  providers: [provideFeatureConfig(AuditConfig), AuditLogRepository, AuditTrail, AuditVerifier],
  exports: [AuditConfig, AuditLogRepository, AuditTrail, AuditVerifier],
})
export class AuditStoreModule {}
