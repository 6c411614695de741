import { type IncomingMessage } from 'node:http';
import { type HttpInstrumentationConfig } from '@opentelemetry/instrumentation-http';

/** Paths machines poll: liveness and readiness probes, the Prometheus scrape. */
const POLLED_PATHS = new Set(['/health', '/health/ready', '/metrics']);

/**
 * What the HTTP server spans leave out. The query string: the route template (set once the
 * request is routed, see `nameServerSpansByRoute`) names the request, while a query holds
 * whatever a client put there, a search term or a key pasted where it does not belong. Probes
 * and scrapes: one span per poll, every few seconds from every prober, would say nothing that
 * the metrics and the access log do not, and crowd out the traces worth reading. No request
 * header is recorded at all (the instrumentation's default), so `Authorization` never is.
 */
export const HTTP_INSTRUMENTATION_CONFIG: HttpInstrumentationConfig = {
  // An attribute given as undefined here is one the span never gets.
  startIncomingSpanHook: () => ({ 'url.query': undefined }),
  ignoreIncomingRequestHook: (request: IncomingMessage) => POLLED_PATHS.has(pathOf(request.url)),
};

function pathOf(url: string | undefined): string {
  return (url ?? '/').split('?')[0].replace(/\/+$/, '') || '/';
}
