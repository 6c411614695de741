import { Inject, Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { and, eq } from 'drizzle-orm';
import { DATABASE, type Database } from '../../database/database';
import { tools } from '../../database/schema';
import { ToolCatalog } from '../../tools/tool-catalog.service';
import { BuiltinToolRegistration } from './builtin-tool-registration.service';
import { RegisteredToolFactory, type ToolRow } from './registered-tool-factory';

/**
 * Keeps the served tools (`ToolCatalog`) equal to the active registered tools: filled at start,
 * after the builtin tools are stored, and updated after every committed change to a tool.
 * Updates run one at a time and read the database afresh, so they can never apply out of order.
 */
@Injectable()
export class ToolCatalogSync implements OnApplicationBootstrap {
  /** The name each served tool is served under, to remove the old name on a rename. */
  private readonly servedNames = new Map<string, string>();
  private queue: Promise<void> = Promise.resolve();

  constructor(
    @Inject(DATABASE) private readonly db: Database,
    private readonly builtins: BuiltinToolRegistration,
    private readonly factory: RegisteredToolFactory,
    private readonly catalog: ToolCatalog,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    await this.builtins.register();
    await this.serialized(async () => {
      const rows = await this.db.select().from(tools).where(eq(tools.is_active, true));
      this.catalog.replace([]);
      this.servedNames.clear();
      rows.forEach((row) => this.serve(row));
    });
  }

  /** Serves the tool's current state: added, changed, renamed or removed. */
  toolChanged(id: string): Promise<void> {
    return this.serialized(async () => {
      const [row] = await this.db
        .select()
        .from(tools)
        .where(and(eq(tools.id, id), eq(tools.is_active, true)));
      const servedAs = this.servedNames.get(id);
      if (servedAs !== undefined) this.catalog.remove(servedAs);
      this.servedNames.delete(id);
      this.factory.forget(id);
      if (row) this.serve(row);
    });
  }

  private serve(row: ToolRow): void {
    const tool = this.factory.build(row);
    if (!tool) return;
    this.catalog.set(tool);
    this.servedNames.set(row.id, row.name);
  }

  private serialized(work: () => Promise<void>): Promise<void> {
    const next = this.queue.then(work);
    // A failed update must not block the ones after it; the caller still sees the failure.
    this.queue = next.catch(() => undefined);
    return next;
  }
}
