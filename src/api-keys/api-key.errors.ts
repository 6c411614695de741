import { DomainError } from '../core/errors';

/** A `/api/v1` request without a valid, unrevoked API key, or any request with an invalid one. */
export class UnauthorizedError extends DomainError {
  readonly code = 'UNAUTHORIZED';
  readonly status = 401;

  static missing(): UnauthorizedError {
    return new UnauthorizedError('An API key is required: send Authorization: Bearer <api key>');
  }

  /** An `Authorization` header of a bare key, without the `Bearer` scheme. */
  static notBearer(): UnauthorizedError {
    return new UnauthorizedError(
      'The Authorization header holds a key without its scheme: send it as Authorization: Bearer <api key>',
    );
  }

  static invalid(): UnauthorizedError {
    return new UnauthorizedError('The API key is invalid or has been revoked');
  }

  override headers(): Record<string, string> {
    return { 'WWW-Authenticate': 'Bearer' };
  }
}

/** A valid key whose role may not do what was asked (a `member` writing to the registry). */
export class AdminRequiredError extends DomainError {
  readonly code = 'FORBIDDEN';
  readonly status = 403;
  constructor() {
    super('This needs an admin API key; the key sent is a member key');
  }
}

/** Too many invalid keys from one address: key checks from it pause, so keys can't be guessed. */
export class TooManyKeyFailuresError extends DomainError {
  readonly code = 'TOO_MANY_REQUESTS';
  readonly status = 429;
  constructor(private readonly retryAfterSeconds: number) {
    super(`Too many invalid API keys from this address; try again in ${retryAfterSeconds} seconds`);
  }

  override headers(): Record<string, string> {
    return { 'Retry-After': String(this.retryAfterSeconds) };
  }
}

/** `DELETE /api/v1/keys/{id}` of an id that names no active key. */
export class ApiKeyNotFoundError extends DomainError {
  readonly code = 'API_KEY_NOT_FOUND';
  readonly status = 404;
  constructor(id: string) {
    super(`No active API key has the id '${id}'`);
  }
}

/** Revoking the last active admin key over the API would leave nobody able to manage keys. */
export class LastAdminKeyError extends DomainError {
  readonly code = 'LAST_ADMIN_KEY';
  readonly status = 409;
  constructor(id: string) {
    super(
      `API key '${id}' is the last active admin key; create another admin key before revoking it`,
    );
  }
}
