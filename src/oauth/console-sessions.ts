import { createHash, randomBytes } from 'node:crypto';
import { type IncomingMessage } from 'node:http';
import { Injectable } from '@nestjs/common';
import { type Principal } from '../api-keys/principal';
import { AuditTrail } from '../audit/audit-trail';
import { Transactions } from '../database/transactions';
import { isUuid } from '../database/uuid';
import { consoleSessionTokenOf } from './console-session-cookie';
import { ConsoleSessionsRepository } from './console-sessions.repository';
import { ApiKeyRequiredError } from './oauth.errors';

/** How long a console session lasts: a working day, after which the person signs in again. */
export const CONSOLE_SESSION_SECONDS = 12 * 60 * 60;

/** A session just started: the token for the cookie (never stored) and when it ends. */
export interface StartedConsoleSession {
  token: string;
  expiresAt: Date;
}

/**
 * Console sign-ins that last across a browser's tabs, for the consent page: an opaque random
 * token in an HttpOnly cookie, its hash in the database (so every instance knows it), bound to
 * the API key that started it, which stays in the console's tab.
 */
@Injectable()
export class ConsoleSessions {
  constructor(
    private readonly sessions: ConsoleSessionsRepository,
    private readonly audit: AuditTrail,
    private readonly transactions: Transactions,
  ) {}

  /** Starts a session for the API key of `principal` (an OAuth token cannot start one). */
  async start(principal: Principal): Promise<StartedConsoleSession> {
    // A token's principal names its client (`oauth:<client id>`), never a stored key's id.
    if (!isUuid(principal.keyId)) throw new ApiKeyRequiredError();
    const token = randomBytes(32).toString('base64url');
    const expiresAt = new Date(Date.now() + CONSOLE_SESSION_SECONDS * 1000);
    await this.transactions.run(async () => {
      await this.sessions.insert(hashOf(token), principal.keyId, expiresAt);
      await this.audit.record({
        actor: { user: principal.user, keyId: principal.keyId },
        transport: 'rest',
        type: 'console.signed_in',
        details: { expires_at: expiresAt.toISOString() },
      });
    });
    return { token, expiresAt };
  }

  /** Whom the session `request` carries stands for: none when absent, expired or its key revoked. */
  async principalOf(request: IncomingMessage): Promise<Principal | undefined> {
    const token = consoleSessionTokenOf(request);
    return token ? this.sessions.findActive(hashOf(token)) : undefined;
  }

  /** Ends the session `request` carries, if there is one. */
  async end(request: IncomingMessage): Promise<void> {
    const token = consoleSessionTokenOf(request);
    if (!token) return;
    await this.transactions.run(async () => {
      const ended = await this.sessions.delete(hashOf(token));
      if (!ended) return;
      await this.audit.record({
        actor: { user: ended.user, keyId: ended.keyId },
        transport: 'rest',
        type: 'console.signed_out',
      });
    });
  }

  /** Deletes the sessions that ended without a sign-out; how many. */
  purgeEnded(): Promise<number> {
    return this.sessions.purgeEnded();
  }
}

function hashOf(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
