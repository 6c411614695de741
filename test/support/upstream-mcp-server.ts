/**
 * An upstream MCP server for tool sources (official SDKs), whose tools a test changes while it
 * runs: `modern` serves the 2026-07-28 revision (SDK v2, with the stateless 2025 fallback) and
 * tells listening clients when its tools change; `legacy` serves 2025-era clients only (SDK v1,
 * stateless); `legacy-sessions` does so with sessions, and tells each session's stream of
 * notices (its GET) when its tools change. It records the headers of every request, and can be taken down (every request
 * answered 503 with an HTML page) and brought back.
 */
import {
  type IncomingHttpHeaders,
  type IncomingMessage,
  type ServerResponse,
  createServer,
} from 'node:http';
import { randomUUID } from 'node:crypto';
import { type AddressInfo } from 'node:net';
import { Server as LegacyServer } from '@modelcontextprotocol/sdk/server/index.js';
import { StreamableHTTPServerTransport as LegacyTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { CallToolRequestSchema, ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { Server, createMcpHandler } from '@modelcontextprotocol/server';
import { toNodeHandler } from '@modelcontextprotocol/node';

/** A tool as the upstream lists it, with what a call of it answers. */
export interface UpstreamToolFixture {
  name: string;
  description: string;
  inputSchema: Record<string, unknown>;
  outputSchema?: Record<string, unknown>;
  annotations?: Record<string, unknown>;
  /** The call's result; by default its arguments as text. */
  answer?: (args: Record<string, unknown>) => Record<string, unknown>;
}

export interface UpstreamMcpServer {
  url: string;
  /** The tools listed, by name: change them to change the upstream. */
  tools: Map<string, UpstreamToolFixture>;
  /** Tells listening clients (modern era, and 2025 sessions) that the tools changed. */
  toolsChanged(): void;
  /** The headers of every request received, oldest first. */
  headersSeen: IncomingHttpHeaders[];
  /** How many `tools/call` and `tools/list` requests it answered, and notice streams (GET) opened. */
  counts: { call: number; list: number; connections: number; streams: number };
  setAvailable(available: boolean): void;
  close(): Promise<void>;
}

export function echoTool(
  name: string,
  extra: Partial<UpstreamToolFixture> = {},
): UpstreamToolFixture {
  return {
    name,
    description: `Echoes its text (${name})`,
    inputSchema: { type: 'object', properties: { text: { type: 'string' } }, required: ['text'] },
    ...extra,
  };
}

export async function startUpstreamMcpServer(
  era: 'modern' | 'legacy' | 'legacy-sessions',
  initial: UpstreamToolFixture[] = [],
): Promise<UpstreamMcpServer> {
  const tools = new Map(initial.map((tool) => [tool.name, tool]));
  const headersSeen: IncomingHttpHeaders[] = [];
  const counts = { call: 0, list: 0, connections: 0, streams: 0 };
  let available = true;

  const listed = () => ({
    tools: [...tools.values()].map(({ answer: _answer, ...listedTool }) => listedTool),
  });
  const called = (name: string, args: Record<string, unknown> = {}) => {
    const tool = tools.get(name);
    if (!tool) return { content: [{ type: 'text', text: `no tool ${name}` }], isError: true };
    return tool.answer?.(args) ?? { content: [{ type: 'text', text: JSON.stringify(args) }] };
  };

  const modern = createMcpHandler(() => {
    const server = new Server(
      { name: 'upstream', version: '1.0.0' },
      { capabilities: { tools: { listChanged: true } } },
    );
    server.setRequestHandler('tools/list', () => {
      counts.list++;
      return listed() as never;
    });
    server.setRequestHandler('tools/call', (request) => {
      counts.call++;
      return called(request.params.name, request.params.arguments) as never;
    });
    return server;
  });
  const modernNode = toNodeHandler(modern);

  const legacyServer = (listChanged: boolean) => {
    const server = new LegacyServer(
      { name: 'upstream-2025', version: '1.0.0' },
      { capabilities: { tools: { listChanged } } },
    );
    server.setRequestHandler(ListToolsRequestSchema, () => {
      counts.list++;
      return listed();
    });
    server.setRequestHandler(CallToolRequestSchema, (request) => {
      counts.call++;
      return called(request.params.name, request.params.arguments);
    });
    return server;
  };

  const serveLegacy = async (req: IncomingMessage, res: ServerResponse) => {
    const body = await bodyOf(req);
    const server = legacyServer(false);
    const transport = new LegacyTransport({
      sessionIdGenerator: undefined,
      enableJsonResponse: true,
    });
    res.on('close', () => void transport.close());
    await server.connect(transport);
    await transport.handleRequest(req, res, body);
  };

  const sessions = new Map<string, { server: LegacyServer; transport: LegacyTransport }>();
  const serveLegacySessions = async (req: IncomingMessage, res: ServerResponse) => {
    const body = req.method === 'POST' ? await bodyOf(req) : undefined;
    const id = req.headers['mcp-session-id'];
    let session = typeof id === 'string' ? sessions.get(id) : undefined;
    if (!session) {
      const server = legacyServer(true);
      const transport = new LegacyTransport({
        sessionIdGenerator: () => randomUUID(),
        onsessioninitialized: (sessionId) => void sessions.set(sessionId, { server, transport }),
      });
      await server.connect(transport);
      session = { server, transport };
    }
    if (req.method === 'GET') {
      // Counted as the stream opens (the transport keeps it in the same step): a notice sent
      // before then reaches no one.
      const writeHead = res.writeHead.bind(res) as (...args: unknown[]) => ServerResponse;
      res.writeHead = (...args: unknown[]) => {
        counts.streams++;
        return writeHead(...args);
      };
    }
    await session.transport.handleRequest(req, res, body);
  };

  const http = createServer((req, res) => {
    headersSeen.push(req.headers);
    if (!available) {
      res.writeHead(503, { 'content-type': 'text/html' }).end('<html>down for maintenance</html>');
      return;
    }
    if (era === 'legacy' && req.method !== 'POST') {
      res.writeHead(405, { allow: 'POST' }).end();
      return;
    }
    const serve = {
      modern: modernNode,
      legacy: serveLegacy,
      'legacy-sessions': serveLegacySessions,
    };
    void serve[era](req, res);
  });
  http.on('connection', () => counts.connections++);
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  const { port } = http.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/mcp`,
    tools,
    toolsChanged: () => {
      modern.notify.toolsChanged();
      for (const { server } of sessions.values()) void server.sendToolListChanged();
    },
    headersSeen,
    counts,
    setAvailable: (value) => {
      available = value;
      if (!value) http.closeAllConnections();
    },
    close: async () => {
      await modern.close();
      await Promise.all([...sessions.values()].map(({ transport }) => transport.close()));
      http.closeAllConnections();
      await new Promise<void>((resolve) => http.close(() => resolve()));
    },
  };
}

async function bodyOf(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  return text === '' ? undefined : (JSON.parse(text) as unknown);
}
