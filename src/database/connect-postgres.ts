import { setTimeout as sleep } from 'node:timers/promises';
import { Client } from 'pg';
import { type Logger } from 'pino';
import { OperatorError } from '../core/config';
import { shownValue } from '../core/config/shown-value';

/** Failures that a server still starting, restarting or being reached may get over. */
const TRANSIENT_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  '57P03', // cannot_connect_now: the server is starting up
]);
const FIRST_DELAY_MS = 250;
const LONGEST_DELAY_MS = 5_000;
/** One attempt's limit, so an address that drops packets does not hang the start. */
const ATTEMPT_TIMEOUT_MS = 10_000;

/** The configured PostgreSQL server could not be used; the message names DATABASE_URL. */
export class DatabaseUnavailableError extends OperatorError {}

/**
 * A connected client of the server at `url`. A transient failure (refused, unreachable, the
 * server starting) is retried with backoff for `timeoutSeconds`, so a server and its database
 * may start together; anything else (a wrong password, a missing database) fails at once.
 */
export async function connectPostgres(
  url: string,
  timeoutSeconds: number,
  logger: Logger,
): Promise<Client> {
  const deadline = Date.now() + timeoutSeconds * 1000;
  const shown = shownValue('DATABASE_URL', url);
  for (let attempt = 1; ; attempt++) {
    const remaining = deadline - Date.now();
    const client = new Client({
      connectionString: url,
      connectionTimeoutMillis: Math.max(1_000, Math.min(ATTEMPT_TIMEOUT_MS, remaining)),
    });
    try {
      await client.connect();
      return client;
    } catch (error) {
      await client.end().catch(() => undefined);
      const reason = reasonOf(error);
      if (!isTransient(error)) {
        throw new DatabaseUnavailableError(
          `The database at DATABASE_URL ${shown} refused the connection: ${reason}. Correct DATABASE_URL.`,
        );
      }
      const delay = Math.min(FIRST_DELAY_MS * 2 ** (attempt - 1), LONGEST_DELAY_MS);
      if (Date.now() + delay > deadline) {
        throw new DatabaseUnavailableError(
          `Cannot reach the database at DATABASE_URL ${shown} (${reason}) after ${attempt} ` +
            `attempt(s) in ${timeoutSeconds} s: start PostgreSQL or correct DATABASE_URL ` +
            '(DATABASE_CONNECT_TIMEOUT_SECONDS sets how long to wait).',
        );
      }
      logger.warn(`Database at DATABASE_URL ${shown} not reachable (${reason}); retrying`);
      await sleep(delay);
    }
  }
}

function isTransient(error: unknown): boolean {
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string') return TRANSIENT_CODES.has(code);
  // pg's own connection timeout carries no code.
  return /timeout/i.test((error as Error).message ?? '');
}

/** A one-line reason: Node's AggregateError (every address refused) has an empty message. */
function reasonOf(error: unknown): string {
  const { message, code } = error as { message?: string; code?: string };
  return (message || code || String(error)).split('\n')[0];
}
