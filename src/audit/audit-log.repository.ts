import { Injectable } from '@nestjs/common';
import { type SQL, and, asc, eq, gt, gte, like, lt, lte, max, sql } from 'drizzle-orm';
import { type Database } from '../database/database';
import { auditChainHead, auditEntries } from '../database/schema';
import { Transactions } from '../database/transactions';
import { type AuditRow } from './audit-entry';

/** Which entries a listing, an export or a count asks for; every field narrows it. */
export interface AuditFilter {
  type?: string;
  user?: string;
  /** A tool's name: the `tool.*` entries about it. */
  tool?: string;
  from?: Date;
  to?: Date;
}

export type ChainHead = typeof auditChainHead.$inferSelect;

/** The audit log's rows and its chain head, in the current unit of work. */
@Injectable()
export class AuditLogRepository {
  constructor(private readonly transactions: Transactions) {}

  /**
   * The chain head, locked until the unit of work ends: whoever holds it is the only writer of
   * the log on every instance, and the `seq` it hands out become visible in their order.
   */
  async lockHead(db: Database = this.transactions.db): Promise<ChainHead> {
    const [head] = await db
      .select()
      .from(auditChainHead)
      .where(eq(auditChainHead.id, 1))
      .for('update');
    return head;
  }

  async head(db: Database = this.transactions.db): Promise<ChainHead> {
    const [head] = await db.select().from(auditChainHead).where(eq(auditChainHead.id, 1));
    return head;
  }

  async append(
    rows: AuditRow[],
    head: Pick<ChainHead, 'last_seq' | 'last_hash'>,
    db: Database = this.transactions.db,
  ): Promise<void> {
    // One JSON parameter for the whole batch: the same statement text whatever the batch's size,
    // so it is prepared once, and one value to send rather than fifteen per entry.
    await db.execute(sql`
      INSERT INTO audit_entries (seq, id, at, type, user_name, key_id, oauth_client_id,
        transport, target, outcome, error_code, duration_ms, details, prev_hash, hash)
      SELECT seq, id, at, type, user_name, key_id, oauth_client_id,
        transport, target, outcome, error_code, duration_ms, details, prev_hash, hash
      FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) AS entry(seq bigint, id uuid,
        at timestamptz, type text, user_name text, key_id text, oauth_client_id text,
        transport text, target text, outcome text, error_code text,
        duration_ms double precision, details jsonb, prev_hash text, hash text)`);
    await db.update(auditChainHead).set(head).where(eq(auditChainHead.id, 1));
  }

  /** Up to `limit` entries matching `filter` after `afterSeq`, in `seq` order. */
  page(
    filter: AuditFilter,
    afterSeq: number,
    limit: number,
    db: Database = this.transactions.db,
  ): Promise<AuditRow[]> {
    return db
      .select()
      .from(auditEntries)
      .where(and(gt(auditEntries.seq, afterSeq), ...conditionsOf(filter)))
      .orderBy(asc(auditEntries.seq))
      .limit(limit);
  }

  /**
   * Removes the entries older than `before`, in `seq` order (clocks of instances may disagree a
   * little, `seq` never), and moves the head's pruned mark past them. Returns how many went.
   */
  async pruneBefore(before: Date): Promise<number> {
    const head = await this.lockHead();
    const db = this.transactions.db;
    const [{ through }] = await db
      .select({ through: max(auditEntries.seq) })
      .from(auditEntries)
      .where(lt(auditEntries.at, before));
    if (through === null || through <= head.pruned_through_seq) return 0;
    const [last] = await db
      .select({ hash: auditEntries.hash })
      .from(auditEntries)
      .where(eq(auditEntries.seq, through));
    const removed = await db
      .delete(auditEntries)
      .where(lte(auditEntries.seq, through))
      .returning({ seq: auditEntries.seq });
    await db
      .update(auditChainHead)
      .set({ pruned_through_seq: through, pruned_through_hash: last.hash })
      .where(eq(auditChainHead.id, 1));
    return removed.length;
  }
}

function conditionsOf(filter: AuditFilter): SQL[] {
  const conditions: SQL[] = [];
  if (filter.type !== undefined) conditions.push(eq(auditEntries.type, filter.type));
  if (filter.user !== undefined) conditions.push(eq(auditEntries.user_name, filter.user));
  if (filter.tool !== undefined) {
    conditions.push(eq(auditEntries.target, filter.tool), like(auditEntries.type, 'tool.%'));
  }
  if (filter.from !== undefined) conditions.push(gte(auditEntries.at, filter.from));
  if (filter.to !== undefined) conditions.push(lte(auditEntries.at, filter.to));
  return conditions;
}
