import { AsyncLocalStorage } from 'node:async_hooks';
import { Injectable, type OnApplicationShutdown } from '@nestjs/common';
import {
  type ToolEndpoint,
  displayUrlOf,
  requestHeadersOf,
} from '../../../../tools/kinds/endpoint/tool-endpoint';
import { OutboundFetch } from '../../../../tools/outbound/outbound-fetch';
import { type StoredToolSource, type UpstreamListing } from '../../tool-source-type.contract';
import { ToolSourcesConfig } from '../../tool-sources.config';
import {
  NO_SDK_TIMEOUT_MS,
  type SourceClient as Client,
  callSourceTool,
  listSourceTools,
  loadClientSdk,
  newSourceClient,
  usingSourceClient,
} from './mcp-source-client';
import { type McpSourceClients, type UpstreamCall } from './mcp-server-source-type';

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
export class McpUpstreams implements McpSourceClients<ToolEndpoint>, OnApplicationShutdown {
  private readonly connections = new Map<string, Connection>();
  /**
   * The call whose requests are being sent, to end when its answer passes the size limit: the
   * SDK reports a failed server-sent event stream only as a transport error, never to the
   * pending request, and one warm client carries the calls of many callers.
   */
  private readonly sending = new AsyncLocalStorage<AbortController>();

  constructor(
    private readonly outbound: OutboundFetch,
    private readonly config: ToolSourcesConfig,
  ) {}

  list(
    source: StoredToolSource,
    endpoint: ToolEndpoint,
    { signal, limit }: { signal: AbortSignal; limit: number },
  ): Promise<UpstreamListing> {
    return this.using(source.id, endpoint, signal, (client) =>
      listSourceTools(client, { signal, limit }),
    );
  }

  call(source: StoredToolSource, endpoint: ToolEndpoint, call: UpstreamCall): Promise<unknown> {
    const tooLarge = new AbortController();
    const signal = AbortSignal.any([call.signal, tooLarge.signal]);
    return this.sending.run(tooLarge, () =>
      this.using(source.id, endpoint, signal, (client) =>
        callSourceTool(client, {
          ...call,
          signal,
          what: `MCP tool '${call.name}' at ${displayUrlOf(endpoint)}`,
        }),
      ),
    );
  }

  /** Connects now, to hear the server's notices; returns how to stop listening. */
  watch(source: StoredToolSource, endpoint: ToolEndpoint, changed: () => void): () => void {
    const connection = this.connection(source.id, endpoint);
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
  private using<T>(
    sourceId: string,
    endpoint: ToolEndpoint,
    signal: AbortSignal,
    work: (client: Client) => Promise<T>,
  ): Promise<T> {
    const connection = this.connection(sourceId, endpoint);
    const failed = () => {
      if (this.connections.get(sourceId) === connection) void this.release(sourceId);
    };
    return usingSourceClient(
      connection.client,
      { signal, server: displayUrlOf(endpoint), failed },
      work,
    );
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
      fetch: (url, init) => {
        const call = this.sending.getStore();
        return this.outbound.fetch(url, init, (error) => call?.abort(error));
      },
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
