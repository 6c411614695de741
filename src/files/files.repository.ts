import { Injectable } from '@nestjs/common';
import { and, desc, eq, inArray } from 'drizzle-orm';
import { fileUsages, files } from '../database/schema';
import { selectNewestFirst } from '../database/select-newest-first';
import { Transactions } from '../database/transactions';
import { isUuid } from '../database/uuid';

export type FileRow = typeof files.$inferSelect;
export type NewFile = typeof files.$inferInsert;

@Injectable()
export class FilesRepository {
  constructor(private readonly transactions: Transactions) {}

  async insert(file: NewFile): Promise<FileRow> {
    const [row] = await this.transactions.db.insert(files).values(file).returning();
    return row;
  }

  /** The file, if it exists and is `owner`'s. */
  async findOwned(id: string, owner: string): Promise<FileRow | undefined> {
    if (!isUuid(id)) return undefined;
    const [row] = await this.transactions.db
      .select()
      .from(files)
      .where(and(eq(files.id, id), eq(files.owner, owner)));
    return row;
  }

  /** Those of the files that exist and are `owner`'s. */
  async findManyOwned(ids: readonly string[], owner: string): Promise<FileRow[]> {
    const valid = ids.filter(isUuid);
    if (valid.length === 0) return [];
    return this.transactions.db
      .select()
      .from(files)
      .where(and(inArray(files.id, valid), eq(files.owner, owner)));
  }

  /** A page of `owner`'s files, newest first. */
  async listOwned(
    owner: string,
    page: { limit: number; offset: number },
  ): Promise<{ rows: FileRow[]; total: number }> {
    return selectNewestFirst(this.transactions.db, files, eq(files.owner, owner), page);
  }

  async delete(id: string): Promise<void> {
    await this.transactions.db.delete(files).where(eq(files.id, id));
  }

  /** Records that a run used the files (once per run; files deleted since are skipped). */
  async recordUsage(fileIds: readonly string[], runId: string): Promise<void> {
    const existing = await this.transactions.db
      .select({ id: files.id })
      .from(files)
      .where(inArray(files.id, [...fileIds]));
    if (existing.length === 0) return;
    await this.transactions.db
      .insert(fileUsages)
      .values(existing.map(({ id }) => ({ file_id: id, run_id: runId })))
      .onConflictDoNothing();
  }

  /** When and by which runs a file was used, newest first. */
  listUsages(fileId: string): Promise<{ run_id: string; used_at: Date }[]> {
    return this.transactions.db
      .select({ run_id: fileUsages.run_id, used_at: fileUsages.used_at })
      .from(fileUsages)
      .where(eq(fileUsages.file_id, fileId))
      .orderBy(desc(fileUsages.used_at));
  }
}
