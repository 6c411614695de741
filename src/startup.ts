import { ConfigValidationError } from './core/config';

/** Runs an entry point; a failure to start is printed to stderr and exits with status 1. */
export function runEntryPoint(main: () => Promise<void>): void {
  main().catch((error: unknown) => {
    // A configuration problem is the operator's to fix: say what is wrong, without a stack trace.
    console.error(error instanceof ConfigValidationError ? error.message : error);
    process.exit(1);
  });
}
