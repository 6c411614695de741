import { join } from 'node:path';
import { ConfigValidationError, type DataDirectoryConfig } from '../core/config';
import { type DatabaseConfig } from '../database/database.config';
import { readOrCreateKeyFile } from './key-file';
import { SecretBox } from './secret-box';
import { SECRET_KEY_FORM, parseSecretKey } from './secret-key';
import { type SecretsConfig } from './secrets.config';

/** The key file's name in `DATA_DIR`. */
export const KEY_FILE_NAME = 'secret.key';

/**
 * The box stored secrets are sealed with. Its key is `SECRET_KEY`, else a key file in `DATA_DIR`
 * made at first start. With `DATABASE_URL`, `SECRET_KEY` is required: every instance sharing the
 * database must hold the same key, which a file generated on each host would not be (and a
 * container's disk would lose it); keeping the key in the database would put it in every dump.
 */
export function createSecretBox(
  secrets: SecretsConfig,
  database: DatabaseConfig,
  data: DataDirectoryConfig,
): SecretBox {
  const previous = secrets.SECRET_KEY_PREVIOUS ? keyOf(secrets.SECRET_KEY_PREVIOUS) : undefined;
  if (secrets.SECRET_KEY) {
    return new SecretBox({ current: keyOf(secrets.SECRET_KEY), previous }, 'SECRET_KEY');
  }
  if (database.DATABASE_URL) {
    throw new ConfigValidationError([
      `SECRET_KEY is required with DATABASE_URL: set it to ${SECRET_KEY_FORM}, the same on ` +
        'every instance',
    ]);
  }
  const keyFile = join(data.DATA_DIR, KEY_FILE_NAME);
  return new SecretBox({ current: readOrCreateKeyFile(keyFile), previous }, keyFile);
}

/** The key of a variable `SecretsConfig` has validated. */
function keyOf(text: string): Buffer {
  const key = parseSecretKey(text);
  if (!key) throw new Error('SecretsConfig let an invalid key through');
  return key;
}
