import { randomBytes } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { and, desc, eq, gt, inArray, lt, sql } from 'drizzle-orm';
import { expiresAt } from '../../database/expiry';
import { mcpTasks } from '../../database/schema';
import { Transactions } from '../../database/transactions';

export type McpTaskRow = typeof mcpTasks.$inferSelect;

@Injectable()
export class McpTasksRepository {
  constructor(private readonly transactions: Transactions) {}

  /** Stores a task under a new id: 128 random bits, as a task id is all its client names. */
  async create(task: Omit<McpTaskRow, 'id' | 'created_at'>): Promise<McpTaskRow> {
    const id = randomBytes(16).toString('base64url');
    const [row] = await this.transactions.db
      .insert(mcpTasks)
      .values({ ...task, id })
      .returning();
    return row;
  }

  /** `owner`'s task; undefined for another user's, exactly as for one that does not exist. */
  async findOwned(id: string, owner: string): Promise<McpTaskRow | undefined> {
    const [row] = await this.transactions.db
      .select()
      .from(mcpTasks)
      .where(and(eq(mcpTasks.id, id), eq(mcpTasks.owner, owner)));
    return row;
  }

  /** A page of `owner`'s tasks still within their TTL, newest first. */
  listLive(owner: string, page: { limit: number; offset: number }): Promise<McpTaskRow[]> {
    return this.transactions.db
      .select()
      .from(mcpTasks)
      .where(and(eq(mcpTasks.owner, owner), gt(expiresAt(mcpTasks), sql`now()`)))
      .orderBy(desc(mcpTasks.created_at), desc(mcpTasks.id))
      .limit(page.limit)
      .offset(page.offset);
  }

  /** Deletes up to `limit` tasks older than their TTL; answers how many it deleted. */
  async deleteExpired(limit: number): Promise<number> {
    const db = this.transactions.db;
    const expired = db
      .select({ id: mcpTasks.id })
      .from(mcpTasks)
      .where(lt(expiresAt(mcpTasks), sql`now()`))
      .limit(limit);
    const deleted = await db
      .delete(mcpTasks)
      .where(inArray(mcpTasks.id, expired))
      .returning({ id: mcpTasks.id });
    return deleted.length;
  }
}
