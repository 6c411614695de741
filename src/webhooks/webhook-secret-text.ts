import { randomBytes } from 'node:crypto';

const PREFIX = 'whsec_';
/** Standard Webhooks recommends 24 to 64 bytes of secret. */
const SECRET_TEXT = /^whsec_[A-Za-z0-9+/]+={0,2}$/;

/** How a secret is written, for error messages. */
export const WEBHOOK_SECRET_FORM =
  '`whsec_` followed by 24 to 64 random bytes in base64 (e.g. whsec_$(openssl rand -base64 32))';

/** The secret a text holds (a final newline is fine), as written; undefined if it holds none. */
export function parseWebhookSecret(text: string): string | undefined {
  const trimmed = text.trim();
  if (!SECRET_TEXT.test(trimmed)) return undefined;
  const bytes = Buffer.from(trimmed.slice(PREFIX.length), 'base64').length;
  return bytes >= 24 && bytes <= 64 ? trimmed : undefined;
}

/** A new secret of 32 random bytes. */
export function generateWebhookSecret(): string {
  return `${PREFIX}${randomBytes(32).toString('base64')}`;
}
