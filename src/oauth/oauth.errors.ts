import { UnauthorizedError } from '../api-keys/api-key.errors';
import { DomainError } from '../core/errors';

/**
 * An access token that is not valid here: a bad signature, another issuer or audience, expired,
 * or its grant revoked. RFC 6750's `invalid_token`, with where to learn how to get a good one.
 */
export class InvalidAccessTokenError extends UnauthorizedError {
  constructor(private readonly resourceMetadata: string) {
    super('The access token is invalid, expired or revoked');
  }

  override headers(): Record<string, string> {
    return {
      'WWW-Authenticate': `Bearer error="invalid_token", resource_metadata="${this.resourceMetadata}"`,
    };
  }
}

/** A valid token without the scope the request needs (RFC 6750's `insufficient_scope`). */
export class InsufficientScopeError extends DomainError {
  readonly code = 'INSUFFICIENT_SCOPE';
  readonly status = 403;
  constructor(
    private readonly scope: string,
    private readonly resourceMetadata: string,
  ) {
    super(`The access token lacks the '${scope}' scope this request needs`);
  }

  override headers(): Record<string, string> {
    return {
      'WWW-Authenticate': `Bearer error="insufficient_scope", scope="${this.scope}", resource_metadata="${this.resourceMetadata}"`,
    };
  }
}

/** `/mcp` without credentials where anonymous callers are not served: the start of sign-in. */
export class SignInRequiredError extends UnauthorizedError {
  constructor(
    private readonly resourceMetadata: string,
    private readonly scope: string,
  ) {
    super('Sign in first: send Authorization: Bearer <access token or API key>');
  }

  override headers(): Record<string, string> {
    return {
      'WWW-Authenticate': `Bearer resource_metadata="${this.resourceMetadata}", scope="${this.scope}"`,
    };
  }
}

/** Too many client registrations from one address: a flood, paused until its minute is over. */
export class TooManyRegistrationsError extends DomainError {
  readonly code = 'TOO_MANY_REQUESTS';
  readonly status = 429;
  constructor(private readonly retryAfterSeconds: number) {
    super(
      `Too many client registrations from this address; try again in ${retryAfterSeconds} seconds`,
    );
  }

  override headers(): Record<string, string> {
    return { 'Retry-After': String(this.retryAfterSeconds) };
  }
}

/** A grant id that names none of the caller's grants (or, for an admin, none at all). */
export class OAuthGrantNotFoundError extends DomainError {
  readonly code = 'OAUTH_GRANT_NOT_FOUND';
  readonly status = 404;
  constructor(id: string) {
    super(`No OAuth grant has the id '${id}'`);
  }
}

/** The external identity provider's metadata cannot be read: no token can be checked now. */
export class OAuthIssuerUnavailableError extends DomainError {
  readonly code = 'OAUTH_ISSUER_UNAVAILABLE';
  readonly status = 503;
  constructor(issuer: string) {
    super(`The identity provider ${issuer} does not publish its metadata; try again later`);
  }
}

/** A console session is started with an API key: an OAuth client's token cannot start one. */
export class ApiKeyRequiredError extends DomainError {
  readonly code = 'FORBIDDEN';
  readonly status = 403;
  constructor() {
    super('A console session is started with an API key, not an OAuth access token');
  }
}
