import { Body, Controller, Inject, Post, Req, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { OptionalPrincipal } from '../api-keys/current-principal.decorator';
import { type Principal } from '../api-keys/principal';
import { nodeRequestOf, takeOverResponse } from '../core/http/node-http';
import { toolScopeOf } from '../tools/tool-scope';
import { McpServerFactory } from './mcp-server.factory';
import { type OriginPolicy } from './origin-policy';
import { MCP_ORIGIN_POLICY } from './mcp.tokens';

/**
 * The MCP Streamable HTTP endpoint, stateless: each request gets its own server and transport,
 * so no instance holds a session and any instance behind a load balancer can answer. JSON
 * responses (no SSE) suffice because tool calls complete within the request. Clients without a
 * key see the public tools; with `Authorization: Bearer <api key>`, every tool.
 */
@ApiExcludeController()
@Controller('mcp')
export class McpController {
  constructor(
    private readonly servers: McpServerFactory,
    @Inject(MCP_ORIGIN_POLICY) private readonly origins: OriginPolicy,
  ) {}

  // Only POST: a stateless server has no standalone SSE stream (GET) and no session to end
  // (DELETE), and the transport spec lets it answer both with 405, which the route catalog does.
  @Post()
  async handle(
    @OptionalPrincipal() caller: Principal | undefined,
    @Req() request: unknown,
    @Res() response: unknown,
    @Body() body: unknown,
  ) {
    const req = nodeRequestOf(request);
    const origin = req.headers.origin;
    this.origins.check(typeof origin === 'string' ? origin : undefined);

    const res = takeOverResponse(response);
    const server = this.servers.create(toolScopeOf(caller));
    const transport = new StreamableHTTPServerTransport({
      sessionIdGenerator: undefined,
      enableJsonResponse: true,
    });
    res.once('close', () => {
      void transport.close();
      void server.close();
    });
    await server.connect(transport);
    await transport.handleRequest(req, res, body);
  }
}
