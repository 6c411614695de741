import { DomainError } from '../core/errors';

/** A path under an agent's A2A base URL that names no operation of the HTTP+JSON binding. */
export class UnknownA2aOperationError extends DomainError {
  readonly code = 'NOT_FOUND';
  readonly status = 404;
  constructor(operation: string) {
    super(
      `'${operation}' is no A2A operation: use message:send, message:stream, tasks/{id}, tasks/{id}:cancel or tasks/{id}:subscribe`,
    );
  }
}
