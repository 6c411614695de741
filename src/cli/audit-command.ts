import { AuditStoreModule } from '../audit/audit-store.module';
import { AuditVerifier } from '../audit/audit-verifier';
import { UsageError } from '../startup';
import { AUDIT_USAGE } from './audit-usage';
import { withCommandContext } from './command-context';

/**
 * `toolhub audit verify`: checks the audit chain of the configured database, as
 * `GET /api/v1/audit/verify` does, and fails (exit code 1) when it is broken.
 */
export async function runAuditCommand(args: string[]): Promise<void> {
  if (args.length !== 1 || args[0] !== 'verify') throw new UsageError(`Usage:\n${AUDIT_USAGE}`);
  await withCommandContext(
    [AuditStoreModule],
    'Verify through that server instead (GET /api/v1/audit/verify with an admin key)',
    async (app) => {
      const verification = await app.get(AuditVerifier).verify();
      console.log(JSON.stringify(verification));
      if (!verification.ok) process.exitCode = 1;
    },
  );
}
