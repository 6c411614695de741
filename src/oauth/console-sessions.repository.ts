import { Injectable } from '@nestjs/common';
import { and, eq, gt, inArray, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import { type Principal } from '../api-keys/principal';
import { apiKeys, consoleSessions } from '../database/schema';
import { Transactions } from '../database/transactions';

/** The stored console sessions, by their token's hash. */
@Injectable()
export class ConsoleSessionsRepository {
  constructor(private readonly transactions: Transactions) {}

  async insert(tokenHash: string, keyId: string, expiresAt: Date): Promise<void> {
    await this.transactions.db
      .insert(consoleSessions)
      .values({ token_hash: tokenHash, key_id: keyId, expires_at: expiresAt });
  }

  /** Whom an unexpired session stands for, while its key is not revoked. */
  async findActive(tokenHash: string): Promise<Principal | undefined> {
    const [row] = await this.transactions.db
      .select({ keyId: apiKeys.id, user: apiKeys.user_name, role: apiKeys.role })
      .from(consoleSessions)
      .innerJoin(apiKeys, eq(apiKeys.id, consoleSessions.key_id))
      .where(
        and(
          eq(consoleSessions.token_hash, tokenHash),
          gt(consoleSessions.expires_at, sql`now()`),
          isNull(apiKeys.revoked_at),
        ),
      )
      .limit(1);
    return row;
  }

  /** Deletes a session; whose it was, if there was one. */
  async delete(tokenHash: string): Promise<Principal | undefined> {
    const [row] = await this.transactions.db
      .delete(consoleSessions)
      .where(eq(consoleSessions.token_hash, tokenHash))
      .returning({ keyId: consoleSessions.key_id });
    if (!row) return undefined;
    const [key] = await this.transactions.db
      .select({ keyId: apiKeys.id, user: apiKeys.user_name, role: apiKeys.role })
      .from(apiKeys)
      .where(eq(apiKeys.id, row.keyId));
    return key;
  }

  /** Deletes the expired sessions and those of revoked keys; how many. */
  async purgeEnded(): Promise<number> {
    const db = this.transactions.db;
    const revokedKeys = db
      .select({ id: apiKeys.id })
      .from(apiKeys)
      .where(isNotNull(apiKeys.revoked_at));
    const deleted = await db
      .delete(consoleSessions)
      .where(
        or(
          lt(consoleSessions.expires_at, sql`now()`),
          inArray(consoleSessions.key_id, revokedKeys),
        ),
      )
      .returning({ tokenHash: consoleSessions.token_hash });
    return deleted.length;
  }
}
