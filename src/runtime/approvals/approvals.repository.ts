import { Injectable } from '@nestjs/common';
import { and, count, eq, sql } from 'drizzle-orm';
import { type ApprovalStatus, approvals } from '../../database/schema';
import { selectNewestFirst } from '../../database/select-newest-first';
import { Transactions } from '../../database/transactions';
import { isUuid } from '../../database/uuid';

export type ApprovalRow = typeof approvals.$inferSelect;
export type NewApproval = typeof approvals.$inferInsert;

@Injectable()
export class ApprovalsRepository {
  constructor(private readonly transactions: Transactions) {}

  async create(approval: NewApproval): Promise<ApprovalRow> {
    const [row] = await this.transactions.db.insert(approvals).values(approval).returning();
    return row;
  }

  async find(id: string): Promise<ApprovalRow | undefined> {
    const [row] = await this.transactions.db.select().from(approvals).where(eq(approvals.id, id));
    return row;
  }

  async findOwned(id: string, owner: string): Promise<ApprovalRow | undefined> {
    if (!isUuid(id)) return undefined;
    const [row] = await this.transactions.db
      .select()
      .from(approvals)
      .where(and(eq(approvals.id, id), eq(approvals.owner, owner)));
    return row;
  }

  /** A page of `owner`'s approvals, newest first, optionally of one status. */
  async listOwned(
    owner: string,
    status: ApprovalStatus | undefined,
    page: { limit: number; offset: number },
  ): Promise<{ rows: ApprovalRow[]; total: number }> {
    const where = and(eq(approvals.owner, owner), status && eq(approvals.status, status));
    return selectNewestFirst(this.transactions.db, approvals, where, page);
  }

  listByRun(runId: string): Promise<ApprovalRow[]> {
    return this.transactions.db
      .select()
      .from(approvals)
      .where(eq(approvals.run_id, runId))
      .orderBy(approvals.created_at);
  }

  listPending(): Promise<ApprovalRow[]> {
    return this.transactions.db.select().from(approvals).where(eq(approvals.status, 'pending'));
  }

  /** Decides a pending approval; undefined when it was decided already. */
  async resolve(
    id: string,
    status: Exclude<ApprovalStatus, 'pending'>,
    reason: string | null,
  ): Promise<ApprovalRow | undefined> {
    const [row] = await this.transactions.db
      .update(approvals)
      .set({ status, reason, resolved_at: sql`now()` })
      .where(and(eq(approvals.id, id), eq(approvals.status, 'pending')))
      .returning();
    return row;
  }

  async countPending(runId: string): Promise<number> {
    const [{ pending }] = await this.transactions.db
      .select({ pending: count() })
      .from(approvals)
      .where(and(eq(approvals.run_id, runId), eq(approvals.status, 'pending')));
    return pending;
  }
}
