/**
 * The base of every failure toolhub reports on purpose. Each subclass fixes a stable
 * machine-readable `code` (UPPER_SNAKE_CASE, part of the public contract) and an HTTP status;
 * the global exception filter turns it into the `{ success: false, error }` envelope.
 */
export abstract class DomainError extends Error {
  abstract readonly code: string;
  abstract readonly status: number;

  constructor(
    message: string,
    /** Extra structured context for clients (e.g. field-level validation issues). */
    readonly details?: unknown,
  ) {
    super(message);
    this.name = new.target.name;
  }

  /** Headers the response must carry, e.g. `Allow` on a 405. */
  headers(): Record<string, string> {
    return {};
  }
}
