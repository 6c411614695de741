/** The built server as users run it: start-up, configuration errors and graceful shutdown. */
import { spawnSync } from 'node:child_process';
import { once } from 'node:events';
import { type IncomingMessage, request } from 'node:http';
import { ADAPTERS } from './support/test-app';
import { MAIN, startServerProcess } from './support/server-process';

jest.setTimeout(30_000);

/** Starts the built server with extra variables and waits for it to give up. */
function startWith(env: Record<string, string>) {
  return spawnSync(process.execPath, [MAIN], {
    env: { ...process.env, ...env },
    encoding: 'utf8',
    timeout: 15_000,
  });
}

test('an invalid configuration stops the server with a clear message and exit code 1', () => {
  const result = startWith({ PORT: 'abc', HTTP_ADAPTER: 'koa', PLANTUML_SERVER_URL: 'not a url' });
  expect(result.status).toBe(1);
  expect(result.stderr).toContain('Invalid configuration:');
  expect(result.stderr).toContain('PORT must be a whole number (got "abc")');
  expect(result.stderr).toMatch(/HTTP_ADAPTER must be one of .* \(got "koa"\)/);
  // A configuration problem is not a crash: no stack trace.
  expect(result.stderr).not.toMatch(/\n\s+at /);
});

test("a tool's own invalid variable also stops the server with a clear message", () => {
  const result = startWith({ PORT: '0', PLANTUML_SERVER_URL: 'not a url', LOG_LEVEL: 'silent' });
  expect(result.status).toBe(1);
  expect(result.stderr).toContain('Invalid configuration:');
  expect(result.stderr).toMatch(/PLANTUML_SERVER_URL must be a URL address \(got "not a url"\)/);
});

describe.each(ADAPTERS)('the built server [%s]', (adapter) => {
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
