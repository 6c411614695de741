import { type AddressInfo, createServer } from 'node:net';

/**
 * A loopback port with nothing listening: one the OS just handed out, bound on 127.0.0.1 and
 * released, which it does not hand out again soon. So a connection to it is refused at once
 * (ECONNREFUSED, no timing assumed), and a server a test starts may listen on it.
 */
export function unusedPort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer().once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}
