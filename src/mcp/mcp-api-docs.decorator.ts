import { applyDecorators } from '@nestjs/common';
import { ApiBody, ApiHeader, ApiOperation, ApiResponse } from '@nestjs/swagger';
import { OPTIONAL_KEY_ERRORS } from '../api-keys/optional-api-key.decorator';
import {
  type DomainError,
  InvalidJsonError,
  PayloadTooLargeError,
  UnsupportedMediaTypeError,
} from '../core/errors';
import { BadRequestError } from '../core/errors';
import { ApiErrorResponses } from '../core/http/api-error-responses.decorator';
import { onFirstUse } from '../core/on-first-use';
import { InvalidJsonRpcMessageError, jsonRpcMessageProblemOf } from './json-rpc-messages';
import { TRANSPORT_ERROR, jsonRpcFailureBodyOf } from './json-rpc-replies';
import { ForbiddenOriginError } from './origin-policy';
import { invalidParamsReplyOf } from './request-params';
import { SESSION_NOT_FOUND } from './sessions/session-not-found';
import { PROTOCOL_ERROR_CODES } from './protocol-errors';

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

const MESSAGE_OR_BATCH = { oneOf: [JSON_RPC_MESSAGE, { type: 'array', items: JSON_RPC_MESSAGE }] };

/** What a `tools/call` with array arguments is told, from the check itself. */
function arrayArgumentsMessage(): string {
  return (
    invalidParamsReplyOf({
      jsonrpc: '2.0',
      id: 1,
      method: 'tools/call',
      params: { name: 'wordCount', arguments: [] },
    })?.error.message ?? ''
  );
}

type NamedExample = [name: string, example: { summary?: string; value: unknown }];

/** A JSON-RPC error as an example named `<code> <name>`, its message as the summary. */
function jsonRpcExample(
  name: string,
  code: number,
  message: string,
  id: number | null = null,
): NamedExample {
  return [
    `${code} ${name}`,
    { summary: message, value: { jsonrpc: '2.0', id, error: { code, message } } },
  ];
}

/**
 * As `jsonRpcExample`, its message made when the document is built (when its getters are read)
 * rather than when this file loads at start: for a message the SDK's schemas make.
 */
function jsonRpcExampleWhenRead(
  name: string,
  code: number,
  message: () => string,
  id: number,
): NamedExample {
  const example = onFirstUse(() => jsonRpcExample(name, code, message(), id)[1]);
  return [
    `${code} ${name}`,
    {
      get summary() {
        return example().summary;
      },
      get value() {
        return example().value;
      },
    },
  ];
}

/** The JSON-RPC error toolhub answers a failure to read the message with, as an example. */
function failureExample(name: string, error: DomainError): NamedExample {
  const body = jsonRpcFailureBodyOf(error);
  if (!body) throw new Error(`${error.code} is not answered as JSON-RPC on /mcp`);
  return jsonRpcExample(name, body.error.code, body.error.message);
}

/** One response of JSON-RPC errors only, with named examples. */
function jsonRpcErrors(status: number, description: string, examples: NamedExample[]) {
  return ApiResponse({
    status,
    description,
    content: {
      'application/json': { schema: JSON_RPC_MESSAGE, examples: Object.fromEntries(examples) },
    },
  });
}

/**
 * The OpenAPI description of `POST /mcp`: JSON-RPC in, JSON-RPC out, errors about the message
 * included; the refusals of the caller (key, origin) are toolhub's envelope.
 */
export function McpEndpointDocs(): MethodDecorator {
  return applyDecorators(
    ApiOperation({
      operationId: 'mcp',
      summary: 'MCP over Streamable HTTP: one JSON-RPC message (or a batch) in, its answer out',
      description:
        'The Model Context Protocol, stateless, for clients of both eras: 2025-era revisions ' +
        '(`initialize` first) and 2026-07-28 (`server/discover`; version and capabilities in ' +
        "each request's `_meta`). Answers are JSON, except a 2025-era `tools/call`, which " +
        'streams as server-sent events. Send `Accept: application/json, text/event-stream`. Without a ' +
        'key, the public tools; with `Authorization: Bearer <api key>`, every tool. A browser ' +
        '`Origin` must be loopback or listed in `MCP_ALLOWED_ORIGINS`. A request that fails on ' +
        'its own (unknown method, invalid params) is answered 200 with its JSON-RPC error; a ' +
        'body that is no message, 400 with one of id null. A 2025-era client that declares ' +
        'elicitation and sends a key gets an `Mcp-Session-Id` with its `initialize` answer, ' +
        'to send on later requests: approvals its calls wait for are asked of it.',
    }),
    ApiBody({
      schema: MESSAGE_OR_BATCH,
      examples: {
        'tools/list': { value: { jsonrpc: '2.0', id: 1, method: 'tools/list', params: {} } },
      },
    }),
    ApiResponse({
      status: 200,
      description: 'The JSON-RPC response (an array for a batch)',
      content: {
        'application/json': {
          schema: MESSAGE_OR_BATCH,
          examples: Object.fromEntries<{ summary?: string; value: unknown }>([
            ['tools/list', { value: { jsonrpc: '2.0', id: 1, result: { tools: [] } } }],
            jsonRpcExample(
              'Method not found',
              PROTOCOL_ERROR_CODES.MethodNotFound,
              'Method not found',
              1,
            ),
            jsonRpcExampleWhenRead(
              'Invalid params',
              PROTOCOL_ERROR_CODES.InvalidParams,
              arrayArgumentsMessage,
              1,
            ),
            jsonRpcExample(
              'Unknown tool',
              PROTOCOL_ERROR_CODES.InvalidParams,
              'Unknown tool: noSuchTool',
              1,
            ),
          ]),
        },
        'text/event-stream': {
          schema: { type: 'string' },
          example:
            'event: message\ndata: {"jsonrpc":"2.0","id":1,"result":{"content":[{"type":"text","text":"{\\"words\\":2}"}],"structuredContent":{"words":2}}}\n\n',
        },
      },
    }),
    jsonRpcErrors(400, 'A body that is not JSON, or not a JSON-RPC message', [
      failureExample(
        'Parse error',
        new InvalidJsonError("Expected property name or '}' in JSON at position 1"),
      ),
      failureExample(
        'Invalid Request',
        new InvalidJsonRpcMessageError(jsonRpcMessageProblemOf(42) ?? ''),
      ),
      jsonRpcExample(
        'Unsupported protocol version',
        TRANSPORT_ERROR,
        'Bad Request: Unsupported protocol version: 1999-01-01 (supported versions: 2025-11-25, …)',
      ),
      jsonRpcExample(
        'Unsupported 2026-era protocol version',
        PROTOCOL_ERROR_CODES.UnsupportedProtocolVersion,
        'Unsupported protocol version: 2027-01-01',
        1,
      ),
    ]),
    jsonRpcErrors(
      406,
      'An `Accept` header without both `application/json` and `text/event-stream`',
      [
        jsonRpcExample(
          'Not Acceptable',
          TRANSPORT_ERROR,
          'Not Acceptable: Client must accept both application/json and text/event-stream',
        ),
      ],
    ),
    sessionNotFound(),
    jsonRpcErrors(413, 'A body over `MAX_BODY_BYTES`', [
      failureExample('Payload too large', new PayloadTooLargeError(1024 * 1024)),
    ]),
    jsonRpcErrors(415, 'A body that is not `application/json`', [
      failureExample('Unsupported media type', new UnsupportedMediaTypeError('text/plain')),
    ]),
    ApiErrorResponses(new ForbiddenOriginError('https://evil.example'), ...OPTIONAL_KEY_ERRORS),
  );
}

/** What a request naming a session that is not the caller's live one is answered. */
function sessionNotFound(): MethodDecorator {
  return jsonRpcErrors(404, "An `Mcp-Session-Id` that is not the caller's live session", [
    jsonRpcExample('Session not found', SESSION_NOT_FOUND.code, SESSION_NOT_FOUND.message),
  ]);
}

/** The OpenAPI description of `DELETE /mcp`: ends a session, as the transport spec lets it. */
export function McpEndSessionDocs(): MethodDecorator {
  return applyDecorators(
    ApiOperation({
      operationId: 'mcpEndSession',
      summary: 'Ends the MCP session named by `Mcp-Session-Id`',
      description: 'Only 2025-era clients that declare elicitation and send a key have a session.',
    }),
    ApiHeader({ name: 'Mcp-Session-Id', required: false, description: 'The session to end' }),
    sessionNotFound(),
    ApiErrorResponses(
      new BadRequestError('Mcp-Session-Id is required: it names the session to end'),
      new ForbiddenOriginError('https://evil.example'),
      ...OPTIONAL_KEY_ERRORS,
    ),
  );
}
