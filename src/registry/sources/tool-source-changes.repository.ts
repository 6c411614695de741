import { Injectable } from '@nestjs/common';
import { and, asc, count, desc, eq, ne } from 'drizzle-orm';
import {
  type ToolSourceChangeStatus,
  type UpstreamToolState,
  toolSourceChanges,
} from '../../database/schema';
import { Transactions } from '../../database/transactions';
import { isUuid } from '../../database/uuid';
import { type PageQueryDto } from '../../core/api/page.dto';

export type ToolSourceChangeRow = typeof toolSourceChanges.$inferSelect;
export type ToolSourceChangeValues = Omit<typeof toolSourceChanges.$inferInsert, 'id'>;

/** The changes syncs found in sources' upstreams, read and written in the current unit of work. */
@Injectable()
export class ToolSourceChangesRepository {
  constructor(private readonly transactions: Transactions) {}

  async insert(values: ToolSourceChangeValues): Promise<void> {
    await this.transactions.db.insert(toolSourceChanges).values(values);
  }

  async find(sourceId: string, id: string): Promise<ToolSourceChangeRow | undefined> {
    if (!isUuid(id)) return undefined;
    const [row] = await this.transactions.db
      .select()
      .from(toolSourceChanges)
      .where(and(eq(toolSourceChanges.source_id, sourceId), eq(toolSourceChanges.id, id)));
    return row;
  }

  /** Records the decision, if the change still waits for one; the decided change, or none. */
  async decide(
    id: string,
    status: Exclude<ToolSourceChangeStatus, 'pending'>,
    decidedBy: string,
  ): Promise<ToolSourceChangeRow | undefined> {
    const [row] = await this.transactions.db
      .update(toolSourceChanges)
      .set({ status, decided_by: decidedBy, decided_at: new Date() })
      .where(and(eq(toolSourceChanges.id, id), eq(toolSourceChanges.status, 'pending')))
      .returning();
    return row;
  }

  /** The upstream changed again before anyone decided: the pending change shows its latest state. */
  async replaceAfter(id: string, after: UpstreamToolState): Promise<void> {
    await this.transactions.db
      .update(toolSourceChanges)
      .set({ after, created_at: new Date() })
      .where(eq(toolSourceChanges.id, id));
  }

  async delete(id: string): Promise<void> {
    await this.transactions.db.delete(toolSourceChanges).where(eq(toolSourceChanges.id, id));
  }

  /**
   * The latest change still pending or rejected of each of the source's upstream names, by name
   * (a tool has at most one pending change, and it is its latest).
   */
  async openByUpstreamName(sourceId: string): Promise<Map<string, ToolSourceChangeRow>> {
    const rows = await this.transactions.db
      .select()
      .from(toolSourceChanges)
      .where(
        and(eq(toolSourceChanges.source_id, sourceId), ne(toolSourceChanges.status, 'approved')),
      )
      .orderBy(desc(toolSourceChanges.created_at), desc(toolSourceChanges.id));
    const latest = new Map<string, ToolSourceChangeRow>();
    for (const row of rows) if (!latest.has(row.upstream_name)) latest.set(row.upstream_name, row);
    return latest;
  }

  /** A page of a source's changes, oldest first, of one status when given. */
  async page(
    sourceId: string,
    status: ToolSourceChangeStatus | undefined,
    query: PageQueryDto,
  ): Promise<{ rows: ToolSourceChangeRow[]; total: number }> {
    const where = and(
      eq(toolSourceChanges.source_id, sourceId),
      status === undefined ? undefined : eq(toolSourceChanges.status, status),
    );
    const db = this.transactions.db;
    const [rows, [{ total }]] = await Promise.all([
      db
        .select()
        .from(toolSourceChanges)
        .where(where)
        .orderBy(asc(toolSourceChanges.created_at), asc(toolSourceChanges.id))
        .limit(query.limit)
        .offset(query.offset),
      db.select({ total: count() }).from(toolSourceChanges).where(where),
    ]);
    return { rows, total };
  }
}
