import { Injectable, Logger } from '@nestjs/common';
import { type UpstreamToolState } from '../../database/schema';
import { Transactions } from '../../database/transactions';
import { RegisteredToolsRepository } from '../tools/registered-tools.repository';
import { ToolCatalogSync } from '../tools/tool-catalog-sync.service';
import { ImportedToolsRepository } from './imported-tools.repository';
import { importedToolFields, upstreamStateOf } from './imported-tool-fields';
import { importedToolName } from './imported-tool-name';
import { sourceToolImplementation } from './source-tool.kind';
import { ToolSourceChangesRepository } from './tool-source-changes.repository';
import { type UpstreamListing, type UpstreamTool } from './tool-source-type.contract';
import { ToolSourceTypes } from './tool-source-types.service';
import { type ToolSourceRow, ToolSourcesRepository } from './tool-sources.repository';
import { ToolSourcesConfig } from './tool-sources.config';
import { type RefusedUpstreamTool, UpstreamToolScreening } from './upstream-tool-screening';
import { UpstreamChanges } from './upstream-changes';

/** The longest `last_error` kept: an upstream's message or a list of refused tools is cut. */
const MAX_ERROR_LENGTH = 2000;

/**
 * Reads a source's upstream and brings its imported tools in line with it. The first import is
 * the admin's own act: its tools are served at once. Later syncs record what changed (added,
 * changed, removed) and, with `on_change: quarantine`, hold additions and changes for review
 * while the tools keep serving what was approved; removals take effect at once. An upstream
 * that cannot be read leaves the tools as they are, marked with the reason, and the source
 * `error`. Every instance then serves the result (the catalog bus).
 */
@Injectable()
export class ToolSourceSync {
  private readonly logger = new Logger('ToolSources');

  constructor(
    private readonly sources: ToolSourcesRepository,
    private readonly imported: ImportedToolsRepository,
    private readonly tools: RegisteredToolsRepository,
    private readonly changes: ToolSourceChangesRepository,
    private readonly upstreamChanges: UpstreamChanges,
    private readonly types: ToolSourceTypes,
    private readonly screening: UpstreamToolScreening,
    private readonly transactions: Transactions,
    private readonly catalogSync: ToolCatalogSync,
    private readonly config: ToolSourcesConfig,
  ) {}

  /**
   * Syncs the source, if it still exists; a failure to read its upstream is recorded, not thrown.
   * Returns how long the upstream said its list stays valid, when it said.
   */
  async sync(sourceId: string): Promise<{ ttlMs?: number }> {
    const source = await this.sources.find(sourceId);
    if (!source) return {};
    let listing: UpstreamListing;
    try {
      listing = await this.types.typeOf(source.type).list(
        { id: source.id, name: source.name, settings: source.settings },
        {
          signal: AbortSignal.timeout(this.config.TOOL_SOURCE_SYNC_TIMEOUT_SECONDS * 1000),
          limit: this.config.TOOL_SOURCE_MAX_TOOLS,
        },
      );
    } catch (error) {
      await this.recordFailure(source, messageOf(error));
      return {};
    }
    const { accepted, refused } = this.screening.screen(listing.tools, source);
    await this.transactions.run(() => this.apply(source, accepted, refused));
    await this.catalogSync.allChanged();
    return { ttlMs: listing.ttlMs };
  }

  private async apply(
    source: ToolSourceRow,
    listed: UpstreamTool[],
    refused: RefusedUpstreamTool[],
  ): Promise<void> {
    const stored = new Map(
      (await this.imported.ofSource(source.id)).map((row) => [row.upstream_name ?? '', row]),
    );
    // The first import is the admin's own act; after it, `on_change` decides.
    const atOnce = source.last_synced_at === null || source.on_change === 'apply';
    const open = await this.changes.openByUpstreamName(source.id);
    const taken = await this.imported.namesStartingWith(`${source.name}__`);
    for (const tool of listed) {
      const state = upstreamStateOf(tool);
      const row = stored.get(tool.name);
      stored.delete(tool.name);
      if (!row) {
        const name = importedToolName(source.name, tool.name, (candidate) => taken.has(candidate));
        taken.add(name);
        await this.add(source, tool.name, name, state, atOnce, source.last_synced_at === null);
      } else {
        await this.upstreamChanges.compare({
          source,
          row,
          state,
          atOnce,
          open: open.get(tool.name),
        });
      }
    }
    for (const row of stored.values()) {
      if (row.source_state !== 'removed') {
        await this.upstreamChanges.remove(source, row, open.get(row.upstream_name ?? ''));
      }
    }
    await this.sources.update(source.id, {
      status: 'ready',
      last_synced_at: new Date(),
      last_error: refused.length === 0 ? null : bounded(refusalSummary(refused)),
    });
  }

  /** A tool new upstream: served at once, or held for review with its `added` change pending. */
  private async add(
    source: ToolSourceRow,
    upstreamName: string,
    name: string,
    state: UpstreamToolState,
    atOnce: boolean,
    firstImport: boolean,
  ): Promise<void> {
    const row = await this.tools.insert({
      name,
      implementation: sourceToolImplementation(source.id, upstreamName),
      source_id: source.id,
      upstream_name: upstreamName,
      ...importedToolFields(source, state, atOnce ? 'listed' : 'awaiting_review'),
    });
    if (firstImport) return;
    await this.changes.insert({
      source_id: source.id,
      tool_id: row.id,
      upstream_name: upstreamName,
      change: 'added',
      status: atOnce ? 'approved' : 'pending',
      after: state,
      ...(atOnce && { decided_at: new Date() }),
    });
  }

  /**
   * The upstream could not be read: the source is `error` with the reason, and each tool it
   * serves says why it may fail until the upstream is back.
   */
  private async recordFailure(source: ToolSourceRow, message: string): Promise<void> {
    this.logger.warn({ source: source.name, error: message }, 'A tool source failed to sync');
    const reason = bounded(
      `its tool source '${source.name}' cannot reach its upstream: ${message}`,
    );
    await this.transactions.run(async () => {
      await this.sources.update(source.id, { status: 'error', last_error: bounded(message) });
      for (const row of await this.imported.ofSource(source.id)) {
        if (row.source_state === 'listed') {
          await this.tools.update(row.id, { unavailable_reason: reason });
        }
      }
    });
    await this.catalogSync.allChanged();
  }
}

function refusalSummary(refused: RefusedUpstreamTool[]): string {
  return `${refused.length} upstream tool(s) not imported: ${refused
    .map((tool) => `${tool.name.slice(0, 100)}: ${tool.reason}`)
    .join('; ')}`;
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

function bounded(text: string): string {
  return text.length <= MAX_ERROR_LENGTH ? text : `${text.slice(0, MAX_ERROR_LENGTH - 1)}…`;
}
