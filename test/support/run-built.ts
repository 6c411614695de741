import { execFile } from 'node:child_process';
import { join } from 'node:path';

export const CLI = join(__dirname, '..', '..', 'dist', 'cli.js');

export interface Finished {
  code: number | null;
  stdout: string;
  stderr: string;
}

/**
 * Runs a built entry point (`dist/main.js`, `dist/cli.js`) to its end. `env` is the whole
 * environment beyond PATH and HOME (nothing of the test runner's leaks in, a stray .env
 * variable included), so each case says exactly what it sets.
 */
export function runBuilt(
  script: string,
  args: string[],
  options: { env?: Record<string, string>; cwd?: string } = {},
): Promise<Finished> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [script, ...args],
      {
        cwd: options.cwd,
        env: { PATH: process.env.PATH, HOME: process.env.HOME, ...options.env },
        timeout: 120_000,
      },
      (error, stdout, stderr) =>
        resolve({ code: error ? ((error.code as number | undefined) ?? null) : 0, stdout, stderr }),
    );
  });
}

/** Lines of a stack trace, which no report to an operator may contain. */
export const STACK_LINE = /^ {4}at /m;
