import { Body, Controller, Inject, Post, Req, Res } from '@nestjs/common';
import {
  ApiAcceptedResponse,
  ApiBody,
  ApiExtraModels,
  ApiOkResponse,
  ApiOperation,
  ApiResponse,
  ApiTags,
  type OpenAPIObject,
  getSchemaPath,
} from '@nestjs/swagger';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { OptionalPrincipal } from '../api-keys/current-principal.decorator';
import { OPTIONAL_KEY_ERRORS, OptionalApiKey } from '../api-keys/optional-api-key.decorator';
import { type Principal } from '../api-keys/principal';
import { InvalidJsonError, MethodNotAllowedError, UnsupportedMediaTypeError } from '../core/errors';
import { ApiErrorResponses, errorResponseDocs } from '../core/http/api-error-responses.decorator';
import { ErrorEnvelopeDto } from '../core/http/dto/error-envelope.dto';
import { nodeRequestOf, takeOverResponse } from '../core/http/node-http';
import { toolScopeOf } from '../tools/tool-scope';
import { McpServerFactory } from './mcp-server.factory';
import { ForbiddenOriginError, type OriginPolicy } from './origin-policy';
import { MCP_ORIGIN_POLICY } from './mcp.tokens';

/** A JSON-RPC 2.0 message; the MCP SDK reads and answers it, so only its frame is described. */
const JSON_RPC_MESSAGE = {
  type: 'object',
  required: ['jsonrpc'],
  properties: {
    jsonrpc: { type: 'string', enum: ['2.0'] },
    // A string or an integer; null in an error about a request that could not be read.
    id: { description: 'The request id: a string, an integer, or null' },
    method: { type: 'string' },
    params: { type: 'object', additionalProperties: true },
    result: { type: 'object', additionalProperties: true },
    error: {
      type: 'object',
      required: ['code', 'message'],
      properties: { code: { type: 'integer' }, message: { type: 'string' }, data: {} },
    },
  },
};

/** The SDK's own refusals are JSON-RPC errors, not toolhub's envelope. */
function jsonRpcError(code: number, message: string) {
  return { value: { jsonrpc: '2.0', error: { code, message }, id: null } };
}

/**
 * The MCP Streamable HTTP endpoint, stateless: each request gets its own server and transport,
 * so no instance holds a session and any instance behind a load balancer can answer. JSON
 * responses (no SSE) suffice because tool calls complete within the request. Clients without a
 * key see the public tools; with `Authorization: Bearer <api key>`, every tool.
 */
@ApiTags('mcp')
@ApiExtraModels(ErrorEnvelopeDto)
@OptionalApiKey()
@Controller('mcp')
export class McpController {
  constructor(
    private readonly servers: McpServerFactory,
    @Inject(MCP_ORIGIN_POLICY) private readonly origins: OriginPolicy,
  ) {}

  @Post()
  @ApiOperation({
    operationId: 'mcp',
    summary: 'MCP over Streamable HTTP: one JSON-RPC message (or a batch) in, its answer out',
    description:
      'The Model Context Protocol (`initialize`, `tools/list`, `tools/call`…), stateless and ' +
      'with JSON responses. Send `Accept: application/json, text/event-stream`. Without a key, ' +
      'the public tools; with `Authorization: Bearer <api key>`, every tool. A browser `Origin` ' +
      'must be loopback or listed in `MCP_ALLOWED_ORIGINS`.',
  })
  @ApiBody({
    schema: { oneOf: [JSON_RPC_MESSAGE, { type: 'array', items: JSON_RPC_MESSAGE }] },
    examples: {
      'tools/list': { value: { jsonrpc: '2.0', id: 1, method: 'tools/list', params: {} } },
    },
  })
  @ApiOkResponse({
    description: 'The JSON-RPC response (an array for a batch)',
    schema: { oneOf: [JSON_RPC_MESSAGE, { type: 'array', items: JSON_RPC_MESSAGE }] },
    example: { jsonrpc: '2.0', id: 1, result: { tools: [] } },
  })
  @ApiAcceptedResponse({ description: 'Notifications or responses only: nothing to answer' })
  @ApiResponse({
    status: 400,
    description: 'INVALID_JSON | a JSON-RPC message the SDK refuses',
    content: {
      'application/json': {
        schema: { oneOf: [{ $ref: getSchemaPath(ErrorEnvelopeDto) }, JSON_RPC_MESSAGE] },
        examples: {
          INVALID_JSON: {
            summary: new InvalidJsonError("Unexpected token '}'").message,
            value: {
              success: false,
              error: {
                code: 'INVALID_JSON',
                message: new InvalidJsonError("Unexpected token '}'").message,
              },
            },
          },
          'JSON-RPC -32700': jsonRpcError(-32700, 'Parse error: Invalid JSON-RPC message'),
        },
      },
    },
  })
  @ApiResponse({
    status: 406,
    description: 'An `Accept` header without both `application/json` and `text/event-stream`',
    content: {
      'application/json': {
        schema: JSON_RPC_MESSAGE,
        examples: {
          'JSON-RPC -32000': jsonRpcError(
            -32000,
            'Not Acceptable: Client must accept both application/json and text/event-stream',
          ),
        },
      },
    },
  })
  @ApiErrorResponses(
    new ForbiddenOriginError('https://evil.example'),
    new UnsupportedMediaTypeError('text/plain'),
    ...OPTIONAL_KEY_ERRORS,
  )
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

/**
 * Documents what GET and DELETE on `/mcp` answer: 405, as the transport spec lets a stateless
 * server do (no stream to open, no session to end). No handler serves them (the route catalog
 * answers), so they are added to the document here.
 */
export function addMcpUnservedMethods(document: OpenAPIObject): void {
  const { description, examples } = errorResponseDocs([
    new MethodNotAllowedError(['POST'], ['POST', 'OPTIONS']),
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
    delete: notServed('mcpEndSession', 'No session to end: the server is stateless'),
  };
}
