import { type IncomingMessage } from 'node:http';
import { Injectable } from '@nestjs/common';
import { AppConfig } from '../core/config';
import { clientAddressOf } from '../core/http/client-address';
import { type EarlyRequestChecks } from '../core/http/early-request-checks';
import { TooManyKeyFailuresError, UnauthorizedError } from './api-key.errors';
import { ApiKeyMetrics } from './api-key-metrics';
import { ApiKeyVerifier } from './api-key-verifier';
import { type BearerTokenAuthority } from './bearer-token-authority';
import { PRINCIPAL, type RequestWithPrincipal } from './current-principal.decorator';
import { FailedKeyAttempts, throttledAddressOf } from './failed-key-attempts';
import { type Principal } from './principal';

type NodeRequest = IncomingMessage & RequestWithPrincipal;

/**
 * Who sends a request, from its `Authorization: Bearer <key>` header: the key's principal, left
 * on the (Node) request for the guard and the handler. An invalid key is refused wherever it is
 * sent, even where no key is needed, so a misconfigured client hears of it; invalid keys count
 * against the client's address (behind trusted proxies, the one they forward).
 */
@Injectable()
export class ApiKeyAuthenticator {
  private tokens?: BearerTokenAuthority;

  constructor(
    private readonly verifier: ApiKeyVerifier,
    private readonly attempts: FailedKeyAttempts,
    private readonly metrics: ApiKeyMetrics,
    private readonly config: AppConfig,
  ) {}

  /** Accepts the tokens `authority` issues wherever an API key is accepted. */
  acceptTokensOf(authority: BearerTokenAuthority): void {
    this.tokens = authority;
  }

  /**
   * Identifies the callers of the paths under `prefix` before their body is read; with
   * `required`, a request without a key is refused there too.
   */
  identifyBeforeBody(
    checks: EarlyRequestChecks,
    prefix: string,
    keyIs: 'required' | 'optional',
  ): void {
    checks.add(prefix, (request) => {
      // Where no key is needed, a request without one passes at once.
      if (keyIs === 'optional' && request.headers.authorization === undefined) return undefined;
      const identified = keyIs === 'required' ? this.require(request) : this.identify(request);
      return identified.then(() => undefined);
    });
  }

  /** The caller of a request that must carry a valid key: 401 without one, 429 when throttled. */
  async require(request: NodeRequest): Promise<Principal> {
    const principal = await this.identify(request);
    if (!principal) throw UnauthorizedError.missing();
    return principal;
  }

  /**
   * The caller of a request with a key; undefined without one, 401 for an invalid one or a bare
   * key sent without its scheme (read as none, it would quietly lose its tools). Credentials of
   * another scheme, such as a proxy's Basic authentication passed on, are no key.
   */
  async identify(request: NodeRequest): Promise<Principal | undefined> {
    const known = request[PRINCIPAL];
    if (known) return known;
    const { authorization } = request.headers;
    if (authorization !== undefined && isBareCredential(authorization)) {
      throw UnauthorizedError.notBearer();
    }
    const key = bearerKeyOf(authorization);
    if (key === undefined) return undefined;
    const address = throttledAddressOf(clientAddressOf(request, this.config.http.trustProxy));
    const wait = this.attempts.secondsToWait(address);
    if (wait > 0) {
      this.metrics.failed('throttled');
      throw new TooManyKeyFailuresError(wait);
    }
    const principal = this.tokens?.recognizes(key)
      ? await this.identifyToken(key, request, address)
      : await this.verifier.verify(key);
    if (!principal) {
      this.attempts.record(address);
      this.metrics.failed('invalid');
      throw UnauthorizedError.invalid();
    }
    request[PRINCIPAL] = principal;
    return principal;
  }

  /** A token's principal; an invalid token counts against its address as an invalid key does. */
  private async identifyToken(
    token: string,
    request: NodeRequest,
    address: string,
  ): Promise<Principal> {
    try {
      return await (this.tokens as BearerTokenAuthority).identify(token, request);
    } catch (error) {
      if (error instanceof UnauthorizedError) {
        this.attempts.record(address);
        this.metrics.failed('invalid');
      }
      throw error;
    }
  }
}

/** The key of `Authorization: Bearer <key>` (the scheme in any case); undefined otherwise. */
function bearerKeyOf(authorization: string | undefined): string | undefined {
  return /^Bearer\s+(\S+)\s*$/i.exec(authorization ?? '')?.[1];
}

/** A header of one word, a credential with no scheme before it (`Authorization: thk_…`). */
function isBareCredential(authorization: string): boolean {
  return /^\s*\S+\s*$/.test(authorization) && !/^Bearer$/i.test(authorization.trim());
}
