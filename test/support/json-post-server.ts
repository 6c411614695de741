/**
 * The loopback HTTP server under the tests' own MCP servers (streaming-tool-servers.ts,
 * content-mcp-server.ts): stateless, it answers POST only (no standalone SSE stream to GET, no
 * session to DELETE: 405) and hands each request's JSON body, read whole, to `onPost`.
 */
import { type IncomingMessage, type ServerResponse, createServer } from 'node:http';
import { type AddressInfo } from 'node:net';

export interface JsonPostServer {
  /** The endpoint URL (`http://127.0.0.1:<port><path>`). */
  url: string;
  /** Drops every connection, answers still being sent too, and stops listening. */
  close(): Promise<void>;
}

/** Listens on a free loopback port; `path` only names the URL (every path is answered). */
export async function startJsonPostServer(
  path: string,
  onPost: (body: unknown, req: IncomingMessage, res: ServerResponse) => void,
): Promise<JsonPostServer> {
  const server = createServer((req, res) => {
    if (req.method !== 'POST') {
      res.writeHead(405, { allow: 'POST' }).end();
      return;
    }
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      onPost(JSON.parse(Buffer.concat(chunks).toString('utf8')) as unknown, req, res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}${path}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
