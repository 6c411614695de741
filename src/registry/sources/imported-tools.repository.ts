import { Injectable } from '@nestjs/common';
import { eq, like } from 'drizzle-orm';
import { tools } from '../../database/schema';
import { Transactions } from '../../database/transactions';
import { type ToolRow } from '../tools/registered-tool-factory';

/** The tools sources imported, as their syncs read them, in the current unit of work. */
@Injectable()
export class ImportedToolsRepository {
  constructor(private readonly transactions: Transactions) {}

  ofSource(sourceId: string): Promise<ToolRow[]> {
    return this.transactions.db.select().from(tools).where(eq(tools.source_id, sourceId));
  }

  /** The names of every tool (imported or not) that begin with `prefix`, which new names avoid. */
  async namesStartingWith(prefix: string): Promise<Set<string>> {
    const pattern = `${prefix.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
    const rows = await this.transactions.db
      .select({ name: tools.name })
      .from(tools)
      .where(like(tools.name, pattern));
    return new Set(rows.map((row) => row.name));
  }
}
