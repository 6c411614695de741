import { Injectable, type OnApplicationShutdown } from '@nestjs/common';
import {
  type ToolEndpoint,
  displayUrlOf,
  requestHeadersOf,
} from '../../../../tools/kinds/endpoint/tool-endpoint';
import { mcpCallFailure } from '../../../../tools/kinds/mcp/mcp-call-answer';
import { OutboundFetch } from '../../../../tools/outbound/outbound-fetch';
import { type UpstreamListing } from '../../tool-source-type.contract';
import { ToolSourcesConfig } from '../../tool-sources.config';
import {
  NO_SDK_TIMEOUT_MS,
  type SourceClient as Client,
  abortable,
  callSourceTool,
  listSourceTools,
  loadClientSdk,
  newSourceClient,
} from './mcp-source-client';

/** One upstream's open connection, for the settings it was opened with. */
interface Connection {
  settings: string;
  client: Promise<Client>;
  /** Told when the upstream says its tools changed. */
  listeners: Set<() => void>;
}

/**
 * The MCP servers of `mcp` sources, one warm client per source on this instance: a call
 * reuses the source's session instead of opening one (a connection and, in the 2025 era, an
 * `initialize` round trip) per call. The client is opened at first need, through the outbound
 * guard, and dropped when it closes, fails, or its source's settings change; the next need
 * opens another. Where the server keeps a stream of notices, `tools/list_changed` reaches the
 * source's listeners.
 */
@Injectable()
export class McpUpstreams implements OnApplicationShutdown {
  private readonly connections = new Map<string, Connection>();

  constructor(
    private readonly outbound: OutboundFetch,
    private readonly config: ToolSourcesConfig,
  ) {}

  async list(
    sourceId: string,
    endpoint: ToolEndpoint,
    { signal, limit }: { signal: AbortSignal; limit: number },
  ): Promise<UpstreamListing> {
    return this.using(sourceId, endpoint, signal, (client) =>
      listSourceTools(client, { signal, limit }),
    );
  }

  call(
    sourceId: string,
    endpoint: ToolEndpoint,
    upstreamName: string,
    args: Record<string, unknown>,
    signal: AbortSignal,
  ): Promise<unknown> {
    return this.using(sourceId, endpoint, signal, (client) =>
      callSourceTool(client, {
        name: upstreamName,
        args,
        signal,
        what: `MCP tool '${upstreamName}' at ${displayUrlOf(endpoint)}`,
      }),
    );
  }

  /** Connects now, to hear the server's notices; returns how to stop listening. */
  watch(sourceId: string, endpoint: ToolEndpoint, changed: () => void): () => void {
    const connection = this.connection(sourceId, endpoint);
    connection.listeners.add(changed);
    // A server that cannot be reached now is tried again at the next sync or call.
    connection.client.catch(() => undefined);
    return () => connection.listeners.delete(changed);
  }

  async release(sourceId: string): Promise<void> {
    const connection = this.connections.get(sourceId);
    if (!connection) return;
    this.connections.delete(sourceId);
    await closeQuietly(connection);
  }

  async onApplicationShutdown(): Promise<void> {
    await Promise.all([...this.connections.keys()].map((id) => this.release(id)));
  }

  /**
   * Runs `work` with the source's client; a failure that is not the caller's abort drops the
   * client, so that the next need connects afresh (a server restarted, a session expired).
   */
  private async using<T>(
    sourceId: string,
    endpoint: ToolEndpoint,
    signal: AbortSignal,
    work: (client: Client) => Promise<T>,
  ): Promise<T> {
    const connection = this.connection(sourceId, endpoint);
    try {
      return await work(await abortable(connection.client, signal));
    } catch (error) {
      if (signal.aborted) throw signal.reason;
      if (this.connections.get(sourceId) === connection) void this.release(sourceId);
      throw mcpCallFailure(error, displayUrlOf(endpoint));
    }
  }

  /** The source's connection for these settings: the open one, or a new one. */
  private connection(sourceId: string, endpoint: ToolEndpoint): Connection {
    const settings = JSON.stringify(endpoint);
    const open = this.connections.get(sourceId);
    if (open?.settings === settings) return open;
    if (open) void closeQuietly(open);
    const listeners = new Set<() => void>();
    const connection = { settings, listeners, client: this.connect(sourceId, endpoint, listeners) };
    this.connections.set(sourceId, connection);
    return connection;
  }

  private async connect(
    sourceId: string,
    endpoint: ToolEndpoint,
    listeners: Set<() => void>,
  ): Promise<Client> {
    // Only the connection these listeners belong to is forgotten, never a newer one.
    const forget = () => {
      if (this.connections.get(sourceId)?.listeners === listeners) {
        this.connections.delete(sourceId);
      }
    };
    const { Client, StreamableHTTPClientTransport } = await loadClientSdk();
    const client = newSourceClient(Client, {
      era: 'auto',
      maxTools: this.config.TOOL_SOURCE_MAX_TOOLS,
      onToolsChanged: () => listeners.forEach((listener) => listener()),
    });
    const transport = new StreamableHTTPClientTransport(new URL(endpoint.url), {
      requestInit: { headers: requestHeadersOf(endpoint) },
      fetch: (url, init) => this.outbound.fetch(url, init),
    });
    client.onclose = forget;
    try {
      await client.connect(transport, { timeout: NO_SDK_TIMEOUT_MS });
    } catch (error) {
      forget();
      await client.close().catch(() => undefined);
      throw error;
    }
    return client;
  }
}

async function closeQuietly(connection: Connection): Promise<void> {
  const client = await connection.client.catch(() => undefined);
  await client?.close().catch(() => undefined);
}
