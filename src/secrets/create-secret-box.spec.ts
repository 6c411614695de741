import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseConfig } from '../database/database.config';
import { ConfigValidationError, DataDirectoryConfig, validateEnvironment } from '../core/config';
import { KEY_FILE_NAME, createSecretBox } from './create-secret-box';
import { type SecretBox } from './secret-box';
import { SecretsConfig } from './secrets.config';

const KEY_A = Buffer.alloc(32, 1).toString('base64');
const KEY_B = Buffer.alloc(32, 2).toString('hex');

describe('createSecretBox', () => {
  let dataDir: string;

  beforeEach(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'toolhub-secret-box-'));
  });

  afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

  const boxOf = (env: Record<string, string>): SecretBox =>
    createSecretBox(
      validateEnvironment(SecretsConfig, (name) => env[name]),
      validateEnvironment(DatabaseConfig, (name) => env[name]),
      validateEnvironment(DataDirectoryConfig, () => dataDir),
    );

  it('takes SECRET_KEY when it is set, and makes no key file', () => {
    const box = boxOf({ SECRET_KEY: KEY_A });
    expect(box.keySource).toBe('SECRET_KEY');
    expect(boxOf({ SECRET_KEY: KEY_A }).open(box.seal('s'))).toBe('s');
    expect(existsSync(join(dataDir, KEY_FILE_NAME))).toBe(false);
  });

  it('else generates a key file in DATA_DIR and keeps using it', () => {
    const box = boxOf({});
    expect(box.keySource).toBe(join(dataDir, KEY_FILE_NAME));
    expect(existsSync(join(dataDir, KEY_FILE_NAME))).toBe(true);
    expect(boxOf({}).open(box.seal('s'))).toBe('s');
  });

  it('requires SECRET_KEY with DATABASE_URL: every instance of the database needs the key', () => {
    const start = () => boxOf({ DATABASE_URL: 'postgres://toolhub@db:5432/toolhub' });
    expect(start).toThrow(ConfigValidationError);
    expect(start).toThrow(/SECRET_KEY is required with DATABASE_URL/);
    expect(existsSync(join(dataDir, KEY_FILE_NAME))).toBe(false);
  });

  it('opens with SECRET_KEY_PREVIOUS what the old key sealed, and seals with the new one', () => {
    const sealedWithOld = boxOf({ SECRET_KEY: KEY_A }).seal('s');
    const rotating = boxOf({ SECRET_KEY: KEY_B, SECRET_KEY_PREVIOUS: KEY_A });
    expect(rotating.open(sealedWithOld)).toBe('s');
    expect(boxOf({ SECRET_KEY: KEY_B }).open(rotating.seal('s'))).toBe('s');
  });
});

describe('SecretsConfig', () => {
  it('refuses a key that is not 32 bytes, saying how to make one and never showing it', () => {
    const read = (name: string) =>
      ({ SECRET_KEY: 'hunter2-hunter2', SECRET_KEY_PREVIOUS: 'abcd' })[name];
    expect(() => validateEnvironment(SecretsConfig, read)).toThrow(
      /SECRET_KEY must be 32 random bytes in base64 \(openssl rand -base64 32\)/,
    );
    expect(() => validateEnvironment(SecretsConfig, read)).toThrow(/SECRET_KEY_PREVIOUS must be/);
    expect(() => validateEnvironment(SecretsConfig, read)).not.toThrow(/hunter2|abcd/);
  });
});
