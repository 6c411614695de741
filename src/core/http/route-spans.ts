import { type IncomingMessage, type Server } from 'node:http';
import { context } from '@opentelemetry/api';
import { RPCType, getRPCMetadata } from '@opentelemetry/core';
import { type RouteCatalog } from './route-catalog.service';

/**
 * Names each request's HTTP server span by the route template serving it
 * (`POST /api/v1/sessions/:id/runs`), never by its path, which holds ids and would make every
 * request a name of its own. The HTTP instrumentation reads the route from the request's RPC
 * metadata when the response ends: it then names the span `METHOD template` and sets
 * `http.route` on the span and on its request-duration metric. A request no route serves (404,
 * 405) keeps the method alone. Registered only while the SDK runs (see `instrumentServer`).
 */
export function nameServerSpansByRoute(server: Server, routes: RouteCatalog): void {
  server.prependListener('request', (request: IncomingMessage) => {
    // The instrumentation runs the server's listeners in the context of the request's span.
    const metadata = getRPCMetadata(context.active());
    if (metadata?.type !== RPCType.HTTP) return;
    metadata.route = routes.patternServing(
      request.method ?? 'GET',
      (request.url ?? '/').split('?')[0],
    );
  });
}
