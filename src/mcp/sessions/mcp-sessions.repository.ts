import { randomBytes } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { and, eq, lt, sql } from 'drizzle-orm';
import { expiresAt } from '../../database/expiry';
import { mcpSessions } from '../../database/schema';
import { Transactions } from '../../database/transactions';

export type McpSessionRow = typeof mcpSessions.$inferSelect;

@Injectable()
export class McpSessionsRepository {
  constructor(private readonly transactions: Transactions) {}

  /** Stores a session under a new id: 128 random bits, as the id is all its client sends. */
  async create(session: Omit<McpSessionRow, 'id' | 'created_at'>): Promise<McpSessionRow> {
    const id = randomBytes(16).toString('base64url');
    const [row] = await this.transactions.db
      .insert(mcpSessions)
      .values({ ...session, id })
      .returning();
    return row;
  }

  /** `owner`'s session; undefined for another user's, exactly as for one that does not exist. */
  async findOwned(id: string, owner: string): Promise<McpSessionRow | undefined> {
    const [row] = await this.transactions.db
      .select()
      .from(mcpSessions)
      .where(and(eq(mcpSessions.id, id), eq(mcpSessions.owner, owner)));
    return row;
  }

  /** Deletes the sessions whose lifetime has passed, whoever's they are. */
  async deleteExpired(): Promise<void> {
    await this.transactions.db.delete(mcpSessions).where(lt(expiresAt(mcpSessions), sql`now()`));
  }

  /** Deletes `owner`'s session; whether there was one. */
  async deleteOwned(id: string, owner: string): Promise<boolean> {
    const deleted = await this.transactions.db
      .delete(mcpSessions)
      .where(and(eq(mcpSessions.id, id), eq(mcpSessions.owner, owner)))
      .returning({ id: mcpSessions.id });
    return deleted.length > 0;
  }
}
