/**
 * An MCP server (official SDK) whose one tool, `produce {case}`, answers with the tool result
 * the test gave for that case, sent as is: results the SDK itself would refuse to send (content
 * not a list, invalid base64) reach the client too, as from a server that does not validate.
 */
import { createServer } from 'node:http';
import { type AddressInfo } from 'node:net';
import { Server as McpServer } from '@modelcontextprotocol/sdk/server/index.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import {
  CallToolRequestSchema,
  type JSONRPCMessage,
  ListToolsRequestSchema,
} from '@modelcontextprotocol/sdk/types.js';

export interface ContentMcpServer {
  /** The endpoint URL (`http://127.0.0.1:<port>/mcp`). */
  url: string;
  close(): Promise<void>;
}

/** A valid placeholder the SDK checks; replaced by the case's raw result on the way out. */
const PLACEHOLDER = { content: [] };

export async function startContentMcpServer(
  results: Readonly<Record<string, unknown>>,
): Promise<ContentMcpServer> {
  const server = createServer((req, res) => {
    // Stateless: no standalone SSE stream (GET) and no session to end (DELETE).
    if (req.method !== 'POST') {
      res.writeHead(405, { allow: 'POST' }).end();
      return;
    }
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as unknown;
      void serve(results, body, req, res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/mcp`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

async function serve(
  results: Readonly<Record<string, unknown>>,
  body: unknown,
  req: Parameters<StreamableHTTPServerTransport['handleRequest']>[0],
  res: Parameters<StreamableHTTPServerTransport['handleRequest']>[1],
): Promise<void> {
  const mcp = new McpServer(
    { name: 'content-tools', version: '1.0.0' },
    { capabilities: { tools: {} } },
  );
  const rawById = new Map<string | number, unknown>();
  mcp.setRequestHandler(ListToolsRequestSchema, () => ({
    tools: [
      {
        name: 'produce',
        description: 'Answers with the result of a test case',
        inputSchema: {
          type: 'object',
          properties: { case: { type: 'string' } },
          required: ['case'],
        },
      },
    ],
  }));
  mcp.setRequestHandler(CallToolRequestSchema, (request, extra) => {
    const name = String(request.params.arguments?.case);
    if (!(name in results)) throw new Error(`no test case '${name}'`);
    rawById.set(extra.requestId, results[name]);
    return PLACEHOLDER;
  });
  const transport = new StreamableHTTPServerTransport({
    sessionIdGenerator: undefined,
    enableJsonResponse: true,
  });
  const send = transport.send.bind(transport);
  transport.send = (message: JSONRPCMessage, options) => {
    if ('result' in message && rawById.has(message.id)) {
      return send({ ...message, result: rawById.get(message.id) } as JSONRPCMessage, options);
    }
    return send(message, options);
  };
  res.on('close', () => {
    void transport.close();
    void mcp.close();
  });
  await mcp.connect(transport);
  await transport.handleRequest(req, res, body);
}
