/**
 * An MCP server (official SDK) whose one tool, `produce {case}`, answers with the tool result
 * the test gave for that case, sent as is: results the SDK itself would refuse to send (content
 * not a list, invalid base64) reach the client too, as from a server that does not validate.
 */
import { Server as McpServer } from '@modelcontextprotocol/sdk/server/index.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import {
  CallToolRequestSchema,
  type JSONRPCMessage,
  ListToolsRequestSchema,
} from '@modelcontextprotocol/sdk/types.js';
import { type JsonPostServer, startJsonPostServer } from './json-post-server';

/** The endpoint URL is `http://127.0.0.1:<port>/mcp`. */
export type ContentMcpServer = JsonPostServer;

/** A valid placeholder the SDK checks; replaced by the case's raw result on the way out. */
const PLACEHOLDER = { content: [] };

export function startContentMcpServer(
  results: Readonly<Record<string, unknown>>,
): Promise<ContentMcpServer> {
  return startJsonPostServer('/mcp', (body, req, res) => void serve(results, body, req, res));
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

/* Contents the test cases answer with, shared by the artifact suites. */

/** A 1×1 PNG. */
export const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

/** The start and end of a JPEG (JFIF): what magic-byte detection reads. */
export const JPEG = Buffer.from([
  0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0, 1, 0xff, 0xd9,
]);

const SENTENCE = 'The quarterly review found nothing unusual in the figures we were given. ';

/** Prose of `bytes` ASCII bytes, `sentence` repeated: no structure any detector could mistake. */
export function prose(bytes: number, sentence = SENTENCE): string {
  return sentence.repeat(Math.ceil(bytes / sentence.length)).slice(0, bytes);
}

/** A `text` content item. */
export function text(value: string) {
  return { type: 'text', text: value };
}

/** An `image` content item of `bytes` in base64, declared as `mimeType`. */
export function image(bytes: Buffer, mimeType: string) {
  return { type: 'image', data: bytes.toString('base64'), mimeType };
}

/** `item` marked for the user alone (`audience: ["user"]`): saved, never shown to the model. */
export function forUserOnly<Item extends object>(item: Item) {
  return { ...item, annotations: { audience: ['user'] } };
}
