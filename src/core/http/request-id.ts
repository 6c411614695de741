import { randomUUID } from 'node:crypto';
import { type IncomingMessage, type ServerResponse } from 'node:http';

export const REQUEST_ID_HEADER = 'x-request-id';
const SANE_REQUEST_ID = /^[\w.:-]{1,128}$/;

/**
 * Gives the request its id before any framework sees it: the caller's `X-Request-Id` when it
 * is sane, else a UUID. The id replaces the header and is echoed on the response, so the
 * logger and both adapters read one value.
 */
export function assignRequestId(request: IncomingMessage, response: ServerResponse): string {
  const given = request.headers[REQUEST_ID_HEADER];
  const id = typeof given === 'string' && SANE_REQUEST_ID.test(given) ? given : randomUUID();
  request.headers[REQUEST_ID_HEADER] = id;
  response.setHeader('X-Request-Id', id);
  return id;
}

/** The id `assignRequestId` gave the request. */
export function requestIdOf(request: IncomingMessage): string {
  return request.headers[REQUEST_ID_HEADER] as string;
}
