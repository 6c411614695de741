import { createHash, randomBytes } from 'node:crypto';

/** Generated keys look like `thk_<43 base64url characters>` (256 random bits). */
const KEY_PREFIX = 'thk_';
/** Characters kept in clear to tell keys apart in listings. */
const SHOWN_CHARACTERS = KEY_PREFIX.length + 6;

export function generateApiKey(): string {
  return KEY_PREFIX + randomBytes(32).toString('base64url');
}

/**
 * What is stored and looked up instead of the key. A fast hash is enough: generated keys carry
 * 256 random bits and a chosen one at least 32 characters, and guessing is throttled.
 */
export function hashOfApiKey(key: string): string {
  return createHash('sha256').update(key).digest('hex');
}

/** The first characters of a key, shown in listings. */
export function shownPrefixOf(key: string): string {
  return key.slice(0, SHOWN_CHARACTERS);
}
