import { existsSync, linkSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { ConfigValidationError } from '../core/config';
import { SECRET_KEY_FORM, generateSecretKeyText, parseSecretKey } from './secret-key';

/** The key in the file at `path`, generated there at first start. */
export function readOrCreateKeyFile(path: string): Buffer {
  if (!existsSync(path)) createKeyFile(path);
  const key = parseSecretKey(readFileSync(path, 'utf8'));
  if (!key) {
    throw new ConfigValidationError([
      `${path} must hold ${SECRET_KEY_FORM}; restore it from a backup, or the stored secrets ` +
        'cannot be decrypted',
    ]);
  }
  return key;
}

/**
 * Writes a new key readable by its owner only. It is written whole to a draft, then linked into
 * place, which fails if the file exists: a process starting at the same moment reads the key
 * that won, never a part of one, and no key is ever replaced.
 */
function createKeyFile(path: string): void {
  mkdirSync(dirname(path), { recursive: true });
  const draft = `${path}.${process.pid}.tmp`;
  // A draft left by a crash of an earlier process with this pid (in a container, always 1).
  rmSync(draft, { force: true });
  writeFileSync(draft, `${generateSecretKeyText()}\n`, { mode: 0o600, flag: 'wx' });
  try {
    linkSync(draft, path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  } finally {
    rmSync(draft, { force: true });
  }
}
