import { Injectable } from '@nestjs/common';
import { PACKAGE_VERSION } from '../../../core/package-version';
import { OutboundFetch } from '../../outbound/outbound-fetch';
import { type ToolEndpoint, displayUrlOf, requestHeadersOf } from '../endpoint/tool-endpoint';
import { mcpCallAnswer, mcpCallFailure } from './mcp-call-answer';

/** The caller's time limit applies (`runWithTimeout`), not the SDK's default of 60 s. */
const NO_SDK_TIMEOUT_MS = 2 ** 31 - 1;

/**
 * The SDK's client (about 80 modules that nothing else at start needs) is loaded by the first
 * call of an `mcp` tool, not by every start.
 */
async function loadClientSdk() {
  const [{ Client }, { StreamableHTTPClientTransport }, { ResultSchema }] = await Promise.all([
    import('@modelcontextprotocol/sdk/client/index.js'),
    import('@modelcontextprotocol/sdk/client/streamableHttp.js'),
    import('@modelcontextprotocol/sdk/types.js'),
  ]);
  return { Client, StreamableHTTPClientTransport, ResultSchema };
}

/**
 * Runs an `mcp` tool: calls `tool_name` on a remote MCP server over Streamable HTTP with the
 * official SDK client. One session per call, so nothing is held open between calls; aborting
 * the signal cancels the call (the SDK sends `notifications/cancelled`) and closes the session.
 * Every request goes through the outbound policy's `fetch`, so only permitted addresses are
 * reached; errors show no more than an excerpt of what the server answered.
 */
@Injectable()
export class McpToolRunner {
  constructor(private readonly outbound: OutboundFetch) {}

  async run(
    endpoint: ToolEndpoint & { tool_name: string },
    params: Record<string, unknown>,
    signal: AbortSignal,
  ): Promise<unknown> {
    // The SDK reports a failed SSE stream only as a transport error, never to the pending
    // request: an answer past the size limit ends the call through this signal instead.
    const tooLarge = new AbortController();
    const { Client, StreamableHTTPClientTransport, ResultSchema } = await loadClientSdk();
    const client = new Client({ name: 'toolhub', version: PACKAGE_VERSION });
    const transport = new StreamableHTTPClientTransport(new URL(endpoint.url), {
      requestInit: { headers: requestHeadersOf(endpoint) },
      fetch: (url, init) => this.outbound.fetch(url, init, (error) => tooLarge.abort(error)),
    });
    const options = {
      signal: AbortSignal.any([signal, tooLarge.signal]),
      timeout: NO_SDK_TIMEOUT_MS,
    };
    try {
      await client.connect(transport, options);
      // Read permissively: the SDK's strict schema would reject a whole result for one bad item.
      const result: Record<string, unknown> = await client.request(
        { method: 'tools/call', params: { name: endpoint.tool_name, arguments: params } },
        ResultSchema,
        options,
      );
      return mcpCallAnswer(result, `MCP tool '${endpoint.tool_name}' at ${displayUrlOf(endpoint)}`);
    } catch (error) {
      if (signal.aborted) throw signal.reason;
      if (tooLarge.signal.aborted) throw tooLarge.signal.reason;
      throw mcpCallFailure(error, displayUrlOf(endpoint));
    } finally {
      await client.close().catch(() => undefined);
    }
  }
}
