import { Inject, Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { and, eq } from 'drizzle-orm';
import { DATABASE, type Database } from '../../database/database';
import { tools } from '../../database/schema';
import { type CatalogTool, ToolCatalog } from '../../tools/tool-catalog.service';
import { BuiltinToolRegistration } from './builtin-tool-registration.service';
import { RegisteredToolFactory, type ToolRow } from './registered-tool-factory';

/**
 * Keeps the served tools (`ToolCatalog`) equal to the active registered tools: filled at start,
 * after the builtin tools are stored, and updated after every committed change to a tool.
 * Updates run one at a time and read the database afresh, so they can never apply out of order.
 */
@Injectable()
export class ToolCatalogSync implements OnApplicationBootstrap {
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
      this.catalog.replace(rows.flatMap((row) => this.served(row)));
    });
  }

  /** Serves the tool's current state: added, changed, renamed or removed. */
  toolChanged(id: string): Promise<void> {
    return this.serialized(async () => {
      const [row] = await this.db
        .select()
        .from(tools)
        .where(and(eq(tools.id, id), eq(tools.is_active, true)));
      this.factory.forget(id);
      const [served] = row ? this.served(row) : [];
      if (served) this.catalog.set(...served);
      else this.catalog.remove(id);
    });
  }

  /** The catalog entry of a stored tool: none for a tool without an implementation. */
  private served(row: ToolRow): [id: string, tool: CatalogTool][] {
    const tool = this.factory.build(row);
    return tool ? [[row.id, tool]] : [];
  }

  private serialized(work: () => Promise<void>): Promise<void> {
    const next = this.queue.then(work);
    // A failed update must not block the ones after it; the caller still sees the failure.
    this.queue = next.catch(() => undefined);
    return next;
  }
}
