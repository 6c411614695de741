import { type IncomingMessage } from 'node:http';
import { Injectable } from '@nestjs/common';
import type * as Jose from 'jose';
import { type BearerTokenAuthority } from '../api-keys/bearer-token-authority';
import { ANONYMOUS_USER, type Principal } from '../api-keys/principal';
import { esmImport } from '../core/esm-import';
import { ExternalIssuer } from './external-issuer';
import { OAuthConfig } from './oauth.config';
import { InvalidAccessTokenError, OAuthIssuerUnavailableError } from './oauth.errors';
import { OAuthUrls } from './oauth-urls';
import { COMPACT_JWS, type VerifiedToken, principalOfToken } from './token-principal';

const loadJose = esmImport<typeof Jose>('jose');

/**
 * Asymmetric signatures only: `none` is no signature, and an HMAC would be checked with a key
 * the issuer publishes, so anyone could sign with it.
 */
const ASYMMETRIC_ALGORITHMS = [
  'RS256',
  'RS384',
  'RS512',
  'PS256',
  'PS384',
  'PS512',
  'ES256',
  'ES384',
  'ES512',
  'EdDSA',
  'Ed25519',
];

/**
 * Checks the access tokens of an external identity provider (`OAUTH_MODE=external`): signed
 * with one of the issuer's published keys, by that issuer, for `OAUTH_AUDIENCE`, in their time;
 * its user is the `OAUTH_USER_CLAIM`, an admin when `OAUTH_ROLE_CLAIM` holds one of
 * `OAUTH_ADMIN_VALUES`, and its scopes (`scope` or `scp`) open the same paths a builtin token's do.
 */
@Injectable()
export class ExternalAccessTokens implements BearerTokenAuthority {
  constructor(
    private readonly config: OAuthConfig,
    private readonly issuer: ExternalIssuer,
    private readonly urls: OAuthUrls,
  ) {}

  recognizes(credential: string): boolean {
    return COMPACT_JWS.test(credential);
  }

  async identify(token: string, request: IncomingMessage): Promise<Principal> {
    const claims = await this.verify(token);
    return principalOfToken(this.read(claims), request, this.urls.protectedResourceMetadata());
  }

  private async verify(token: string): Promise<Jose.JWTPayload> {
    const [jose, keys] = await Promise.all([loadJose(), this.issuer.keySet()]);
    try {
      const { payload } = await jose.jwtVerify(token, keys, {
        issuer: this.issuer.issuer,
        audience: this.audience(),
        algorithms: ASYMMETRIC_ALGORITHMS,
        requiredClaims: ['exp'],
      });
      return payload;
    } catch (error) {
      // The issuer's keys out of reach is no fault of the token.
      if (isKeySetFailure(jose, error)) throw new OAuthIssuerUnavailableError(this.issuer.issuer);
      throw this.invalid();
    }
  }

  private read(claims: Jose.JWTPayload): VerifiedToken {
    const user = claims[this.config.OAUTH_USER_CLAIM];
    if (typeof user !== 'string' || user === '' || user === ANONYMOUS_USER) throw this.invalid();
    const clientId = claims.client_id ?? claims.azp;
    return {
      clientId: typeof clientId === 'string' ? clientId : 'external',
      user,
      scopes: scopesOf(claims),
      userIsAdmin: this.isAdmin(claims),
    };
  }

  private isAdmin(claims: Jose.JWTPayload): boolean {
    const claim = this.config.OAUTH_ROLE_CLAIM;
    if (claim === '') return false;
    const roles = listOf(claimAt(claims, claim));
    return this.config.adminValues().some((value) => roles.includes(value));
  }

  private audience(): string {
    return this.config.OAUTH_AUDIENCE || this.urls.resource();
  }

  private invalid(): InvalidAccessTokenError {
    return new InvalidAccessTokenError(this.urls.protectedResourceMetadata());
  }
}

/**
 * Whether jose failed to fetch the issuer's keys rather than to accept the token: its key set
 * timed out, was no key set, or came with another status than 200 (a bare `JOSEError`), or the
 * connection failed (`fetch`'s own error).
 */
function isKeySetFailure(jose: typeof Jose, error: unknown): boolean {
  const { JOSEError, JWKSInvalid, JWKSTimeout } = jose.errors;
  if (error instanceof JWKSTimeout || error instanceof JWKSInvalid) return true;
  if (error instanceof JOSEError) return error.constructor === JOSEError;
  // By name: `fetch`'s errors may come from another realm than this module's `TypeError`.
  const { name, message } = (error ?? {}) as { name?: unknown; message?: unknown };
  return name === 'TypeError' && message === 'fetch failed';
}

/**
 * The claim named `name`, or, when there is none of that name, the one at that dotted path
 * (Keycloak's `realm_access.roles`); Auth0's namespaced claims are URLs, dots and all.
 */
function claimAt(claims: Jose.JWTPayload, name: string): unknown {
  if (name in claims) return claims[name];
  return name
    .split('.')
    .reduce<unknown>(
      (value, key) =>
        typeof value === 'object' && value !== null
          ? (value as Record<string, unknown>)[key]
          : undefined,
      claims,
    );
}

/** Scopes as RFC 9068 (`scope`, space-separated) or as Okta and Entra ID name them (`scp`). */
function scopesOf(claims: Jose.JWTPayload): string[] {
  return [...listOf(claims.scope), ...listOf(claims.scp)];
}

/** A claim as a list: an array's strings, or a string's space-separated words. */
function listOf(value: unknown): string[] {
  if (typeof value === 'string') return value.split(' ').filter((word) => word !== '');
  if (Array.isArray(value)) return value.filter((item): item is string => typeof item === 'string');
  return [];
}
