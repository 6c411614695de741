import { OperatorError } from './core/config/operator-error';

/** A command line that does not parse, or names nothing; its message says what to type. */
export class UsageError extends OperatorError {}

/** Failures of the file system the operator fixes by giving toolhub a usable directory. */
const FILE_SYSTEM_CODES = new Set(['EACCES', 'EPERM', 'EROFS', 'ENOSPC', 'ENOTDIR', 'EISDIR']);

/**
 * Runs an entry point. A failure to start reaches stderr as one readable report (an operator's
 * mistake: its message; a bug: its stack, which is what helps there) and exits with status 1.
 */
export function runEntryPoint(main: () => Promise<void>): void {
  main().catch((error: unknown) => {
    console.error(reportOf(error));
    process.exit(1);
  });
}

function reportOf(error: unknown): unknown {
  if (error instanceof OperatorError) return error.message;
  const { code, path, syscall } = error as NodeJS.ErrnoException;
  if (code && path && FILE_SYSTEM_CODES.has(code)) {
    // toolhub writes only in its data directory (the database, key files, uploaded files).
    return `Cannot ${syscall ?? 'use'} ${path} (${code}): set DATA_DIR to a directory this user can write.`;
  }
  return error;
}

/**
 * Sets the variables of `.env` in the working directory that the environment does not set
 * (real variables win, as with docker and systemd). No file: nothing to do.
 */
export function loadDotEnv(): void {
  try {
    process.loadEnvFile('.env');
  } catch (error) {
    const { code, message } = error as NodeJS.ErrnoException;
    if (code !== 'ENOENT') throw new OperatorError(`Cannot read .env: ${message}`);
  }
}
