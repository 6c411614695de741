import { randomBytes } from 'node:crypto';

/** AES-256 takes a key of 32 bytes. */
const SECRET_KEY_BYTES = 32;
const HEX_KEY = /^[0-9a-f]{64}$/i;
/** 32 bytes are 43 base64 characters and one `=` of padding. */
const BASE64_KEY = /^[A-Za-z0-9+/]{43}=?$/;

/** How a key is written, for error messages: the commands print one. */
export const SECRET_KEY_FORM =
  '32 random bytes in base64 (openssl rand -base64 32) or hex (openssl rand -hex 32)';

/** The key a text holds (32 bytes in base64 or hex; a final newline is fine), else undefined. */
export function parseSecretKey(text: string): Buffer | undefined {
  const trimmed = text.trim();
  if (HEX_KEY.test(trimmed)) return Buffer.from(trimmed, 'hex');
  if (BASE64_KEY.test(trimmed)) return Buffer.from(trimmed, 'base64');
  return undefined;
}

/** A fresh key, written as `parseSecretKey` reads it. */
export function generateSecretKeyText(): string {
  return randomBytes(SECRET_KEY_BYTES).toString('base64');
}
