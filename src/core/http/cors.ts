import { type IncomingMessage } from 'node:http';
import { requestIdOf } from './request-id';

/**
 * Seed 001's CORS policy: a public API open to every origin. Set on every response, errors
 * included, so browser clients can always read the JSON envelope.
 */
export const CORS_HEADERS: Readonly<Record<string, string>> = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Allow-Headers': 'Content-Type',
  'Access-Control-Allow-Methods': 'GET, POST, OPTIONS',
  'Access-Control-Expose-Headers': 'X-Request-Id',
  'Access-Control-Max-Age': '86400',
};

/** Browser MCP clients (e.g. MCP Inspector) also send the protocol's own headers. */
const MCP_CORS_HEADERS: Readonly<Record<string, string>> = {
  ...CORS_HEADERS,
  'Access-Control-Allow-Headers':
    'Content-Type, Authorization, Mcp-Protocol-Version, Mcp-Session-Id, Last-Event-ID',
  'Access-Control-Expose-Headers': 'X-Request-Id, Mcp-Session-Id',
};

/** The headers every response carries: CORS and the request id. */
export function responseHeaders(request: IncomingMessage): Record<string, string> {
  const cors = request.url?.startsWith('/mcp') ? MCP_CORS_HEADERS : CORS_HEADERS;
  return { ...cors, 'X-Request-Id': requestIdOf(request) };
}
