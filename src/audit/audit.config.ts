import { Max, Min } from 'class-validator';
import { BooleanVariable, Describe, IntegerVariable, VariableGroup } from '../core/config';

/** The environment variables of the audit log. */
@VariableGroup('Audit log')
export class AuditConfig {
  @Describe(
    'Days an audit entry is kept (1–36500); older ones are removed every hour, and the chain stays verifiable from the oldest kept entry',
  )
  @IntegerVariable()
  @Min(1)
  @Max(36_500)
  AUDIT_RETENTION_DAYS = 90;

  @Describe(
    '`false`: nothing is written to the audit log (for measuring what it costs; the API still reads what was written)',
  )
  @BooleanVariable()
  AUDIT_LOG = true;
}
