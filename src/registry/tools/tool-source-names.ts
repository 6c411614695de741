import { Injectable } from '@nestjs/common';
import { inArray } from 'drizzle-orm';
import { toolSources } from '../../database/schema';
import { Transactions } from '../../database/transactions';

/**
 * The names of the sources that imported tools, for the tools' views. A source's name never
 * changes and its id is never reused, so a name once read is kept (the process holds one per
 * source).
 */
@Injectable()
export class ToolSourceNames {
  private readonly names = new Map<string, string>();

  constructor(private readonly transactions: Transactions) {}

  /** Reads the names of the given sources not read yet. */
  async load(ids: readonly (string | null)[]): Promise<void> {
    const missing = [
      ...new Set(ids.filter((id): id is string => id !== null && !this.names.has(id))),
    ];
    if (missing.length === 0) return;
    const rows = await this.transactions.db
      .select({ id: toolSources.id, name: toolSources.name })
      .from(toolSources)
      .where(inArray(toolSources.id, missing));
    for (const row of rows) this.names.set(row.id, row.name);
  }

  /** The name of a source `load` read; '' for one deleted since. */
  nameOf(id: string): string {
    return this.names.get(id) ?? '';
  }
}
