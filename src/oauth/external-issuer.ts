import { Inject, Injectable } from '@nestjs/common';
import type * as Jose from 'jose';
import { esmImport } from '../core/esm-import';
import { type GuardedFetchFunction, OUTBOUND_FETCH } from '../core/http/outbound-fetch.token';
import { OAuthIssuerUnavailableError } from './oauth.errors';
import { OAuthConfig } from './oauth.config';

const loadJose = esmImport<typeof Jose>('jose');

/** How long one answer of the issuer may take, metadata or keys. */
const FETCH_TIMEOUT_MS = 5000;

/**
 * The least time between two fetches of the issuer's keys: a token naming an unknown key fetches
 * them again (that is how a rotation reaches toolhub), but a flood of such tokens cannot make
 * toolhub flood the issuer.
 */
const KEYS_REFETCH_COOLDOWN_MS = 1000;

/** The part of an issuer's metadata toolhub uses. */
interface IssuerMetadata {
  issuer: string;
  jwks_uri: string;
}

/**
 * The external identity provider of `OAUTH_ISSUER`: its metadata, discovered once (RFC 8414,
 * else OpenID Connect Discovery), and its signing keys, cached by jose and fetched again when a
 * token names a key not yet known. A failed discovery is tried again by the next request. Both
 * go through the outbound guard: an issuer on a private address must be opened by
 * `TOOL_URL_ALLOW`, like any other host toolhub calls.
 */
@Injectable()
export class ExternalIssuer {
  private keys?: Promise<Jose.JWTVerifyGetKey>;

  constructor(
    private readonly config: OAuthConfig,
    @Inject(OUTBOUND_FETCH) private readonly fetch: GuardedFetchFunction,
  ) {}

  get issuer(): string {
    return this.config.OAUTH_ISSUER;
  }

  /** The issuer's key set, for `jwtVerify`. */
  keySet(): Promise<Jose.JWTVerifyGetKey> {
    this.keys ??= this.discoverKeys().catch((error: unknown) => {
      this.keys = undefined;
      throw error;
    });
    return this.keys;
  }

  private async discoverKeys(): Promise<Jose.JWTVerifyGetKey> {
    const [jose, metadata] = await Promise.all([loadJose(), this.discoverMetadata()]);
    return jose.createRemoteJWKSet(new URL(metadata.jwks_uri), {
      timeoutDuration: FETCH_TIMEOUT_MS,
      cooldownDuration: KEYS_REFETCH_COOLDOWN_MS,
      [jose.customFetch]: this.fetch,
    });
  }

  /** The first metadata document found that names this issuer and where its keys are. */
  private async discoverMetadata(): Promise<IssuerMetadata> {
    for (const url of metadataUrlsOf(this.issuer)) {
      const metadata = await fetchJson(this.fetch, url);
      if (isIssuerMetadata(metadata) && metadata.issuer === this.issuer) return metadata;
    }
    throw new OAuthIssuerUnavailableError(this.issuer);
  }
}

/**
 * Where an issuer publishes its metadata: RFC 8414's well-known URI (inserted before the
 * issuer's path), then OpenID Connect's (appended to it), which Keycloak, Entra ID, Auth0 and
 * Okta all serve.
 */
export function metadataUrlsOf(issuer: string): string[] {
  const { origin, pathname } = new URL(issuer);
  const path = pathname === '/' ? '' : pathname.replace(/\/$/, '');
  return [
    `${origin}/.well-known/oauth-authorization-server${path}`,
    `${origin}${path}/.well-known/openid-configuration`,
  ];
}

/** A JSON document, or undefined when there is none there (any failure, any other status). */
async function fetchJson(fetch: GuardedFetchFunction, url: string): Promise<unknown> {
  try {
    const response = await fetch(url, {
      headers: { Accept: 'application/json' },
      signal: AbortSignal.timeout(FETCH_TIMEOUT_MS),
    });
    return response.ok ? await response.json() : undefined;
  } catch {
    return undefined;
  }
}

function isIssuerMetadata(value: unknown): value is IssuerMetadata {
  const metadata = value as Partial<IssuerMetadata> | undefined;
  return (
    typeof metadata?.issuer === 'string' &&
    typeof metadata.jwks_uri === 'string' &&
    URL.canParse(metadata.jwks_uri)
  );
}
