import { inSpan } from '../../core/telemetry/tracing';
import { useInMemoryTracing } from '../../../test/support/in-memory-tracing';
import {
  type ToolServer,
  startHttpToolServer,
  startMcpToolServer,
} from '../../../test/support/tool-servers';
import { HttpToolRunner } from '../kinds/http/http-tool-runner';
import { McpToolRunner } from '../kinds/mcp/mcp-tool-runner';
import { OutboundFetch } from './outbound-fetch';
import { OutboundPolicy } from './outbound-policy';

const STALE_PARENT = '00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01';

/** `http` and `mcp` tools called by real runners, through the one outbound door, on loopback. */
describe('Outbound tool calls carry the trace of the call', () => {
  useInMemoryTracing();
  const outbound = new OutboundFetch(OutboundPolicy.allowing('127.0.0.1'), 1024 * 1024);
  const signal = new AbortController().signal;
  let httpTool: ToolServer;
  let mcpTool: ToolServer;

  beforeAll(async () => {
    httpTool = await startHttpToolServer();
    mcpTool = await startMcpToolServer();
  });

  afterAll(async () => {
    await outbound.onApplicationShutdown();
    await httpTool.close();
    await mcpTool.close();
  });

  const endpointOf = (server: ToolServer, headers: Record<string, string> = {}) => ({
    url: server.url,
    headers,
    secret_headers: { authorization: 'Bearer tool-key' },
  });

  /** Runs `call` in a span standing for the call's `execute_tool`; its W3C `traceparent`. */
  async function inToolCallSpan(call: () => Promise<unknown>): Promise<string> {
    return inSpan('execute_tool', {}, async (span) => {
      await call();
      const { traceId, spanId } = span.spanContext();
      return `00-${traceId}-${spanId}-01`;
    });
  }

  it("sends an http tool the active span's traceparent, beside the tool's own headers", async () => {
    const runner = new HttpToolRunner(outbound);
    const traceParent = await inToolCallSpan(() =>
      runner.run(endpointOf(httpTool, { 'x-tenant': 'acme' }), { q: 1 }, signal),
    );
    const { headers } = httpTool.requests.at(-1)!;
    expect(headers.traceparent).toBe(traceParent);
    expect(headers['x-tenant']).toBe('acme');
    expect(headers.authorization).toBe('Bearer tool-key');
  });

  it("replaces a tool's own traceparent and tracestate with the call's", async () => {
    const runner = new HttpToolRunner(outbound);
    const endpoint = endpointOf(httpTool, { traceparent: STALE_PARENT, tracestate: 'vendor=x' });
    const traceParent = await inToolCallSpan(() => runner.run(endpoint, {}, signal));
    const { headers } = httpTool.requests.at(-1)!;
    expect(headers.traceparent).toBe(traceParent);
    expect(headers.traceparent).not.toBe(STALE_PARENT);
    expect(headers).not.toHaveProperty('tracestate');
  });

  it("leaves the tool's headers as they are outside any trace", async () => {
    const runner = new HttpToolRunner(outbound);
    await runner.run(endpointOf(httpTool), {}, signal);
    expect(httpTool.requests.at(-1)!.headers).not.toHaveProperty('traceparent');
    await runner.run(endpointOf(httpTool, { traceparent: STALE_PARENT }), {}, signal);
    expect(httpTool.requests.at(-1)!.headers.traceparent).toBe(STALE_PARENT);
  });

  it("sends every request of an mcp tool's call the active span's traceparent", async () => {
    const runner = new McpToolRunner(outbound);
    const before = mcpTool.requests.length;
    const traceParent = await inToolCallSpan(() =>
      runner.run({ ...endpointOf(mcpTool), tool_name: 'shout' }, { text: 'hi' }, signal),
    );
    const sent = mcpTool.requests.slice(before);
    // The JSON-RPC messages posted, and the client's attempt to open a stream (GET, no body).
    const methods = sent.map(({ method, body }) =>
      body ? (JSON.parse(body) as { method: string }).method : method,
    );
    expect(methods).toEqual(expect.arrayContaining(['initialize', 'tools/call']));
    for (const { headers } of sent) {
      expect(headers.traceparent).toBe(traceParent);
      expect(headers.authorization).toBe('Bearer tool-key');
    }
  });
});
