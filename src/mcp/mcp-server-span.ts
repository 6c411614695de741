import {
  type Attributes,
  type Link,
  SpanKind,
  SpanStatusCode,
  context,
  trace,
} from '@opentelemetry/api';
import { ErrorCode } from '@modelcontextprotocol/sdk/types.js';
import { contextCarriedBy } from '../core/telemetry/trace-propagation';
import { tracer } from '../core/telemetry/tracing';

const TOOL_CALL = 'tools/call';

/** What a span reads of a request: its method, a tool call's name, the client's `_meta`. */
interface McpRequest {
  method: string;
  params?: { name?: unknown; _meta?: Readonly<Record<string, unknown>> };
}

/** What a span reads of the SDK's extra for the request's handler. */
interface McpRequestExtra {
  requestId: string | number;
  sessionId?: string;
  requestInfo?: { headers: Readonly<Record<string, string | string[] | undefined>> };
}

/**
 * Handles an MCP request in its SERVER span, as the MCP semantic conventions have it: named
 * `{method} {tool}` (`tools/call get_price`) or `{method}`. Its parent is the context the client
 * propagated in `params._meta` (W3C `traceparent`, `tracestate`), so that a client's call and
 * toolhub's handling of it are one trace whatever the transport did; the transport's span (the
 * HTTP request's) is then linked. Without `_meta` context it nests under the transport's span.
 * Spans made while handling (a tool call's `execute_tool`) nest under it.
 */
export function inMcpServerSpan<T>(
  request: McpRequest,
  extra: McpRequestExtra,
  handle: () => T | Promise<T>,
): Promise<T> {
  const ambient = context.active();
  const parent = contextCarriedBy(request.params?._meta, ambient);
  const transport = trace.getSpanContext(ambient);
  const links: Link[] =
    transport && trace.getSpanContext(parent)?.spanId !== transport.spanId
      ? [{ context: transport }]
      : [];
  const toolName = toolNameOf(request);
  const name = toolName === undefined ? request.method : `${request.method} ${toolName}`;
  const options = { kind: SpanKind.SERVER, attributes: attributesOf(request, extra), links };
  return tracer.startActiveSpan(name, options, parent, async (span) => {
    try {
      const result = await handle();
      // A tool's failure is a result the client reads, not a protocol error.
      if (isToolError(result)) {
        span.setAttribute('error.type', 'tool_error');
        span.setStatus({ code: SpanStatusCode.ERROR });
      }
      return result;
    } catch (error) {
      const code = jsonRpcCodeOf(error);
      span.setAttributes({ 'error.type': code, 'rpc.response.status_code': code });
      span.setStatus({
        code: SpanStatusCode.ERROR,
        message: error instanceof Error ? error.message : String(error),
      });
      throw error;
    } finally {
      span.end();
    }
  });
}

function toolNameOf({ method, params }: McpRequest): string | undefined {
  return method === TOOL_CALL && typeof params?.name === 'string' ? params.name : undefined;
}

function attributesOf(request: McpRequest, extra: McpRequestExtra): Attributes {
  const toolName = toolNameOf(request);
  const protocolVersion = extra.requestInfo?.headers['mcp-protocol-version'];
  return {
    'mcp.method.name': request.method,
    'jsonrpc.request.id': String(extra.requestId),
    ...(toolName !== undefined && {
      'gen_ai.tool.name': toolName,
      'gen_ai.operation.name': 'execute_tool',
    }),
    ...(typeof protocolVersion === 'string' && { 'mcp.protocol.version': protocolVersion }),
    ...(extra.sessionId !== undefined && { 'mcp.session.id': extra.sessionId }),
  };
}

function isToolError(result: unknown): boolean {
  return (result as { isError?: unknown } | undefined)?.isError === true;
}

/** The JSON-RPC error code the client is answered with, as the SDK picks it. */
function jsonRpcCodeOf(error: unknown): string {
  const code = (error as { code?: unknown } | undefined)?.code;
  return String(Number.isSafeInteger(code) ? code : ErrorCode.InternalError);
}
