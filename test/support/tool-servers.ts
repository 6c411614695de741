/**
 * Tool endpoints that registered `http` and `mcp` tools point at, started on loopback inside a
 * test: they record what toolhub sent them and when toolhub hung up.
 */
import {
  type IncomingHttpHeaders,
  type IncomingMessage,
  type Server,
  type ServerResponse,
  createServer,
} from 'node:http';
import { type AddressInfo } from 'node:net';
import { Server as McpServer } from '@modelcontextprotocol/sdk/server/index.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import {
  CallToolRequestSchema,
  type CallToolResult,
  ListToolsRequestSchema,
} from '@modelcontextprotocol/sdk/types.js';

/** One request a tool server received. */
export interface ReceivedRequest {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  /** The raw body text. */
  body: string;
  /** When the request arrived (`performance.now()`). */
  receivedAt: number;
  /** When the connection closed before an answer was sent; undefined while open or answered. */
  abortedAt?: number;
  /** Resolves with `abortedAt` once the client hangs up without an answer. */
  aborted: Promise<number>;
}

export interface ToolServer {
  /** The endpoint URL (`http://127.0.0.1:<port>/<path>`). */
  url: string;
  requests: ReceivedRequest[];
  close(): Promise<void>;
}

/** What an HTTP tool server answers: a status and JSON body, or `'hang'` to never answer. */
export type HttpToolAnswer = { status?: number; json?: unknown; text?: string } | 'hang';

/**
 * An HTTP tool endpoint. By default it echoes the JSON it was sent as `{ received: <body> }`;
 * `answer` decides otherwise (e.g. `'hang'` for a tool that never finishes).
 */
export async function startHttpToolServer(
  answer: (request: ReceivedRequest) => HttpToolAnswer = (request) => ({
    json: { received: JSON.parse(request.body) as unknown },
  }),
  path = '/tool',
): Promise<ToolServer> {
  const requests: ReceivedRequest[] = [];
  const server = recordingServer(requests, (received, _req, res) => {
    const outcome = answer(received);
    if (outcome === 'hang') return;
    if (outcome.text !== undefined) {
      res.writeHead(outcome.status ?? 200, { 'content-type': 'text/plain' });
      res.end(outcome.text);
      return;
    }
    res.writeHead(outcome.status ?? 200, { 'content-type': 'application/json' });
    res.end(JSON.stringify(outcome.json ?? null));
  });
  return listen(server, path, requests);
}

/** A tool of the test MCP server. */
/** An HTTP tool server that holds each call until the test releases it. */
export interface GatedToolServer extends ToolServer {
  /** Calls received and not answered yet, in arrival order. */
  held(): ReceivedRequest[];
  /** The most calls held at once so far. */
  mostHeld(): number;
  /** Answers every held call: its echo, or a 503 for the calls `fails` picks. */
  releaseAll(fails?: (request: ReceivedRequest) => boolean): void;
}

/**
 * An HTTP tool endpoint whose calls wait for the test: what runs at once is seen from the
 * calls held, with no timing. Each call is answered `{ received: <body> }` once released.
 */
export async function startGatedToolServer(): Promise<GatedToolServer> {
  const requests: ReceivedRequest[] = [];
  const waiting = new Map<ReceivedRequest, ServerResponse>();
  let most = 0;
  const server = recordingServer(requests, (received, _req, res) => {
    waiting.set(received, res);
    res.on('close', () => waiting.delete(received));
    most = Math.max(most, waiting.size);
  });
  const listening = await listen(server, '/tool', requests);
  return {
    ...listening,
    held: () => [...waiting.keys()],
    mostHeld: () => most,
    releaseAll: (fails = () => false) => {
      for (const [request, res] of [...waiting]) {
        waiting.delete(request);
        const failed = fails(request);
        res.writeHead(failed ? 503 : 200, { 'content-type': 'application/json' });
        res.end(
          JSON.stringify(
            failed ? { message: 'down' } : { received: JSON.parse(request.body) as unknown },
          ),
        );
      }
    },
  };
}

export interface McpTestTool {
  name: string;
  description: string;
  inputSchema: { type: 'object'; properties?: Record<string, unknown>; required?: string[] };
  call(
    args: Record<string, unknown>,
    signal: AbortSignal,
  ): CallToolResult | Promise<CallToolResult>;
}

/** Tools every test MCP server offers. */
export const MCP_TEST_TOOLS: readonly McpTestTool[] = [
  {
    name: 'get_price',
    description: 'The price of a stock',
    inputSchema: {
      type: 'object',
      properties: { symbol: { type: 'string' } },
      required: ['symbol'],
    },
    call: (args) => ({
      content: [{ type: 'text', text: `price of ${String(args.symbol)}` }],
      structuredContent: { symbol: args.symbol, price: 71200 },
    }),
  },
  {
    name: 'shout',
    description: 'Upper-cases a text; answers text content only',
    inputSchema: { type: 'object', properties: { text: { type: 'string' } } },
    call: (args) => ({ content: [{ type: 'text', text: String(args.text).toUpperCase() }] }),
  },
  {
    name: 'fail',
    description: 'Always fails with a tool error',
    inputSchema: { type: 'object' },
    call: () => ({ isError: true, content: [{ type: 'text', text: 'the market is closed' }] }),
  },
  {
    name: 'hang',
    description: 'Never answers until cancelled',
    inputSchema: { type: 'object' },
    call: (_args, signal) =>
      new Promise<CallToolResult>((_resolve, reject) =>
        signal.addEventListener('abort', () => reject(new Error('cancelled'))),
      ),
  },
];

/**
 * An MCP server (official SDK, low-level `Server` + stateless `StreamableHTTPServerTransport`)
 * on node:http at `/mcp`, offering `MCP_TEST_TOOLS`. Records every HTTP request it receives.
 */
export async function startMcpToolServer(): Promise<ToolServer> {
  const requests: ReceivedRequest[] = [];
  const server = recordingServer(requests, (received, req, res) => {
    // Stateless: no standalone SSE stream (GET) and no session to end (DELETE).
    if (req.method !== 'POST') {
      res.writeHead(405, { allow: 'POST' }).end();
      return;
    }
    void serveMcp(received, req, res);
  });
  return listen(server, '/mcp', requests);
}

async function serveMcp(
  received: ReceivedRequest,
  req: IncomingMessage,
  res: ServerResponse,
): Promise<void> {
  const mcp = new McpServer(
    { name: 'test-tools', version: '1.0.0' },
    { capabilities: { tools: {} } },
  );
  mcp.setRequestHandler(ListToolsRequestSchema, () => ({
    tools: MCP_TEST_TOOLS.map(({ name, description, inputSchema }) => ({
      name,
      description,
      inputSchema,
    })),
  }));
  mcp.setRequestHandler(CallToolRequestSchema, async (request, extra) => {
    const tool = MCP_TEST_TOOLS.find((candidate) => candidate.name === request.params.name);
    if (!tool) {
      return { isError: true, content: [{ type: 'text', text: 'unknown tool' }] };
    }
    return tool.call(request.params.arguments ?? {}, extra.signal);
  });
  const transport = new StreamableHTTPServerTransport({
    sessionIdGenerator: undefined,
    enableJsonResponse: true,
  });
  res.on('close', () => {
    void transport.close();
    void mcp.close();
  });
  await mcp.connect(transport);
  const body: unknown = received.body ? JSON.parse(received.body) : undefined;
  await transport.handleRequest(req, res, body);
}

/** A node:http server that records each request (body read) before `respond` answers it. */
function recordingServer(
  requests: ReceivedRequest[],
  respond: (received: ReceivedRequest, req: IncomingMessage, res: ServerResponse) => void,
): Server {
  return createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      let markAborted!: (at: number) => void;
      const received: ReceivedRequest = {
        method: req.method ?? '',
        url: req.url ?? '',
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
        receivedAt: performance.now(),
        aborted: new Promise<number>((resolve) => (markAborted = resolve)),
      };
      requests.push(received);
      res.on('close', () => {
        if (res.writableFinished) return;
        received.abortedAt = performance.now();
        markAborted(received.abortedAt);
      });
      respond(received, req, res);
    });
  });
}

async function listen(
  server: Server,
  path: string,
  requests: ReceivedRequest[],
): Promise<ToolServer> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}${path}`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
