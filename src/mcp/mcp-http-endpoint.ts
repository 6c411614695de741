import { type IncomingMessage, type ServerResponse } from 'node:http';
import { Inject, Injectable, Logger, type OnApplicationShutdown } from '@nestjs/common';
import {
  type AuthInfo,
  type JSONRPCMessage,
  type McpHttpHandler,
  type McpServer,
  type RequestId,
  type Server,
} from '@modelcontextprotocol/server';
import { type NodeMcpRequestHandler } from '@modelcontextprotocol/node';
import { type ToolAccess, toolAccessOf } from '../tools/tool-scope';
import { type ConformanceFixtures, type ConformanceFixturesStarter } from './conformance-fixtures';
import { mcpNodeSdk, mcpServerSdk } from './loaded-on-first-use';
import { MCP_CONFORMANCE_FIXTURES } from './mcp.tokens';
import { McpServerFactory } from './mcp-server.factory';
import { ParamsCheckingTransport } from './params-checking.transport';
import { ApprovalAnswers } from './sessions/approval-answers';
import { type ApprovalAskers, approvalAskerOn } from './sessions/approval-requests';
import { type McpSessionRow } from './sessions/mcp-sessions.repository';
import { McpSessions } from './sessions/mcp-sessions.service';
import { replySessionNotFound } from './sessions/session-not-found';

/**
 * Serves one POST to `/mcp` in whichever protocol era it speaks. Both legs are stateless (a
 * server per request, so any instance behind a load balancer can answer):
 * - 2026-07-28 requests (version and capabilities in `_meta`) go to the SDK's handler for them;
 * - 2025-era requests (`initialize` first, no envelope) to a Streamable HTTP transport of this
 *   endpoint's own, which answers with JSON except for tool calls: those stream (SSE), so the
 *   server can send progress and requests to the client while the call runs. The SDK's own
 *   stateless fallback streams every answer.
 * The caller's access rides to the server as the request's `authInfo`, the SDK's way to hand a
 * verified caller to the factory. The one exception to statelessness: a 2025-era client that
 * declares elicitation gets a stored session (`McpSessions`), so that approvals can be asked of
 * it on a call's stream and its answers, posted to any instance, decide them.
 */
@Injectable()
export class McpHttpEndpoint implements OnApplicationShutdown {
  private readonly logger = new Logger('MCP');
  /** Made by the first request, which loads the SDK: a start that serves no MCP never does. */
  private handlers?: ModernHandlers;

  constructor(
    private readonly servers: McpServerFactory,
    private readonly sessions: McpSessions,
    private readonly answers: ApprovalAnswers,
    @Inject(MCP_CONFORMANCE_FIXTURES)
    private readonly startFixtures: ConformanceFixturesStarter | null,
  ) {}

  async serve(
    access: ToolAccess,
    req: IncomingMessage,
    res: ServerResponse,
    body: unknown,
  ): Promise<void> {
    const { isLegacyRequest } = mcpServerSdk();
    const handlers = this.handlersOnFirstUse();
    if (await isLegacyRequest(await mcpNodeSdk().toWebRequest(req, body), body)) {
      return this.serveLegacy(access, req, res, body);
    }
    Object.assign(req, { auth: authInfoOf(access) });
    await handlers.modernNode(req, res, body);
  }

  async onApplicationShutdown(): Promise<void> {
    await this.handlers?.modern.close();
    await this.handlers?.fixtures?.closeSessions();
  }

  private handlersOnFirstUse(): ModernHandlers {
    if (this.handlers) return this.handlers;
    const modern = mcpServerSdk().createMcpHandler(
      ({ authInfo }) => this.serverFor(accessOf(authInfo)),
      { legacy: 'reject' },
    );
    const fixtures = this.startFixtures?.(modern.notify) ?? undefined;
    this.handlers = { modern, modernNode: mcpNodeSdk().toNodeHandler(modern), fixtures };
    return this.handlers;
  }

  /** Ends fixture session `id` of a caller without a key; false for any other session or caller. */
  async endFixtureSession(access: ToolAccess, id: string): Promise<boolean> {
    return this.fixturesFor(access)?.endSession(id) ?? false;
  }

  private async serveLegacy(
    access: ToolAccess,
    req: IncomingMessage,
    res: ServerResponse,
    body: unknown,
  ): Promise<void> {
    if (await this.fixturesFor(access)?.serveSession(req, res, body)) return;
    const { isInitializeRequest, isJSONRPCResponse } = mcpServerSdk();
    const session = await this.sessionOf(access, req, body);
    if (session === 'unknown') return replySessionNotFound(res);
    const messages = (Array.isArray(body) ? body : [body]) as JSONRPCMessage[];
    if (session && messages.every((message) => isJSONRPCResponse(message))) {
      await this.answers.take(session.owner, messages);
      res.writeHead(202).end();
      return;
    }
    // The session id goes out with the answer to the `initialize` that opened it.
    if (session && isInitializeRequest(body)) res.setHeader('Mcp-Session-Id', session.id);
    const transport = new (mcpNodeSdk().NodeStreamableHTTPServerTransport)({
      sessionIdGenerator: undefined,
      enableJsonResponse: !waitsOnWork(body),
    });
    // Closing the transport closes the server on it too.
    res.once('close', () => void transport.close());
    const askApprovals =
      session &&
      ((requestId: RequestId) =>
        approvalAskerOn(transport, requestId, (error) => this.logger.warn(error.message)));
    await this.serverFor(access, askApprovals).connect(new ParamsCheckingTransport(transport));
    await transport.handleRequest(req, res, body);
  }

  /**
   * The session a 2025-era request opens (an `initialize`) or names (`Mcp-Session-Id`); none for
   * sessionless clients, and 'unknown' for an id that is not the caller's live session.
   */
  private async sessionOf(
    access: ToolAccess,
    req: IncomingMessage,
    body: unknown,
  ): Promise<McpSessionRow | 'unknown' | undefined> {
    if (mcpServerSdk().isInitializeRequest(body)) return this.sessions.open(access, body);
    const id = req.headers['mcp-session-id'];
    if (typeof id !== 'string') return undefined;
    return (await this.sessions.resume(access, id)) ?? 'unknown';
  }

  /**
   * toolhub's server for `access`; with MCP_CONFORMANCE_FIXTURES, callers without a key get the
   * conformance suite's fixtures instead (the suite sends no key), which nothing else serves.
   */
  private serverFor(access: ToolAccess, askApprovals?: ApprovalAskers): Server | McpServer {
    return this.fixturesFor(access)?.createServer() ?? this.servers.create(access, askApprovals);
  }

  /** The fixtures, for a caller they serve: one without a key, in fixture mode. */
  private fixturesFor(access: ToolAccess): ConformanceFixtures | undefined {
    return access.scope === 'public' ? this.handlersOnFirstUse().fixtures : undefined;
  }
}

/** The SDK's handler of 2026-07-28 requests, and the conformance fixtures if served. */
interface ModernHandlers {
  modern: McpHttpHandler;
  modernNode: NodeMcpRequestHandler;
  fixtures?: ConformanceFixtures;
}

/**
 * Whether `body` (a message or a batch) holds a `tools/call` or a `tasks/result`: requests that
 * wait on work, which sends progress and asks for approvals on their stream meanwhile.
 */
function waitsOnWork(body: unknown): boolean {
  const messages = (Array.isArray(body) ? body : [body]) as { method?: unknown }[];
  return messages.some(({ method }) => method === 'tools/call' || method === 'tasks/result');
}

/** The SDK's pass-through caller record, carrying toolhub's access; no token travels on. */
function authInfoOf(access: ToolAccess): AuthInfo {
  return { token: '', clientId: access.origin.user, scopes: [access.scope], extra: { access } };
}

function accessOf(authInfo: AuthInfo | undefined): ToolAccess {
  // Only this endpoint calls the handler, always with an access; never serve more than public.
  return (authInfo?.extra?.access as ToolAccess | undefined) ?? toolAccessOf(undefined);
}
