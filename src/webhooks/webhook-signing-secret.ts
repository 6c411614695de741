import { chmodSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { ConfigValidationError, type DataDirectoryConfig } from '../core/config';
import { type Database } from '../database/database';
import { type DatabaseConfig } from '../database/database.config';
import { webhookSigningSecret } from '../database/schema';
import { type SecretBox, SecretKeyMismatchError } from '../secrets/secret-box';
import {
  WEBHOOK_SECRET_FORM,
  generateWebhookSecret,
  parseWebhookSecret,
} from './webhook-secret-text';
import { type WebhooksConfig } from './webhooks.config';

/** The secret's file in `DATA_DIR`, readable by its owner only. */
export const WEBHOOK_SECRET_FILE = 'webhook-secret';

/** The secret webhooks are signed with (`whsec_…`), resolved once at start. */
export class WebhookSigningSecret {
  constructor(readonly secret: string) {}
}

/**
 * `WEBHOOK_SECRET`, else one generated at the first start. On the embedded database it is kept
 * in `<DATA_DIR>/webhook-secret`. Instances sharing a PostgreSQL server must sign alike, which a
 * file made on each host would not: there the first instance stores it in the database, sealed
 * with `SECRET_KEY` (which those instances share already), and each copies it to its own file,
 * where the operator reads it to give to receivers.
 */
export async function resolveWebhookSecret(
  config: WebhooksConfig,
  database: DatabaseConfig,
  data: DataDirectoryConfig,
  db: Database,
  box: SecretBox,
): Promise<WebhookSigningSecret> {
  if (config.WEBHOOK_SECRET) return new WebhookSigningSecret(config.WEBHOOK_SECRET.trim());
  const file = join(data.DATA_DIR, WEBHOOK_SECRET_FILE);
  if (!database.DATABASE_URL) return new WebhookSigningSecret(readOrCreateFile(file));
  const secret = await sharedSecret(db, box);
  if (readIfPresent(file) !== secret) {
    mkdirSync(data.DATA_DIR, { recursive: true });
    writeFileSync(file, `${secret}\n`, { mode: 0o600 });
    chmodSync(file, 0o600);
  }
  return new WebhookSigningSecret(secret);
}

function readOrCreateFile(file: string): string {
  try {
    // `wx`: never replaces a secret receivers may already hold.
    writeFileSync(file, `${generateWebhookSecret()}\n`, { mode: 0o600, flag: 'wx' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  const secret = parseWebhookSecret(readFileSync(file, 'utf8'));
  if (!secret) {
    throw new ConfigValidationError([
      `${file} must hold ${WEBHOOK_SECRET_FORM}; restore it, or delete it to have a new one made ` +
        '(receivers then need the new one)',
    ]);
  }
  return secret;
}

/** The stored secret; a start with a key that does not open it stops, saying what to do. */
function openOrRefuse(box: SecretBox, sealed: string): string {
  try {
    return box.open(sealed);
  } catch (error) {
    if (!(error instanceof SecretKeyMismatchError)) throw error;
    throw new ConfigValidationError([
      `the key of ${box.keySource} does not decrypt the webhook signing secret stored in the ` +
        'database: start with the key it was encrypted with; to change keys, give the old one ' +
        'as SECRET_KEY_PREVIOUS',
    ]);
  }
}

function readIfPresent(file: string): string | undefined {
  try {
    return readFileSync(file, 'utf8').trim();
  } catch {
    return undefined;
  }
}

/** The one stored secret; the first instance to get here stores it, the others read it. */
async function sharedSecret(db: Database, box: SecretBox): Promise<string> {
  await db
    .insert(webhookSigningSecret)
    .values({ sealed: box.seal(generateWebhookSecret()) })
    .onConflictDoNothing();
  const [row] = await db.select().from(webhookSigningSecret).where(eq(webhookSigningSecret.id, 1));
  const secret = openOrRefuse(box, row.sealed);
  // Sealed with SECRET_KEY_PREVIOUS (a key rotation): sealed again, so it opens once that goes.
  if (box.needsSealing(row.sealed)) {
    await db
      .update(webhookSigningSecret)
      .set({ sealed: box.seal(secret) })
      .where(eq(webhookSigningSecret.id, 1));
  }
  return secret;
}
