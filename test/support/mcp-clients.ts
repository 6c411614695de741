import { type Server } from 'node:http';
import { type AddressInfo } from 'node:net';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { type CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import {
  Client as ModernClient,
  StreamableHTTPClientTransport as ModernHttpClientTransport,
} from '@modelcontextprotocol/client';
import { type TestApp } from './test-app';

/** The protocol revision of the SDK v2's modern era (no `initialize`, `_meta` envelopes). */
export const MODERN_PROTOCOL_VERSION = '2026-07-28';

/** What a Streamable HTTP client must accept (the transport spec requires both). */
export const MCP_ACCEPT = 'application/json, text/event-stream';

/**
 * The base URL of the app's own HTTP server, listening on an ephemeral loopback port, for
 * clients that need a real socket (the SDK transports, `fetch`). `app.close()` stops it.
 */
export async function listeningUrl(testApp: TestApp): Promise<string> {
  const server = testApp.app.getHttpServer() as Server;
  if (!server.listening) {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  }
  const { port } = server.address() as AddressInfo;
  return `http://127.0.0.1:${port}`;
}

/** Clients opened by a suite, closed together when it ends. */
export class McpClients {
  private readonly open: { close(): Promise<void> }[] = [];

  /**
   * The official SDK client, initialised over Streamable HTTP against `${baseUrl}/mcp`, sending
   * `headers` (e.g. an API key's `Authorization`) with every request.
   */
  async connectHttp(
    baseUrl: string,
    name = 'toolhub-e2e',
    headers: Record<string, string> = {},
  ): Promise<{ client: Client; transport: StreamableHTTPClientTransport }> {
    const client = new Client({ name, version: '1.0.0' });
    const transport = new StreamableHTTPClientTransport(new URL('/mcp', baseUrl), {
      requestInit: { headers },
    });
    await client.connect(transport);
    this.open.push(client);
    return { client, transport };
  }

  /**
   * The SDK v2 client pinned to the 2026-07-28 revision (it fails rather than fall back to
   * `initialize`), over Streamable HTTP against `${baseUrl}/mcp`.
   */
  async connectModern(
    baseUrl: string,
    headers: Record<string, string> = {},
  ): Promise<ModernClient> {
    const client = new ModernClient(
      { name: 'toolhub-e2e-modern', version: '1.0.0' },
      { versionNegotiation: { mode: { pin: MODERN_PROTOCOL_VERSION } } },
    );
    await client.connect(
      new ModernHttpClientTransport(new URL('/mcp', baseUrl), { requestInit: { headers } }),
    );
    this.open.push(client);
    return client;
  }

  /** Closes `client` with the others. */
  track(client: { close(): Promise<void> }): void {
    this.open.push(client);
  }

  async closeAll(): Promise<void> {
    await Promise.all(this.open.splice(0).map((client) => client.close()));
  }
}

/**
 * `tools/call` through the SDK client. After `listTools`, the client also checks structured
 * content against the tool's `outputSchema`, errors included.
 */
export async function callTool(
  client: Client,
  name: string,
  args: Record<string, unknown>,
): Promise<CallToolResult> {
  return (await client.callTool({ name, arguments: args })) as CallToolResult;
}

/** The rejection of a promise that must reject. */
export async function rejectionOf(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected a rejection');
}

let nextId = 1;

/** A JSON-RPC request body, as an MCP client would send it. */
export function jsonRpc(method: string, params: Record<string, unknown> = {}) {
  return { jsonrpc: '2.0', id: nextId++, method, params };
}

/**
 * A request without params of a 2026-era revision (by default 2026-07-28) as the SDK v2 client
 * sends it, and the headers that era adds: body and headers for `postMcp`.
 */
export function modernRequest(method: string, version = MODERN_PROTOCOL_VERSION) {
  const request = jsonRpc(method, {
    _meta: {
      'io.modelcontextprotocol/protocolVersion': version,
      'io.modelcontextprotocol/clientCapabilities': {},
      'io.modelcontextprotocol/clientInfo': { name: 'raw-fetch', version: '1.0.0' },
    },
  });
  const headers = { 'MCP-Protocol-Version': version, 'Mcp-Method': method };
  return { request, headers };
}

/** An `initialize` request body for the given protocol revision. */
export function initializeRequest(protocolVersion: string) {
  return jsonRpc('initialize', {
    protocolVersion,
    capabilities: {},
    clientInfo: { name: 'raw-fetch', version: '1.0.0' },
  });
}

/** A raw POST to `/mcp` with the headers a Streamable HTTP client sends, plus `headers`. */
export function postMcp(
  baseUrl: string,
  body: unknown,
  headers: Record<string, string> = {},
): Promise<Response> {
  return postMcpText(baseUrl, JSON.stringify(body), headers);
}

/** `postMcp` with the body's text as given, for bodies no client would send. */
export function postMcpText(
  baseUrl: string,
  text: string,
  headers: Record<string, string> = {},
): Promise<Response> {
  return fetch(new URL('/mcp', baseUrl), {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Accept: MCP_ACCEPT, ...headers },
    body: text,
  });
}

/** `toolhub_tool_invocations_total` from `/metrics`, keyed by `tool transport outcome`. */
export async function invocationCounts(testApp: TestApp): Promise<Map<string, number>> {
  const response = await testApp.http.get('/metrics');
  const counts = new Map<string, number>();
  const sample =
    /^toolhub_tool_invocations_total\{tool="([^"]*)",transport="([^"]*)",outcome="([^"]*)"\} (\d+)$/;
  for (const line of response.text.split('\n')) {
    const match = sample.exec(line);
    if (match) counts.set(`${match[1]} ${match[2]} ${match[3]}`, Number(match[4]));
  }
  return counts;
}

/** The parts of a JSON-RPC reply to `initialize` or `tools/list` the tests read. */
export interface JsonRpcReply {
  jsonrpc: '2.0';
  id: number | string | null;
  result?: {
    protocolVersion?: string;
    serverInfo?: { name: string; version: string };
    tools?: { name: string }[];
  };
  error?: { code: number; message: string };
}

/** The JSON-RPC messages of a response streamed as server-sent events, in the order sent. */
export async function sseMessages(response: Response): Promise<unknown[]> {
  return (await response.text())
    .split('\n')
    .filter((line) => line.startsWith('data: ') && line.length > 'data: '.length)
    .map((line) => JSON.parse(line.slice('data: '.length)) as unknown);
}

export async function jsonRpcReply(response: Response): Promise<JsonRpcReply> {
  return (await response.json()) as JsonRpcReply;
}
