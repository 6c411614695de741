import { type IncomingMessage, type ServerResponse } from 'node:http';
import { JSON_UTF8 } from './json-body';

/**
 * For the few handlers that must stream to Node's own objects (e.g. a protocol SDK): the Node
 * request and response under either adapter. Express's objects are Node's; Fastify wraps them
 * in `raw`, and its reply must be told it no longer owns the response.
 */
export function nodeRequestOf(request: unknown): IncomingMessage {
  const wrapped = request as { raw?: IncomingMessage };
  return wrapped.raw ?? (request as IncomingMessage);
}

/** The Node response under either adapter, to watch it; the adapter still writes the answer. */
export function nodeResponseOf(response: unknown): ServerResponse {
  const wrapped = response as { raw?: ServerResponse };
  return wrapped.raw ?? (response as ServerResponse);
}

export function takeOverResponse(response: unknown): ServerResponse {
  const reply = response as {
    raw?: ServerResponse;
    hijack?: () => void;
    getHeaders?: () => Record<string, string | string[] | number | undefined>;
  };
  if (reply.raw && reply.hijack) {
    // Headers already given to the reply (CORS, request id) would be lost with it.
    for (const [name, value] of Object.entries(reply.getHeaders?.() ?? {})) {
      if (value !== undefined) reply.raw.setHeader(name, value);
    }
    reply.hijack();
    return reply.raw;
  }
  return response as ServerResponse;
}

/** Answers with a JSON body on a response a handler took over (`@Res()`), on either adapter. */
export function sendJson(
  response: unknown,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  const raw = takeOverResponse(response);
  const text = JSON.stringify(body);
  raw.writeHead(status, {
    ...headers,
    'Content-Type': JSON_UTF8,
    'Content-Length': String(Buffer.byteLength(text)),
  });
  raw.end(text);
}
