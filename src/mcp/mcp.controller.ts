import { Body, Controller, Delete, Inject, Post, Req, Res } from '@nestjs/common';
import {
  ApiAcceptedResponse,
  ApiNoContentResponse,
  ApiExtraModels,
  ApiTags,
  type OpenAPIObject,
  getSchemaPath,
} from '@nestjs/swagger';
import { OptionalPrincipal } from '../api-keys/current-principal.decorator';
import { OptionalApiKey } from '../api-keys/optional-api-key.decorator';
import { type Principal } from '../api-keys/principal';
import { BadRequestError, MethodNotAllowedError } from '../core/errors';
import { errorResponseDocs } from '../core/http/api-error-responses.decorator';
import { ErrorEnvelopeDto } from '../core/http/dto/error-envelope.dto';
import { nodeRequestOf, takeOverResponse } from '../core/http/node-http';
import { FailureBodiesFrom } from '../core/http/route-catalog.service';
import { toolAccessOf } from '../tools/tool-scope';
import { assertJsonRpcBody } from './json-rpc-messages';
import { jsonRpcFailureBodyOf } from './json-rpc-replies';
import { McpEndSessionDocs, McpEndpointDocs } from './mcp-api-docs.decorator';
import { McpHttpEndpoint } from './mcp-http-endpoint';
import { type OriginPolicy } from './origin-policy';
import { MCP_ORIGIN_POLICY } from './mcp.tokens';
import { McpSessions } from './sessions/mcp-sessions.service';
import { replySessionNotFound } from './sessions/session-not-found';

/**
 * The MCP Streamable HTTP endpoint, stateless, for 2025-era and 2026-07-28 clients alike (see
 * `McpHttpEndpoint`), save the sessions of 2025-era clients that declare elicitation, which
 * DELETE ends. Clients without a key see the public tools; with
 * `Authorization: Bearer <api key>`, every tool.
 */
@ApiTags('mcp')
@ApiExtraModels(ErrorEnvelopeDto)
@OptionalApiKey()
@FailureBodiesFrom(jsonRpcFailureBodyOf)
@Controller('mcp')
export class McpController {
  constructor(
    private readonly endpoint: McpHttpEndpoint,
    private readonly sessions: McpSessions,
    @Inject(MCP_ORIGIN_POLICY) private readonly origins: OriginPolicy,
  ) {}

  @Post()
  @McpEndpointDocs()
  // Beside the method, not inside the composed docs: the Swagger plugin reads the method's own
  // decorators, and without a success response there it would document a 201 that never comes.
  @ApiAcceptedResponse({ description: 'Notifications or responses only: nothing to answer' })
  async handle(
    @OptionalPrincipal() caller: Principal | undefined,
    @Req() request: unknown,
    @Res() response: unknown,
    @Body() body: unknown,
  ) {
    const req = nodeRequestOf(request);
    const origin = req.headers.origin;
    this.origins.check(typeof origin === 'string' ? origin : undefined);
    assertJsonRpcBody(body);

    await this.endpoint.serve(toolAccessOf(caller), req, takeOverResponse(response), body);
  }

  @Delete()
  @McpEndSessionDocs()
  @ApiNoContentResponse({ description: 'The session has ended' })
  async end(
    @OptionalPrincipal() caller: Principal | undefined,
    @Req() request: unknown,
    @Res() response: unknown,
  ) {
    const req = nodeRequestOf(request);
    const origin = req.headers.origin;
    this.origins.check(typeof origin === 'string' ? origin : undefined);
    const sessionId = req.headers['mcp-session-id'];
    if (typeof sessionId !== 'string') {
      throw new BadRequestError('Mcp-Session-Id is required: it names the session to end');
    }
    const res = takeOverResponse(response);
    const access = toolAccessOf(caller);
    const ended =
      (await this.endpoint.endFixtureSession(access, sessionId)) ||
      (await this.sessions.end(access, sessionId));
    if (!ended) return replySessionNotFound(res);
    res.writeHead(204).end();
  }
}

/**
 * Documents what GET on `/mcp` answers: 405, as the transport spec lets a server without a
 * standalone stream do. No handler serves it (the route catalog answers, allowing the methods
 * served), so it is added to the document here.
 */
export function addMcpUnservedMethods(document: OpenAPIObject): void {
  const { description, examples } = errorResponseDocs([
    new MethodNotAllowedError(['POST', 'DELETE'], ['POST', 'DELETE', 'OPTIONS']),
  ]);
  const notServed = (operationId: string, summary: string) => ({
    operationId,
    summary,
    tags: ['mcp'],
    responses: {
      405: {
        description,
        content: {
          'application/json': { schema: { $ref: getSchemaPath(ErrorEnvelopeDto) }, examples },
        },
      },
    },
  });
  document.paths['/mcp'] = {
    ...document.paths['/mcp'],
    get: notServed('mcpOpenStream', 'No server-initiated stream: the server is stateless'),
  };
}
