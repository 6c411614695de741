import { type ServerResponse } from 'node:http';

/** The JSON-RPC error the transport spec's 404 carries, as the MCP SDK's transports answer it. */
export const SESSION_NOT_FOUND = { code: -32001, message: 'Session not found' } as const;

/** Answers a session id that is not the caller's live session: 404, the client starts anew. */
export function replySessionNotFound(res: ServerResponse): void {
  res
    .writeHead(404, { 'Content-Type': 'application/json' })
    .end(JSON.stringify({ jsonrpc: '2.0', id: null, error: SESSION_NOT_FOUND }));
}
