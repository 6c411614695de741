import { randomUUID } from 'node:crypto';
import { type IncomingMessage, type Server, type ServerResponse, STATUS_CODES } from 'node:http';
import { type Socket } from 'node:net';
import { type Logger } from 'pino';
import { type ProxyTrust } from '../config';
import { logRequest } from '../logging/access-log';
import { type MetricsService } from '../metrics/metrics.service';
import { telemetryStarted } from '../telemetry/start-telemetry';
import { CORS_HEADERS } from './cors';
import { isStreamingResponse } from './event-stream';
import { assignRequestId } from './request-id';
import { type RouteCatalog } from './route-catalog.service';
import { JSON_UTF8 } from './json-body';

/**
 * Hooks on the Node server under either adapter. They run before Express or Fastify see a
 * request, so the request id, the access log, latency metrics and span names cover every
 * request, even ones that fail before routing. (The adapters set the response headers, each
 * the fast way.)
 */
export async function instrumentServer(
  server: Server,
  metrics: MetricsService,
  routes: RouteCatalog,
  logger: Logger,
  trust: ProxyTrust,
): Promise<void> {
  // One listener shared by every response, its start time kept on the response: a closure and
  // a `once` wrapper per request were a measurable share of a small request's cost.
  function requestFinished(this: TimedResponse): void {
    const request = this.req;
    const seconds = (performance.now() - this[STARTED_AT]) / 1000;
    // An event stream lasts as long as its client listens: its duration is no latency.
    if (!isStreamingResponse(this)) {
      const route = routes.patternOf(pathOf(request.url ?? '/')) ?? 'unmatched';
      metrics.observeHttpRequest(request.method ?? 'UNKNOWN', route, this.statusCode, seconds);
    }
    logRequest(logger, request, this, seconds, trust);
    // Shutting down: close the keep-alive connection this response leaves idle now, rather
    // than after the keep-alive timeout, so the process exits as soon as the work is done.
    if (!server.listening) setImmediate(() => server.closeIdleConnections());
  }
  server.prependListener('request', (request: IncomingMessage, response: TimedResponse) => {
    assignRequestId(request);
    response[STARTED_AT] = performance.now();
    response.on('finish', requestFinished);
  });
  // Without the SDK there are no spans to name: the listener would only cost every request,
  // and its module (OpenTelemetry's core) a start.
  if (telemetryStarted()) (await import('./route-spans')).nameServerSpansByRoute(server, routes);
  answerMalformedRequestsWithJson(server, metrics);
}

const STARTED_AT = Symbol('toolhub:startedAt');

type TimedResponse = ServerResponse & { [STARTED_AT]: number };

/** The URL without its query. */
function pathOf(url: string): string {
  const query = url.indexOf('?');
  return query === -1 ? url : url.slice(0, query);
}

/** Node's own statuses for the client errors it detects (as its default handler answers). */
const CLIENT_ERROR_STATUS: Readonly<Record<string, number>> = {
  HPE_HEADER_OVERFLOW: 431,
  ERR_HTTP_REQUEST_TIMEOUT: 408,
};

/**
 * Requests Node cannot parse (broken request line, oversized headers) or that time out never
 * reach a framework; Node would answer with an empty body. Answer with the envelope instead.
 */
function answerMalformedRequestsWithJson(server: Server, metrics: MetricsService): void {
  server.removeAllListeners('clientError');
  server.on('clientError', (error: Error & { code?: string }, socket: Socket) => {
    // A response already under way on this connection cannot be followed by another.
    const responseStarted = (socket as Socket & { _httpMessage?: { headersSent?: boolean } })
      ._httpMessage?.headersSent;
    if (error.code === 'ECONNRESET' || !socket.writable || responseStarted) {
      socket.destroy();
      return;
    }
    const status = CLIENT_ERROR_STATUS[error.code ?? ''] ?? 400;
    const reason = STATUS_CODES[status] ?? 'Bad Request';
    const code = reason.toUpperCase().replace(/[^A-Z0-9]+/g, '_');
    metrics.errors.inc({ code });
    const body = JSON.stringify({
      success: false,
      error: { code, message: `Malformed HTTP request: ${reason}` },
    });
    const headers = Object.entries({
      ...CORS_HEADERS,
      'X-Request-Id': randomUUID(),
      'Content-Type': JSON_UTF8,
      'Content-Length': String(Buffer.byteLength(body)),
      Connection: 'close',
    })
      .map(([name, value]) => `${name}: ${value}\r\n`)
      .join('');
    socket.end(`HTTP/1.1 ${status} ${reason}\r\n${headers}\r\n${body}`);
  });
}
