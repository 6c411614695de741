import { randomUUID } from 'node:crypto';
import { type IncomingMessage } from 'node:http';

export const REQUEST_ID_HEADER = 'x-request-id';
const SANE_REQUEST_ID = /^[\w.:-]{1,128}$/;

/**
 * Gives the request its id before any framework sees it: the caller's `X-Request-Id` when it
 * is sane, else a UUID. The id replaces the header, so the logger, both adapters and the
 * response headers (`responseHeaders`) read one value.
 */
export function assignRequestId(request: IncomingMessage): void {
  const given = request.headers[REQUEST_ID_HEADER];
  if (typeof given !== 'string' || !SANE_REQUEST_ID.test(given)) {
    request.headers[REQUEST_ID_HEADER] = randomUUID();
  }
}

/** The id `assignRequestId` gave the request. */
export function requestIdOf(request: IncomingMessage): string {
  return request.headers[REQUEST_ID_HEADER] as string;
}
