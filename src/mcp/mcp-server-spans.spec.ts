import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { type Span, SpanKind, SpanStatusCode } from '@opentelemetry/api';
import { type ReadableSpan } from '@opentelemetry/sdk-trace-base';
import { inSpan } from '../core/telemetry/tracing';
import { useInMemoryTracing } from '../../test/support/in-memory-tracing';
import { useServiceModule } from '../../test/support/service-module';
import { toolAccessOf } from '../tools/tool-scope';
import { McpServerFactory } from './mcp-server.factory';

const CLIENT_TRACE_ID = '4bf92f3577b34da6a3ce929d0e0e4736';
const CLIENT_SPAN_ID = '00f067aa0ba902b7';
const CLIENT_META = {
  traceparent: `00-${CLIENT_TRACE_ID}-${CLIENT_SPAN_ID}-01`,
  tracestate: 'rojo=00f067aa0ba902b7',
};

/**
 * The MCP server's spans, driven by the official client over an in-memory transport. Each call is
 * sent from within a span standing for the HTTP request that carries it (`POST /mcp`), as the
 * HTTP instrumentation's span is active when the controller hands a request to the server.
 */
describe('MCP server spans', () => {
  const spans = useInMemoryTracing();
  const module = useServiceModule();
  let client: Client;

  beforeAll(async () => {
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
    await module().get(McpServerFactory).create(toolAccessOf(undefined)).connect(serverSide);
    client = new Client({ name: 'spans-test', version: '1.0.0' });
    await client.connect(clientSide);
  });

  afterAll(async () => {
    await client.close();
  });

  /** Runs `send` within a span standing for the HTTP request; that span. */
  async function overHttp(send: () => Promise<unknown>): Promise<Span> {
    return inSpan('POST /mcp', { kind: SpanKind.SERVER }, async (span) => {
      await send();
      return span;
    });
  }

  const isChildOf = (span: ReadableSpan, parent: { traceId: string; spanId: string }) =>
    span.spanContext().traceId === parent.traceId &&
    span.parentSpanContext?.spanId === parent.spanId;

  it("handles a tools/call in a SERVER span whose parent is the client's _meta traceparent", async () => {
    const http = await overHttp(() =>
      client.callTool({
        name: 'encodePlantUML',
        arguments: { plantumlCode: 'A -> B' },
        _meta: CLIENT_META,
      }),
    );
    const span = await spans.named('tools/call encodePlantUML');
    expect(span.kind).toBe(SpanKind.SERVER);
    expect(isChildOf(span, { traceId: CLIENT_TRACE_ID, spanId: CLIENT_SPAN_ID })).toBe(true);
    expect(span.spanContext().traceState?.get('rojo')).toBe('00f067aa0ba902b7');
    expect(span.links.map((link) => link.context.spanId)).toEqual([http.spanContext().spanId]);
    expect(span.attributes).toMatchObject({
      'mcp.method.name': 'tools/call',
      'gen_ai.tool.name': 'encodePlantUML',
      'gen_ai.operation.name': 'execute_tool',
      'jsonrpc.request.id': expect.stringMatching(/^\d+$/),
    });
    expect(span.status.code).toBe(SpanStatusCode.UNSET);
    const execution = await spans.ended((ended) => isChildOf(ended, span.spanContext()));
    expect(execution.attributes['gen_ai.operation.name']).toBe('execute_tool');
  });

  it.each([
    ['without _meta', undefined],
    ['with a malformed traceparent', { traceparent: '00-not-a-trace-01' }],
    ['with a traceparent that is no text', { traceparent: 42 }],
  ])('nests a tools/call %s under the HTTP span, unlinked', async (_case, meta) => {
    const http = await overHttp(() =>
      client.callTool({
        name: 'encodePlantUML',
        arguments: { plantumlCode: 'A -> B' },
        ...(meta && { _meta: meta }),
      }),
    );
    const span = await spans.named('tools/call encodePlantUML');
    expect(isChildOf(span, http.spanContext())).toBe(true);
    expect(span.links).toEqual([]);
  });

  it('marks a tool that fails tool_error, the failure being its result', async () => {
    let result: unknown;
    await overHttp(async () => {
      result = await client.callTool({ name: 'encodePlantUML', arguments: { plantumlCode: '' } });
    });
    expect(result).toMatchObject({ isError: true });
    const span = await spans.named('tools/call encodePlantUML');
    expect(span.attributes['error.type']).toBe('tool_error');
    expect(span.status.code).toBe(SpanStatusCode.ERROR);
  });

  it('marks an unknown tool with the JSON-RPC error code it is answered with', async () => {
    await overHttp(() =>
      client.callTool({ name: 'no_such_tool', arguments: {} }).catch(() => undefined),
    );
    const span = await spans.named('tools/call no_such_tool');
    expect(span.attributes).toMatchObject({
      'error.type': '-32602',
      'rpc.response.status_code': '-32602',
    });
    expect(span.status).toEqual({
      code: SpanStatusCode.ERROR,
      message: expect.stringContaining('Unknown tool: no_such_tool'),
    });
  });

  it('handles tools/list in a span of its own, which is no tool call', async () => {
    const http = await overHttp(() => client.listTools());
    const span = await spans.named('tools/list');
    expect(span.kind).toBe(SpanKind.SERVER);
    expect(isChildOf(span, http.spanContext())).toBe(true);
    expect(span.attributes['mcp.method.name']).toBe('tools/list');
    expect(span.attributes).not.toHaveProperty('gen_ai.operation.name');
  });
});
