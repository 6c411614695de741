import { type IncomingMessage } from 'node:http';
import { type Principal } from '../api-keys/principal';
import { InsufficientScopeError } from './oauth.errors';
import { requiredScopeOf, roleOfScopes } from './oauth-scopes';

/** A JWS in compact form: three base64url parts, the first a JSON header (`eyJ` is `{"`). */
export const COMPACT_JWS = /^eyJ[\w-]*\.[\w-]+\.[\w-]*$/;

/** What a verified access token says about who sends it and what it may do. */
export interface VerifiedToken {
  clientId: string;
  user: string;
  scopes: readonly string[];
  /** Whether its user is an admin; even then it acts as one only with the `admin` scope. */
  userIsAdmin: boolean;
}

/**
 * The principal `token` acts as on `request`: refused with `insufficient_scope` when its scopes
 * do not cover the request's path, whoever issued it.
 */
export function principalOfToken(
  token: VerifiedToken,
  request: IncomingMessage,
  resourceMetadata: string,
): Principal {
  const needed = requiredScopeOf(request.url ?? '/');
  if (needed !== 'none' && !token.scopes.includes(needed)) {
    throw new InsufficientScopeError(needed, resourceMetadata);
  }
  return {
    keyId: `oauth:${token.clientId}`,
    user: token.user,
    role: token.userIsAdmin ? roleOfScopes(token.scopes) : 'member',
  };
}
