import { type IncomingMessage } from 'node:http';
import { Injectable } from '@nestjs/common';
import type * as Jose from 'jose';
import { type BearerTokenAuthority } from '../api-keys/bearer-token-authority';
import { type Principal } from '../api-keys/principal';
import { esmImport } from '../core/esm-import';
import { OAuthKeys, type PrivateJwk } from './oauth-keys';
import { InvalidAccessTokenError } from './oauth.errors';
import { LAST_USED_RESOLUTION_SECONDS, OAuthStateRepository } from './oauth-state.repository';
import { OAuthUrls } from './oauth-urls';
import { COMPACT_JWS, principalOfToken } from './token-principal';

const loadJose = esmImport<typeof Jose>('jose');

/**
 * Checks the access tokens toolhub's authorization server issues: signed with one of its keys
 * (ES256 only, so `alg: none` and HMAC forgeries fail), by this issuer, for this resource,
 * unexpired, of a grant still in force (read from the database, so a revocation holds on every
 * instance at once), with the scope the request's path needs.
 */
@Injectable()
export class AccessTokens implements BearerTokenAuthority {
  private publicKeys?: Promise<Jose.JSONWebKeySet>;

  constructor(
    private readonly urls: OAuthUrls,
    private readonly keys: OAuthKeys,
    private readonly state: OAuthStateRepository,
  ) {}

  recognizes(credential: string): boolean {
    return COMPACT_JWS.test(credential);
  }

  async identify(token: string, request: IncomingMessage): Promise<Principal> {
    const claims = await this.verify(token);
    const scopes = typeof claims.scope === 'string' ? claims.scope.split(' ') : [];
    // Only the consent of an admin grants the `admin` scope, so it alone says who is one.
    const verified = {
      clientId: String(claims.client_id),
      user: String(claims.sub),
      scopes,
      userIsAdmin: scopes.includes('admin'),
    };
    return principalOfToken(verified, request, this.urls.protectedResourceMetadata());
  }

  private async verify(token: string): Promise<Jose.JWTPayload> {
    const jose = await loadJose();
    let payload: Jose.JWTPayload;
    try {
      ({ payload } = await jose.jwtVerify(token, await this.keySet(jose, token), {
        issuer: this.urls.issuer(),
        audience: this.urls.resource(),
        algorithms: ['ES256'],
        typ: 'at+jwt',
        requiredClaims: ['sub', 'exp', 'client_id'],
      }));
    } catch {
      throw this.invalid();
    }
    const grantId = payload.grant_id;
    if (typeof grantId !== 'string') throw this.invalid();
    const lastUsed = await this.state.grantLastUsed(grantId);
    if (lastUsed === undefined) throw this.invalid();
    // The grant is read on every request anyway; it is written only when its note is stale.
    if (
      lastUsed === null ||
      Date.now() - lastUsed.getTime() > LAST_USED_RESOLUTION_SECONDS * 1000
    ) {
      await this.state.touchGrant(grantId);
    }
    return payload;
  }

  /** The public keys; read again when a token names a key not yet known (one made elsewhere). */
  private async keySet(jose: typeof Jose, token: string) {
    const { kid } = jose.decodeProtectedHeader(token);
    let set = await (this.publicKeys ??= this.loadPublicKeys());
    if (!set.keys.some((key) => key.kid === kid)) {
      set = await (this.publicKeys = this.loadPublicKeys());
    }
    return jose.createLocalJWKSet(set);
  }

  private async loadPublicKeys(): Promise<Jose.JSONWebKeySet> {
    const { signing } = await this.keys.load();
    return { keys: signing.map(publicHalf) };
  }

  private invalid(): InvalidAccessTokenError {
    return new InvalidAccessTokenError(this.urls.protectedResourceMetadata());
  }
}

function publicHalf({ kty, crv, x, y, kid, alg, use }: PrivateJwk): Jose.JWK {
  return { kty, crv, x, y, kid, alg, use };
}
