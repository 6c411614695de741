import { type IncomingMessage, type ServerResponse } from 'node:http';
import { Injectable, type OnApplicationShutdown } from '@nestjs/common';
import {
  type AuthInfo,
  type McpServer,
  type Server,
  createMcpHandler,
  isLegacyRequest,
} from '@modelcontextprotocol/server';
import {
  NodeStreamableHTTPServerTransport,
  type NodeMcpRequestHandler,
  toNodeHandler,
  toWebRequest,
} from '@modelcontextprotocol/node';
import { type ToolAccess, toolAccessOf } from '../tools/tool-scope';
import { createConformanceFixtureServer } from './conformance-fixtures';
import { McpConfig } from './mcp.config';
import { McpServerFactory } from './mcp-server.factory';
import { ParamsCheckingTransport } from './params-checking.transport';

/**
 * Serves one POST to `/mcp` in whichever protocol era it speaks. Both legs are stateless (a
 * server per request, so any instance behind a load balancer can answer):
 * - 2026-07-28 requests (version and capabilities in `_meta`) go to the SDK's handler for them;
 * - 2025-era requests (`initialize` first, no envelope) to a Streamable HTTP transport of this
 *   endpoint's own, which answers with JSON except for tool calls: those stream (SSE), so the
 *   server can send progress and requests to the client while the call runs. The SDK's own
 *   stateless fallback streams every answer.
 * The caller's access rides to the server as the request's `authInfo`, the SDK's way to hand a
 * verified caller to the factory.
 */
@Injectable()
export class McpHttpEndpoint implements OnApplicationShutdown {
  private readonly modern;
  private readonly modernNode: NodeMcpRequestHandler;

  constructor(
    private readonly servers: McpServerFactory,
    private readonly config: McpConfig,
  ) {
    this.modern = createMcpHandler(({ authInfo }) => this.serverFor(accessOf(authInfo)), {
      legacy: 'reject',
    });
    this.modernNode = toNodeHandler(this.modern);
  }

  async serve(
    access: ToolAccess,
    req: IncomingMessage,
    res: ServerResponse,
    body: unknown,
  ): Promise<void> {
    if (await isLegacyRequest(await toWebRequest(req, body), body)) {
      return this.serveLegacy(access, req, res, body);
    }
    Object.assign(req, { auth: authInfoOf(access) });
    await this.modernNode(req, res, body);
  }

  async onApplicationShutdown(): Promise<void> {
    await this.modern.close();
  }

  private async serveLegacy(
    access: ToolAccess,
    req: IncomingMessage,
    res: ServerResponse,
    body: unknown,
  ): Promise<void> {
    const transport = new NodeStreamableHTTPServerTransport({
      sessionIdGenerator: undefined,
      enableJsonResponse: !callsATool(body),
    });
    // Closing the transport closes the server on it too.
    res.once('close', () => void transport.close());
    await this.serverFor(access).connect(new ParamsCheckingTransport(transport));
    await transport.handleRequest(req, res, body);
  }

  /**
   * toolhub's server for `access`; with MCP_CONFORMANCE_FIXTURES, callers without a key get the
   * conformance suite's fixtures instead (the suite sends no key), which nothing else serves.
   */
  private serverFor(access: ToolAccess): Server | McpServer {
    return this.config.MCP_CONFORMANCE_FIXTURES && access.scope === 'public'
      ? createConformanceFixtureServer(this.modern.notify)
      : this.servers.create(access);
  }
}

/** Whether `body` (a message or a batch) holds a `tools/call`. */
function callsATool(body: unknown): boolean {
  const messages: unknown[] = Array.isArray(body) ? body : [body];
  return messages.some((message) => (message as { method?: unknown }).method === 'tools/call');
}

/** The SDK's pass-through caller record, carrying toolhub's access; no token travels on. */
function authInfoOf(access: ToolAccess): AuthInfo {
  return { token: '', clientId: access.origin.user, scopes: [access.scope], extra: { access } };
}

function accessOf(authInfo: AuthInfo | undefined): ToolAccess {
  // Only this endpoint calls the handler, always with an access; never serve more than public.
  return (authInfo?.extra?.access as ToolAccess | undefined) ?? toolAccessOf(undefined);
}
