import { ApiKeyStoreModule } from '../api-keys/api-key-store.module';
import { ApiKeysService } from '../api-keys/api-keys.service';
import { AuditStoreModule } from '../audit/audit-store.module';
import { withCommandContext } from './command-context';

/** Runs `work` with the key service of the configured database. */
export function withApiKeys(work: (keys: ApiKeysService) => Promise<void>): Promise<void> {
  return withCommandContext(
    [AuditStoreModule, ApiKeyStoreModule],
    'Manage keys through that server instead (POST /api/v1/keys with an admin key; GET to ' +
      'list, DELETE /api/v1/keys/{id} to revoke)',
    (app) => work(app.get(ApiKeysService)),
  );
}
