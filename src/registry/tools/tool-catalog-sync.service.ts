import { Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { ClusterBus } from '../../cluster/cluster-buses';
import { type CatalogEntry, ToolCatalog } from '../../tools/tool-catalog.service';
import { BuiltinToolRegistration } from './builtin-tool-registration.service';
import { RegisteredToolFactory, type ToolRow } from './registered-tool-factory';
import { RegisteredToolsRepository } from './registered-tools.repository';
import { ToolPageCache } from './tool-page-cache';

/** The notice of a committed change to tools: one tool, or all of them (`id` absent). */
export const TOOL_CHANGED_CHANNEL = 'toolhub_tool_changed';
interface ToolChangedNotice {
  id?: string;
}

/**
 * Keeps the served tools (`ToolCatalog`) equal to the active registered tools: filled at start,
 * after the builtin tools are stored, and updated after every committed change to a tool, made
 * here or by another instance (a `tool_changed` notice on the cluster bus, which every change
 * made here is announced on). Updates run one at a time and read the database afresh, so they
 * can never apply out of order, and a notice is applied without being announced again. A
 * stored tool that cannot be served is left out (`RegisteredToolFactory` says why), so no
 * stored row can fail the start. Each change, and each notice, also drops the cached pages of
 * the tool list (`ToolPageCache`) at once, before the catalog's update waits its turn.
 */
@Injectable()
export class ToolCatalogSync implements OnApplicationBootstrap {
  private readonly logger = new Logger('ToolCatalog');
  private queue: Promise<void> = Promise.resolve();

  constructor(
    private readonly tools: RegisteredToolsRepository,
    private readonly builtins: BuiltinToolRegistration,
    private readonly factory: RegisteredToolFactory,
    private readonly catalog: ToolCatalog,
    private readonly bus: ClusterBus,
    private readonly pages: ToolPageCache,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    // Listening first: a change committed by another instance while the catalog loads is
    // applied after the load, never lost.
    await this.bus.subscribe(TOOL_CHANGED_CHANNEL, {
      message: (message) => this.applyNotice(message),
      gap: () => void this.reloadAll().catch(() => undefined),
    });
    await this.builtins.register();
    await this.reloadAll();
    // The builtin tools were stored afresh (perhaps by a newer version): others reload.
    this.announce({});
  }

  /** Serves the tool's current state (added, changed, renamed or removed), on every instance. */
  async toolChanged(id: string): Promise<void> {
    this.pages.forgetAll();
    try {
      await this.refresh(id);
    } finally {
      this.announce({ id });
    }
  }

  /** Serves the current state of every tool, after a change to many at once, on every instance. */
  async allChanged(): Promise<void> {
    try {
      await this.reloadAll();
    } finally {
      this.announce({});
    }
  }

  private reloadAll(): Promise<void> {
    this.pages.forgetAll();
    return this.serialized(async () => {
      const rows = await this.tools.allActive();
      this.factory.forgetAll();
      this.catalog.replace(rows.flatMap((row) => this.served(row)));
    });
  }

  private applyNotice(message: string): void {
    this.pages.forgetAll();
    let notice: ToolChangedNotice;
    try {
      notice = JSON.parse(message) as ToolChangedNotice;
    } catch {
      return;
    }
    const applied = typeof notice.id === 'string' ? this.refresh(notice.id) : this.reloadAll();
    applied.catch((error: unknown) =>
      this.logger.warn({ err: error, notice }, 'A tool change of another instance failed to apply'),
    );
  }

  private announce(notice: ToolChangedNotice): void {
    this.bus.publish(TOOL_CHANGED_CHANNEL, JSON.stringify(notice));
  }

  private refresh(id: string): Promise<void> {
    return this.serialized(async () => {
      const row = await this.tools.findActive(id);
      this.factory.forget(id);
      const [served] = row ? this.served(row) : [];
      if (served) this.catalog.set(...served);
      else this.catalog.remove(id);
    });
  }

  /** The catalog entry of a stored tool: none for a tool without an implementation or unusable. */
  private served(row: ToolRow): CatalogEntry[] {
    const tool = this.factory.build(row);
    return tool ? [[row.id, tool, row.public]] : [];
  }

  private serialized(work: () => Promise<void>): Promise<void> {
    const next = this.queue.then(work);
    // A failed update must not block the ones after it; the caller still sees the failure.
    this.queue = next.catch(() => undefined);
    return next;
  }
}
