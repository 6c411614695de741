import { type IncomingMessage, type ServerResponse } from 'node:http';
import { type Level, type Logger } from 'pino';
import { type ProxyTrust } from '../config';
import { clientAddressOf } from '../http/client-address';
import { requestIdOf } from '../http/request-id';

/**
 * One line per finished request, tagged with its request id. Successes log at `debug`, so the
 * default `info` level costs nothing on the hot path; client errors at `warn`, server errors
 * at `error`.
 */
export function logRequest(
  logger: Logger,
  request: IncomingMessage,
  response: ServerResponse,
  seconds: number,
  trust: ProxyTrust,
): void {
  const status = response.statusCode;
  const level: Level = status >= 500 ? 'error' : status >= 400 ? 'warn' : 'debug';
  if (!logger.isLevelEnabled(level)) return;
  logger[level](
    {
      reqId: requestIdOf(request),
      // Without the query: a client may put a secret there (`?api_key=`) that must not be kept.
      req: {
        method: request.method,
        url: request.url?.split('?')[0],
        remoteAddress: clientAddressOf(request, trust),
      },
      res: { statusCode: status },
      responseTime: Math.round(seconds * 1e4) / 10,
    },
    status >= 400 ? 'request failed' : 'request completed',
  );
}
