import { DomainError } from '../core/errors';

/** A cursor that is not one this API gave out, or was given out for other filters. */
export class InvalidCursorError extends DomainError {
  readonly code = 'INVALID_CURSOR';
  readonly status = 400;
  constructor(reason: 'malformed' | 'other_filter') {
    super(
      reason === 'malformed'
        ? 'cursor is not a next_cursor this API returned'
        : 'cursor was returned for other filters: repeat the filters it came with, or start without one',
    );
  }
}

/** A member asking for another user's audit entries. */
export class OthersAuditEntriesError extends DomainError {
  readonly code = 'FORBIDDEN';
  readonly status = 403;
  constructor() {
    super("A member key reads its own user's audit entries only: leave out user, or give your own");
  }
}
