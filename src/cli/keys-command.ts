import { parseArgs } from 'node:util';
import { COMMAND_LINE } from '../audit/audit-event';
import { type ApiKeysService } from '../api-keys/api-keys.service';
import { API_KEY_ROLES, type ApiKeyRole } from '../database/schema/api-keys.tables';
import { UsageError } from '../startup';
import { KEYS_USAGE } from './keys-usage';

/**
 * `toolhub keys …`: manages API keys in the configured database (the same DATA_DIR or
 * DATABASE_URL as the server). With the embedded database, stop the server first: one process
 * at a time may open it (or use the keys API, `/api/v1/keys`, of the running server).
 */
export async function runKeysCommand(args: string[]): Promise<void> {
  const { positionals, values } = parseCommandLine(args);
  const [action, id] = positionals;
  const name = values.name?.trim();
  const user = values.user?.trim();
  if (action === 'create' && name && user !== '') {
    const role = roleOf(values.role);
    await withApiKeys(async (keys) => {
      const created = await keys.create({ name, role, user }, COMMAND_LINE);
      console.error(
        `Created API key ${created.id} (${created.name}, user ${created.user}, ${created.role}); ` +
          'it is not shown again.',
      );
      console.log(created.key);
    });
  } else if (action === 'list' && positionals.length === 1) {
    await withApiKeys(async (keys) => {
      for (const key of await keys.listAll()) {
        const revoked = key.revoked_at ? `revoked ${key.revoked_at.toISOString()}` : 'active';
        console.log(
          [
            key.id,
            key.name,
            key.user,
            key.role,
            `${key.prefix}…`,
            key.created_at.toISOString(),
            revoked,
          ].join('\t'),
        );
      }
    });
  } else if (action === 'revoke' && id && positionals.length === 2) {
    await withApiKeys(async (keys) => {
      if (!(await keys.revoke(id, { by: COMMAND_LINE })))
        throw new UsageError(`No active API key has the id ${id}`);
      console.log(`Revoked ${id}`);
    });
  } else {
    throw new UsageError(`Usage:\n${KEYS_USAGE}`);
  }
}

function roleOf(option = 'admin'): ApiKeyRole {
  const role = API_KEY_ROLES.find((each) => each === option);
  if (!role) throw new UsageError(`--role must be admin or member\nUsage:\n${KEYS_USAGE}`);
  return role;
}

function parseCommandLine(args: string[]) {
  try {
    return parseArgs({
      args,
      allowPositionals: true,
      options: {
        name: { type: 'string' },
        user: { type: 'string' },
        role: { type: 'string' },
      },
    });
  } catch (error) {
    throw new UsageError(`${(error as Error).message}\nUsage:\n${KEYS_USAGE}`);
  }
}

/** The database and the key service load only for a command that parsed: a usage error is instant. */
async function withApiKeys(work: (keys: ApiKeysService) => Promise<void>): Promise<void> {
  const context = await import('./api-keys-context');
  await context.withApiKeys(work);
}
