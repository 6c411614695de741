import { type Server } from 'node:http';
import { type AddressInfo } from 'node:net';
import { type INestApplication } from '@nestjs/common';
import type { AppConfig } from './core/config';
// Not from the index: the address check loads this before the configuration's validators.
import { OperatorError } from './core/config/operator-error';

/**
 * Listens on the configured port and host. Through the adapter rather than `app.listen`, which
 * logs a failure before rejecting: a port in use is reported once, as one line naming PORT and
 * HOST.
 */
export async function listen(app: INestApplication, config: AppConfig): Promise<AddressInfo> {
  const { port, host } = config.http;
  const server = app.getHttpServer() as Server;
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      app.getHttpAdapter().listen(port, host, (error?: Error) => {
        server.removeListener('error', reject);
        if (error) reject(error);
        else resolve();
      });
    });
  } catch (error) {
    throw listenFailure(error as NodeJS.ErrnoException, port, host);
  }
  return server.address() as AddressInfo;
}

/** The failure to listen on `port` and `host`, as one line naming the variable to change. */
export function listenFailure(error: NodeJS.ErrnoException, port: number, host: string): Error {
  const where = `PORT ${port} on HOST ${host}`;
  const unresolved =
    `HOST ${host} does not resolve to an address (${error.code}): set HOST to an IP address ` +
    '(0.0.0.0: every interface) or a host name of this machine.';
  const reports: Record<string, string> = {
    EADDRINUSE: `${where} is already in use: stop what listens there, or set PORT to a free port.`,
    EACCES: `${where} needs privileges this user lacks: set PORT to 1024 or above.`,
    EADDRNOTAVAIL:
      `HOST ${host} is not an address of this machine: set HOST to 0.0.0.0 (every ` +
      'interface), 127.0.0.1 (this machine only) or one of its addresses.',
    ENOTFOUND: unresolved,
    EAI_AGAIN: unresolved,
    EAI_NONAME: unresolved,
  };
  const report = error.code === undefined ? undefined : reports[error.code];
  return report === undefined ? error : new OperatorError(report);
}
