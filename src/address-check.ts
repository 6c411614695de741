import { createServer } from 'node:net';
import { DEFAULT_HOST, DEFAULT_PORT } from './core/config/listen-defaults';
import { listenFailure } from './listen';

/** Failures to listen that concern the port alone: taken, or reserved to privileged users. */
const PORT_REFUSED = new Set(['EADDRINUSE', 'EACCES']);

/**
 * Fails, with the report `listen` gives, when the server could not listen on the port it is
 * given: checked before anything is made (the data directory, its database, the first admin
 * key), which a start that fails at its listen would leave behind, the key announced but never
 * served. Anything else wrong with PORT or HOST is the configuration's to report, with every
 * other variable; a port taken after this check is still reported by `listen`.
 */
export async function checkAddressFree(env: Record<string, string | undefined>): Promise<void> {
  const port = portOf(env.PORT);
  // 0, any free port, cannot be taken.
  if (!port) return;
  const host = env.HOST || DEFAULT_HOST;
  const error = await tryListening(port, host);
  if (error?.code && PORT_REFUSED.has(error.code)) throw listenFailure(error, port, host);
}

/** PORT as the configuration reads it, or undefined when the configuration will refuse it. */
function portOf(value: string | undefined): number | undefined {
  if (!value) return DEFAULT_PORT;
  const port = /^\d+$/.test(value) ? Number(value) : NaN;
  return port <= 65535 ? port : undefined;
}

/** Listens on the address as the server will, and closes at once: the error, if it fails. */
function tryListening(port: number, host: string): Promise<NodeJS.ErrnoException | undefined> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', resolve);
    server.listen(port, host, () => server.close(() => resolve(undefined)));
  });
}
