import { randomBytes } from 'node:crypto';

/** A secret header value that must never show outside the tool's endpoint. */
export const SECRET = 'Bearer sk-live-9f8e7d6c5b4a3921';

/** A key as `SECRET_KEY` takes it (32 bytes, base64). */
export const KEY_A = randomBytes(32).toString('base64');

/** SECRET_KEY is required with PostgreSQL; the embedded database uses its generated key file. */
export const DEFAULT_KEY_ENV: Record<string, string> = process.env.DATABASE_URL
  ? { SECRET_KEY: KEY_A }
  : {};

/** The body that registers an `http` tool at `url` with these secret headers. */
export function httpTool(name: string, url: string, secretHeaders: Record<string, string>) {
  return {
    name,
    description: 'reads a vault',
    parameters: { type: 'object' },
    implementation: { type: 'http', url, secret_headers: secretHeaders },
  };
}
