import {
  type Attributes,
  type Link,
  SpanKind,
  SpanStatusCode,
  context,
  trace,
} from '@opentelemetry/api';
import { contextCarriedBy } from '../core/telemetry/trace-propagation';
import { tracer, tracingRegistered } from '../core/telemetry/tracing';
import { PROTOCOL_ERROR_CODES } from './protocol-errors';

const TOOL_CALL = 'tools/call';

/** What a span reads of a request: its method, a tool call's name, the client's `_meta`. */
interface McpRequest {
  method: string;
  params?: { name?: unknown; _meta?: Readonly<Record<string, unknown>> };
}

/** What a span reads of the SDK's context for the request's handler. */
interface McpRequestContext {
  mcpReq: { id: string | number };
  sessionId?: string;
  http?: { req?: { headers: { get(name: string): string | null } } };
}

/**
 * Handles an MCP request in its SERVER span, as the MCP semantic conventions have it: named
 * `{method} {tool}` (`tools/call get_price`) or `{method}`. Its parent is the context the client
 * propagated in `params._meta` (W3C `traceparent`, `tracestate`), so that a client's call and
 * toolhub's handling of it are one trace whatever the transport did; the transport's span (the
 * HTTP request's) is then linked. Without `_meta` context it nests under the transport's span.
 * Spans made while handling (a tool call's `execute_tool`) nest under it.
 */
export async function inMcpServerSpan<T>(
  request: McpRequest,
  ctx: McpRequestContext,
  handle: () => T | Promise<T>,
): Promise<T> {
  // Nothing records spans: a span would only cost the call.
  if (!tracingRegistered()) return handle();
  const ambient = context.active();
  const parent = contextCarriedBy(request.params?._meta, ambient);
  const transport = trace.getSpanContext(ambient);
  const links: Link[] =
    transport && trace.getSpanContext(parent)?.spanId !== transport.spanId
      ? [{ context: transport }]
      : [];
  const toolName = toolNameOf(request);
  const name = toolName === undefined ? request.method : `${request.method} ${toolName}`;
  const options = { kind: SpanKind.SERVER, attributes: attributesOf(request, ctx), links };
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

function attributesOf(request: McpRequest, ctx: McpRequestContext): Attributes {
  const toolName = toolNameOf(request);
  const protocolVersion = ctx.http?.req?.headers.get('mcp-protocol-version') ?? undefined;
  return {
    'mcp.method.name': request.method,
    'jsonrpc.request.id': String(ctx.mcpReq.id),
    ...(toolName !== undefined && {
      'gen_ai.tool.name': toolName,
      'gen_ai.operation.name': 'execute_tool',
    }),
    ...(protocolVersion !== undefined && { 'mcp.protocol.version': protocolVersion }),
    ...(ctx.sessionId !== undefined && { 'mcp.session.id': ctx.sessionId }),
  };
}

function isToolError(result: unknown): boolean {
  return (result as { isError?: unknown } | undefined)?.isError === true;
}

/** The JSON-RPC error code the client is answered with, as the SDK picks it. */
function jsonRpcCodeOf(error: unknown): string {
  const code = (error as { code?: unknown } | undefined)?.code;
  return String(Number.isSafeInteger(code) ? code : PROTOCOL_ERROR_CODES.InternalError);
}
