import { type Type } from '@nestjs/common';
import { type DomainError } from '../../core/errors';
import { type JsonSchema } from '../../core/json-schema';
import { type ToolAnnotations, type ToolContext } from '../../tools/tool.contract';

/** A tool as its upstream describes it, before toolhub names and governs it. */
export interface UpstreamTool {
  /** The upstream's own name for it: an MCP tool's name, an OpenAPI operation's id. */
  name: string;
  description: string;
  /** Always of `type: "object"`, with every `$ref` resolved. */
  inputSchema: JsonSchema;
  outputSchema?: JsonSchema;
  annotations?: ToolAnnotations;
}

/** A source's own fields (its type's), as stored: secret values sealed. */
export type SourceSettings = Record<string, unknown>;

/** A source as its type is given it. */
export interface StoredToolSource {
  id: string;
  name: string;
  settings: SourceSettings;
}

/** What one read of an upstream's tools found. */
export interface UpstreamListing {
  tools: UpstreamTool[];
  /** How long the upstream says the list stays valid (an MCP `ttlMs`), when it says. */
  ttlMs?: number;
}

/** The fields every source type's request has; a type's DTO adds its own. */
export interface SourceTypeRequest {
  type: string;
}

/**
 * One kind of upstream that supplies many tools (`type` of a tool source): how its fields are
 * checked, stored and shown, how its tools are read, and how one of them is called. A provider
 * class decorated with `@ToolSourceTypeProvider()` in any module is found at start.
 */
export interface ToolSourceType<Request extends SourceTypeRequest = SourceTypeRequest> {
  /** The `type` this source type owns. */
  readonly type: string;
  /** The class-validator DTO a request's own fields of this type are checked with. */
  readonly dto: Type<Request>;
  /** What calls of its tools can fail with beside any tool's errors (the OpenAPI document). */
  readonly errors: readonly DomainError[];
  /**
   * What is stored of a validated request: secret values sealed. Refuses (a 422 domain error
   * naming the field) what it cannot use: a document that does not parse, an address the
   * outbound policy forbids.
   */
  store(request: Request): Promise<SourceSettings>;
  /** What the API shows of stored settings: secret names, never values. */
  view(settings: SourceSettings): Record<string, unknown>;
  /**
   * The settings with each secret value transformed, so that a key rotation re-seals them at
   * start (as `ToolKind.mapSecrets`); types that store no secret omit it.
   */
  mapSecrets?(settings: SourceSettings, transform: (value: string) => string): SourceSettings;
  /**
   * Reads the upstream's tools. More than `limit` tools fails (naming the limit) rather than
   * reading on; an upstream that does not answer within the signal fails.
   */
  list(
    source: StoredToolSource,
    options: { signal: AbortSignal; limit: number },
  ): Promise<UpstreamListing>;
  /** Calls one of the upstream's tools for a toolhub tool call, honouring `context.signal`. */
  call(
    source: StoredToolSource,
    upstreamName: string,
    args: Record<string, unknown>,
    context: ToolContext,
  ): Promise<unknown>;
  /**
   * Starts listening for the upstream's own notice that its tools changed (MCP
   * `notifications/tools/list_changed`), where it sends one; returns how to stop.
   */
  watch?(source: StoredToolSource, changed: () => void): () => void;
  /** Lets go of what it holds for a source (connections, processes): on delete and shutdown. */
  release?(sourceId: string): Promise<void>;
}
