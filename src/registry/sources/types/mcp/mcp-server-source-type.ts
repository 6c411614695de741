import { type Type } from '@nestjs/common';
import { type DomainError } from '../../../../core/errors';
import { type ToolContext } from '../../../../tools/tool.contract';
import {
  type SourceSettings,
  type SourceTypeRequest,
  type StoredToolSource,
  type ToolSourceType,
  type UpstreamListing,
} from '../../tool-source-type.contract';

/** One call of an upstream tool. */
export interface UpstreamCall {
  name: string;
  args: Record<string, unknown>;
  signal: AbortSignal;
}

/**
 * What keeps the MCP clients of one source type's sources on this instance, each reached with
 * the `Settings` its source connects with.
 */
export interface McpSourceClients<Settings> {
  list(
    source: StoredToolSource,
    settings: Settings,
    options: { signal: AbortSignal; limit: number },
  ): Promise<UpstreamListing>;
  call(source: StoredToolSource, settings: Settings, call: UpstreamCall): Promise<unknown>;
  /** Listens for the server's `tools/list_changed`; returns how to stop. */
  watch(source: StoredToolSource, settings: Settings, changed: () => void): () => void;
  release(sourceId: string): Promise<void>;
}

/**
 * A source type whose upstream is an MCP server, whatever carries it (`mcp`, `mcp_stdio`): its
 * tools are listed, called and watched through its clients, with the settings a source connects
 * with. A type says how its fields are stored and shown, and how a source's settings are opened.
 */
export abstract class McpServerSourceType<
  Request extends SourceTypeRequest,
  Settings,
> implements ToolSourceType<Request> {
  abstract readonly type: string;
  abstract readonly dto: Type<Request>;
  abstract readonly errors: readonly DomainError[];
  protected abstract readonly clients: McpSourceClients<Settings>;

  abstract store(request: Request): Promise<SourceSettings>;
  abstract view(settings: SourceSettings): Record<string, unknown>;
  /** What the source's server is reached with, its secret values opened. */
  protected abstract connectionOf(source: StoredToolSource): Settings;

  list(
    source: StoredToolSource,
    options: { signal: AbortSignal; limit: number },
  ): Promise<UpstreamListing> {
    return this.clients.list(source, this.connectionOf(source), options);
  }

  call(
    source: StoredToolSource,
    upstreamName: string,
    args: Record<string, unknown>,
    context: ToolContext,
  ): Promise<unknown> {
    const call = { name: upstreamName, args, signal: context.signal };
    return this.clients.call(source, this.connectionOf(source), call);
  }

  watch(source: StoredToolSource, changed: () => void): () => void {
    return this.clients.watch(source, this.connectionOf(source), changed);
  }

  release(sourceId: string): Promise<void> {
    return this.clients.release(sourceId);
  }
}
