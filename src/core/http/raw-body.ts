import { type IncomingMessage } from 'node:http';

/**
 * The bytes of each request's JSON body as received, for routes that check a signature over
 * them (a parsed and re-serialised body is not what was signed). Held as long as the request.
 */
const rawBodies = new WeakMap<IncomingMessage, Uint8Array>();

export function keepRawBody(request: IncomingMessage, body: Uint8Array): void {
  rawBodies.set(request, body);
}

/** The body's bytes; empty when the request had no JSON body. */
export function rawBodyOf(request: IncomingMessage): Uint8Array {
  return rawBodies.get(request) ?? new Uint8Array();
}
