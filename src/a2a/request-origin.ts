import { type IncomingMessage } from 'node:http';
import { type TLSSocket } from 'node:tls';

/**
 * The server's base URL as the request reached it (scheme and `Host`), for the URLs an agent
 * card and a task's artifacts give out: the caller reaches them the same way.
 */
export function requestOrigin(req: IncomingMessage): string {
  const scheme = (req.socket as TLSSocket).encrypted ? 'https' : 'http';
  const host = req.headers.host ?? `localhost:${req.socket.localPort ?? 80}`;
  return `${scheme}://${host}`;
}
