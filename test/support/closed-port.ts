import { type AddressInfo, createServer } from 'node:net';

/**
 * A loopback port with nothing listening, so the OS refuses every connection to it
 * (ECONNREFUSED), at once and without any timing assumed. It works because the port is one the
 * OS just handed out: bound on 127.0.0.1, then released, so nothing else is there and the OS
 * does not hand it out again soon. A test may still open it itself later (a server "coming up").
 */
export function closedPort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer().once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}
