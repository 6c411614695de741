import { join } from 'node:path';
import { Injectable, Logger, type OnApplicationShutdown } from '@nestjs/common';
import { DataDirectoryConfig } from '../../../../core/config';
import { type StoredToolSource, type UpstreamListing } from '../../tool-source-type.contract';
import { ToolSourcesConfig } from '../../tool-sources.config';
import {
  type SourceClient,
  callSourceTool,
  listSourceTools,
  usingSourceClient,
} from '../mcp/mcp-source-client';
import { type McpSourceClients, type UpstreamCall } from '../mcp/mcp-server-source-type';
import { type StdioLaunch } from './stdio-launch';
import { StdioServer } from './stdio-server';

/** A source's process, for the settings it was started with. */
interface Started {
  settings: string;
  server: StdioServer;
}

/**
 * The processes of `mcp_stdio` sources on this instance: one per source, started at its first
 * need (a sync or a call), each in a working directory of its own under the data directory
 * (`<DATA_DIR>/tool-sources/<source id>`, kept across restarts), stopped when its source is
 * deleted or its settings change, and at shutdown.
 */
@Injectable()
export class StdioServers implements McpSourceClients<StdioLaunch>, OnApplicationShutdown {
  private readonly logger = new Logger('ToolSources');
  private readonly started = new Map<string, Started>();

  constructor(
    private readonly config: ToolSourcesConfig,
    private readonly data: DataDirectoryConfig,
  ) {}

  list(
    source: StoredToolSource,
    launch: StdioLaunch,
    { signal, limit }: { signal: AbortSignal; limit: number },
  ): Promise<UpstreamListing> {
    return usingSourceClient(
      this.clientOf(source, launch),
      { signal, server: describe(source) },
      (client) => listSourceTools(client, { signal, limit }),
    );
  }

  call(source: StoredToolSource, launch: StdioLaunch, call: UpstreamCall): Promise<unknown> {
    return usingSourceClient(
      this.clientOf(source, launch),
      { signal: call.signal, server: describe(source) },
      (client) =>
        callSourceTool(client, {
          ...call,
          what: `MCP tool '${call.name}' of the ${describe(source)}`,
        }),
    );
  }

  /** Listens for the server's notices, without starting it: it starts at its first need. */
  watch(source: StoredToolSource, launch: StdioLaunch, changed: () => void): () => void {
    const { listeners } = this.serverOf(source, launch);
    listeners.add(changed);
    return () => listeners.delete(changed);
  }

  async release(sourceId: string): Promise<void> {
    const started = this.started.get(sourceId);
    this.started.delete(sourceId);
    await started?.server.stop();
  }

  async onApplicationShutdown(): Promise<void> {
    await Promise.all([...this.started.keys()].map((id) => this.release(id)));
  }

  /**
   * The client of the source's process, started if need be; none where stdio sources were
   * turned off after the source was added: it stays, and runs nothing until they are back on.
   */
  private clientOf(source: StoredToolSource, launch: StdioLaunch): Promise<SourceClient> {
    if (!this.config.TOOL_SOURCE_STDIO) {
      return Promise.reject(new Error('mcp_stdio sources are off here (TOOL_SOURCE_STDIO)'));
    }
    return this.serverOf(source, launch).client();
  }

  /** The source's process for these settings: the one there is, or a new one (not started). */
  private serverOf(source: StoredToolSource, launch: StdioLaunch): StdioServer {
    const settings = JSON.stringify(launch);
    const open = this.started.get(source.id);
    if (open?.settings === settings) return open.server;
    if (open) void open.server.stop();
    const server = new StdioServer(launch, {
      cwd: join(this.data.DATA_DIR, 'tool-sources', source.id),
      maxTools: this.config.TOOL_SOURCE_MAX_TOOLS,
      startTimeoutMs: this.config.TOOL_SOURCE_SYNC_TIMEOUT_SECONDS * 1000,
      logStderr: (line) => this.logger.log(`source '${source.name}' stderr: ${line}`),
      logLifecycle: (message) => this.logger.warn(`source '${source.name}': ${message}`),
    });
    this.started.set(source.id, { settings, server });
    return server;
  }
}

/** The source's process as a failure names it: its command, never its environment (secrets). */
function describe(source: StoredToolSource): string {
  return `process of source '${source.name}' (${String(source.settings.command)})`;
}
