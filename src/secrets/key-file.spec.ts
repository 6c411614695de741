import { mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ConfigValidationError } from '../core/config';
import { readOrCreateKeyFile } from './key-file';
import { parseSecretKey } from './secret-key';

describe('readOrCreateKeyFile', () => {
  let directory: string;
  let keyFile: string;

  beforeEach(() => {
    directory = mkdtempSync(join(tmpdir(), 'toolhub-key-file-'));
    keyFile = join(directory, 'data', 'secret.key');
  });

  afterEach(() => rmSync(directory, { recursive: true, force: true }));

  it('generates a key at first start, readable by its owner only, and keeps it', () => {
    const key = readOrCreateKeyFile(keyFile);
    expect(key).toHaveLength(32);
    expect(parseSecretKey(readFileSync(keyFile, 'utf8'))).toEqual(key);
    if (process.platform !== 'win32') expect(statSync(keyFile).mode & 0o777).toBe(0o600);
    expect(readOrCreateKeyFile(keyFile)).toEqual(key);
    // No draft is left beside it.
    expect(readdirSync(join(directory, 'data'))).toEqual(['secret.key']);
  });

  it('reads a key an operator put there', () => {
    const chosen = join(directory, 'secret.key');
    const key = Buffer.alloc(32, 7);
    writeFileSync(chosen, key.toString('hex'));
    expect(readOrCreateKeyFile(chosen)).toEqual(key);
  });

  it('stops the start when the file holds no key, without showing what it holds', () => {
    const damaged = join(directory, 'secret.key');
    writeFileSync(damaged, 'half-a-key');
    expect(() => readOrCreateKeyFile(damaged)).toThrow(ConfigValidationError);
    expect(() => readOrCreateKeyFile(damaged)).toThrow(`${damaged} must hold 32 random bytes`);
    expect(() => readOrCreateKeyFile(damaged)).not.toThrow(/half-a-key/);
  });
});
