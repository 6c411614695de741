import { type IncomingMessage, type ServerResponse } from 'node:http';
import { Injectable, type OnApplicationShutdown } from '@nestjs/common';
import { type AuthInfo, createMcpHandler, isLegacyRequest } from '@modelcontextprotocol/server';
import {
  NodeStreamableHTTPServerTransport,
  type NodeMcpRequestHandler,
  toNodeHandler,
  toWebRequest,
} from '@modelcontextprotocol/node';
import { type ToolAccess, toolAccessOf } from '../tools/tool-scope';
import { McpServerFactory } from './mcp-server.factory';

/**
 * Serves one POST to `/mcp` in whichever protocol era it speaks. Both legs are stateless (a
 * server per request, so any instance behind a load balancer can answer):
 * - 2026-07-28 requests (version and capabilities in `_meta`) go to the SDK's handler for them;
 * - 2025-era requests (`initialize` first, no envelope) to a Streamable HTTP transport that
 *   answers with JSON, as this endpoint always has, which the SDK's own stateless fallback does
 *   not (it streams every answer as SSE).
 * The caller's access rides to the server as the request's `authInfo`, the SDK's way to hand a
 * verified caller to the factory.
 */
@Injectable()
export class McpHttpEndpoint implements OnApplicationShutdown {
  private readonly modern;
  private readonly modernNode: NodeMcpRequestHandler;

  constructor(private readonly servers: McpServerFactory) {
    this.modern = createMcpHandler(({ authInfo }) => this.servers.create(accessOf(authInfo)), {
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
      enableJsonResponse: true,
    });
    // Closing the transport closes the server on it too.
    res.once('close', () => void transport.close());
    await this.servers.connect(access, transport);
    await transport.handleRequest(req, res, body);
  }
}

/** The SDK's pass-through caller record, carrying toolhub's access; no token travels on. */
function authInfoOf(access: ToolAccess): AuthInfo {
  return { token: '', clientId: access.origin.user, scopes: [access.scope], extra: { access } };
}

function accessOf(authInfo: AuthInfo | undefined): ToolAccess {
  // Only this endpoint calls the handler, always with an access; never serve more than public.
  return (authInfo?.extra?.access as ToolAccess | undefined) ?? toolAccessOf(undefined);
}
