import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

/** What marks a sealed value, and the version of its layout (IV, tag, ciphertext). */
const SEALED_PREFIX = 'enc:v1:';
const ALGORITHM = 'aes-256-gcm';
/** GCM's standard nonce size; a random one per value, never reused with a key. */
const IV_BYTES = 12;
const TAG_BYTES = 16;

/** A stored value that no key of this process opens: it was sealed with another key. */
export class SecretKeyMismatchError extends Error {
  constructor() {
    super('A stored secret was encrypted with a key this process does not have');
    this.name = 'SecretKeyMismatchError';
  }
}

export interface SecretKeys {
  /** Seals every new value and opens what it sealed. */
  current: Buffer;
  /** A key being rotated away from: it still opens, so values sealed with it can be resealed. */
  previous?: Buffer;
}

/**
 * Encrypts secrets for storage (AES-256-GCM): `enc:v1:` then base64 of IV, auth tag and
 * ciphertext. The tag makes a value sealed with another key, or altered, fail to open rather
 * than open as garbage.
 */
export class SecretBox {
  constructor(
    private readonly keys: SecretKeys,
    /** Where the current key comes from, for operators' messages (`SECRET_KEY`, a file). */
    readonly keySource: string,
  ) {}

  seal(plaintext: string): string {
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv(ALGORITHM, this.keys.current, iv);
    const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
    const sealed = Buffer.concat([iv, cipher.getAuthTag(), ciphertext]);
    return SEALED_PREFIX + sealed.toString('base64');
  }

  /**
   * The plaintext of a stored value. A value stored before secrets were encrypted is its own
   * plaintext: an instance of an older version may still write one until it is upgraded.
   */
  open(stored: string): string {
    if (!isSealed(stored)) return stored;
    const plaintext =
      openWith(this.keys.current, stored) ??
      (this.keys.previous && openWith(this.keys.previous, stored));
    if (plaintext === undefined) throw new SecretKeyMismatchError();
    return plaintext;
  }

  /** Whether a stored value must be sealed (again) with the current key: it is in clear, or older. */
  needsSealing(stored: string): boolean {
    if (!isSealed(stored)) return true;
    if (openWith(this.keys.current, stored) !== undefined) return false;
    this.open(stored);
    return true;
  }
}

function isSealed(stored: string): boolean {
  return stored.startsWith(SEALED_PREFIX);
}

/** The plaintext, or undefined when this key did not seal the value (the tag does not match). */
function openWith(key: Buffer, stored: string): string | undefined {
  const sealed = Buffer.from(stored.slice(SEALED_PREFIX.length), 'base64');
  if (sealed.length < IV_BYTES + TAG_BYTES) return undefined;
  const decipher = createDecipheriv(ALGORITHM, key, sealed.subarray(0, IV_BYTES));
  decipher.setAuthTag(sealed.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
  try {
    const ciphertext = sealed.subarray(IV_BYTES + TAG_BYTES);
    return Buffer.concat([decipher.update(ciphertext), decipher.final()]).toString('utf8');
  } catch {
    return undefined;
  }
}
