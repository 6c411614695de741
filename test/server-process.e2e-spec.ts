/** The built server as users run it: graceful shutdown. */
import { once } from 'node:events';
import { type IncomingMessage, request } from 'node:http';
import { CONTRACT_ADAPTERS } from './support/test-app';
import { startServerProcess } from './support/server-process';

jest.setTimeout(30_000);

// Configuration errors and other failures to start: startup-errors.e2e-spec.ts.

describe.each(CONTRACT_ADAPTERS)('the built server [%s]', (adapter) => {
  test('SIGTERM lets the request in flight finish, then exits', async () => {
    const server = await startServerProcess({ HTTP_ADAPTER: adapter });
    try {
      const { port } = new URL(server.url);
      // Start a request and hold back the end of its body, so it is in flight at SIGTERM.
      const body = JSON.stringify({ plantumlCode: '@startuml\nA -> B\n@enduml' });
      const pending = request({
        host: '127.0.0.1',
        port,
        method: 'POST',
        path: '/api/tools/encodePlantUML',
        headers: { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(body) },
      });
      const response = once(pending, 'response');
      pending.write(body.slice(0, 10));
      await new Promise((resolve) => setTimeout(resolve, 200));
      const exited = once(server.child, 'exit');
      server.child.kill('SIGTERM');
      await new Promise((resolve) => setTimeout(resolve, 200));
      pending.end(body.slice(10));

      const [res] = (await response) as [IncomingMessage];
      let text = '';
      for await (const chunk of res) text += String(chunk);
      expect(res.statusCode).toBe(200);
      expect(JSON.parse(text).success).toBe(true);
      // Nest closes the server and re-raises the signal, the conventional graceful exit.
      const [code, signal] = (await exited) as [number | null, string | null];
      expect(code === 0 || signal === 'SIGTERM').toBe(true);
    } finally {
      await server.stop();
    }
  });
});
