import { DomainError } from '../core/errors';

/** A `/api/v1` request without a valid, unrevoked API key. */
export class UnauthorizedError extends DomainError {
  readonly code = 'UNAUTHORIZED';
  readonly status = 401;

  static missing(): UnauthorizedError {
    return new UnauthorizedError('An API key is required: send Authorization: Bearer <api key>');
  }

  static invalid(): UnauthorizedError {
    return new UnauthorizedError('The API key is invalid or has been revoked');
  }

  override headers(): Record<string, string> {
    return { 'WWW-Authenticate': 'Bearer' };
  }
}
