import { ConfigValidationError } from './core/config';
import { DataDirectoryInUseError } from './database/data-directory-lock';

/** A command line that does not parse, or names nothing; its message says what to type. */
export class UsageError extends Error {}

/** Failures the operator fixes from the message alone; a stack trace would only hide it. */
const OPERATOR_ERRORS = [ConfigValidationError, DataDirectoryInUseError, UsageError];

/** Runs an entry point; a failure to start is printed to stderr and exits with status 1. */
export function runEntryPoint(main: () => Promise<void>): void {
  main().catch((error: unknown) => {
    const forOperator = OPERATOR_ERRORS.some((type) => error instanceof type);
    console.error(forOperator ? (error as Error).message : error);
    process.exit(1);
  });
}
