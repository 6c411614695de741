import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ConfigValidationError, DataDirectoryConfig } from '../core/config';
import { type Database } from '../database/database';
import { DatabaseConfig } from '../database/database.config';
import { SecretBox } from '../secrets/secret-box';
import { WEBHOOK_SECRET_FILE, resolveWebhookSecret } from './webhook-signing-secret';
import { WebhooksConfig } from './webhooks.config';

/** The embedded database's cases: the secret's file. Sharing it on PostgreSQL: webhooks e2e. */
describe('resolveWebhookSecret without a database server', () => {
  let dataDir: string;
  const box = new SecretBox({ current: randomBytes(32) }, 'SECRET_KEY');
  // No query may be made without DATABASE_URL.
  const noDatabase = {} as Database;
  const resolve = (secret = '') =>
    resolveWebhookSecret(
      Object.assign(new WebhooksConfig(), { WEBHOOK_SECRET: secret }),
      new DatabaseConfig(),
      Object.assign(new DataDirectoryConfig(), { DATA_DIR: dataDir }),
      noDatabase,
      box,
    );

  beforeEach(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'toolhub-webhook-secret-'));
  });

  afterEach(() => {
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('generates 32 random bytes once, into an owner-only file, and reads them after', async () => {
    const first = await resolve();
    const second = await resolve();

    expect(first.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(Buffer.from(first.secret.slice(6), 'base64')).toHaveLength(32);
    expect(second.secret).toBe(first.secret);
    expect(statSync(join(dataDir, WEBHOOK_SECRET_FILE)).mode & 0o777).toBe(0o600);
  });

  it('takes WEBHOOK_SECRET when set, and writes no file', async () => {
    const secret = `whsec_${randomBytes(24).toString('base64')}`;
    expect((await resolve(secret)).secret).toBe(secret);
    expect(() => statSync(join(dataDir, WEBHOOK_SECRET_FILE))).toThrow();
  });

  it('stops the start with what to do when the file holds no secret', async () => {
    writeFileSync(join(dataDir, WEBHOOK_SECRET_FILE), 'not a secret\n');
    const failure = resolve();
    await expect(failure).rejects.toThrow(ConfigValidationError);
    await expect(failure).rejects.toThrow(/webhook-secret must hold `whsec_` followed by/);
  });
});
