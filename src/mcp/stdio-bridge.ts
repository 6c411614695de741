import {
  type JSONRPCMessage,
  ProtocolErrorCode,
  StreamableHTTPClientTransport,
  isInitializeRequest,
  isJSONRPCRequest,
  isJSONRPCResultResponse,
} from '@modelcontextprotocol/client';
import { StdioJsonRpcTransport } from './stdio-json-rpc.transport';

/** Where a bridge forwards to: a running toolhub's `/mcp`, with its API key if given. */
export interface McpEndpoint {
  url: URL;
  apiKey?: string;
}

/**
 * Relays MCP messages unchanged between a desktop client on stdin/stdout and a running toolhub's
 * Streamable HTTP endpoint, so the client is served the server's tools from the server's
 * database instead of opening one of its own; a line that is no message is answered here, as the
 * server would answer it. Closes when the client closes stdin.
 */
export class StdioHttpBridge {
  private readonly stdio = new StdioJsonRpcTransport();
  private readonly http: StreamableHTTPClientTransport;
  /** Ids of initialize requests in flight: their answer fixes the protocol revision. */
  private readonly initializeIds = new Set<string | number>();

  constructor(private readonly endpoint: McpEndpoint) {
    this.http = new StreamableHTTPClientTransport(endpoint.url, {
      requestInit: endpoint.apiKey
        ? { headers: { Authorization: `Bearer ${endpoint.apiKey}` } }
        : undefined,
    });
  }

  async start(): Promise<void> {
    this.http.onmessage = (message) => this.toClient(message);
    this.http.onerror = (error) => this.report(error);
    this.stdio.onmessage = (message) => this.toServer(message);
    this.stdio.onerror = (error) => this.report(error);
    await this.http.start();
    await this.stdio.start();
  }

  async close(): Promise<void> {
    await Promise.allSettled([this.stdio.close(), this.http.close()]);
  }

  private toServer(message: JSONRPCMessage): void {
    if (isInitializeRequest(message) && isJSONRPCRequest(message)) {
      this.initializeIds.add(message.id);
    }
    this.http.send(message).catch((error: Error) => {
      // A request must be answered, or the client waits for ever; a notification has no answer.
      if (!isJSONRPCRequest(message)) return this.report(error);
      void this.stdio.send({
        jsonrpc: '2.0',
        id: message.id,
        error: {
          code: ProtocolErrorCode.InternalError,
          message: `toolhub at ${this.endpoint.url.href}: ${error.message}`,
        },
      });
    });
  }

  private toClient(message: JSONRPCMessage): void {
    if (isJSONRPCResultResponse(message) && this.initializeIds.delete(message.id)) {
      // What the SDK client does after initialize: later requests carry MCP-Protocol-Version.
      const { protocolVersion } = message.result as { protocolVersion?: unknown };
      if (typeof protocolVersion === 'string') this.http.setProtocolVersion(protocolVersion);
    }
    void this.stdio.send(message);
  }

  /** stdout carries the protocol: problems go to stderr, one line each. */
  private report(error: Error): void {
    process.stderr.write(`toolhub mcp: ${error.message}\n`);
  }
}
