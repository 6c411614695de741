import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { join } from 'node:path';
import { createTestDatabase } from './test-database';
import { unusedPort } from './unused-port';

export const MAIN = join(__dirname, '..', '..', 'dist', 'main.js');

/** Bounds a failure to start only: a busy machine may take several seconds. */
const START_TIMEOUT_MS = 30_000;

export interface ServerProcess {
  child: ChildProcess;
  url: string;
  output(): string;
  stop(): Promise<void>;
}

/**
 * Runs the built server (`dist/main.js`, built by `npm test`) on a fresh database of its own
 * (unless `env` names one) and waits until it answers. A server that does not start is killed
 * before this rejects, so no caller is left with a process it cannot stop.
 */
export async function startServerProcess(env: Record<string, string>): Promise<ServerProcess> {
  const port = await unusedPort();
  const database = env.DATA_DIR || env.DATABASE_URL ? undefined : await createTestDatabase();
  const child = spawn(process.execPath, [MAIN], {
    env: {
      ...process.env,
      HOST: '127.0.0.1',
      PORT: String(port),
      LOG_LEVEL: 'warn',
      ...database?.env,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.once('exit', () => void database?.drop());
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const server: ServerProcess = {
    child,
    url: `http://127.0.0.1:${port}`,
    output: () => output,
    stop: async () => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGKILL');
      await once(child, 'exit');
    },
  };
  try {
    await untilHealthy(server);
  } catch (error) {
    await server.stop();
    throw error;
  }
  return server;
}

async function untilHealthy(server: ServerProcess): Promise<void> {
  const deadline = Date.now() + START_TIMEOUT_MS;
  for (;;) {
    const { exitCode, signalCode } = server.child;
    if (exitCode !== null || signalCode !== null) {
      throw new Error(`server exited early (${exitCode ?? signalCode}):\n${server.output()}`);
    }
    const healthy = await fetch(`${server.url}/health`, {
      signal: AbortSignal.timeout(2_000),
    }).then(
      async (response) => {
        await response.body?.cancel();
        return response.ok;
      },
      () => false,
    );
    if (healthy) return;
    if (Date.now() > deadline) throw new Error(`server did not answer:\n${server.output()}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
