import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { join } from 'node:path';
import { createTestDatabase } from './test-database';

export const MAIN = join(__dirname, '..', '..', 'dist', 'main.js');

export interface ServerProcess {
  child: ChildProcess;
  url: string;
  output(): string;
  stop(): Promise<void>;
}

/**
 * Runs the built server (`dist/main.js`, built by `npm test`) on a fresh database of its own
 * (unless `env` names one) and waits until it answers.
 */
export async function startServerProcess(env: Record<string, string>): Promise<ServerProcess> {
  const port = 20_000 + Math.floor(Math.random() * 20_000);
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
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 15_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${output}`);
    try {
      if ((await fetch(`${url}/health`)).ok) break;
    } catch {
      if (Date.now() > deadline) throw new Error(`server did not answer:\n${output}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
  return {
    child,
    url,
    output: () => output,
    stop: async () => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGKILL');
      await once(child, 'exit');
    },
  };
}
