import { type IncomingMessage } from 'node:http';
import { Injectable } from '@nestjs/common';
import { FailedKeyAttempts, throttledAddressOf } from '../api-keys/failed-key-attempts';
import { AppConfig } from '../core/config';
import { clientAddressOf } from '../core/http/client-address';
import { OAuthConfig } from './oauth.config';
import { TooManyRegistrationsError } from './oauth.errors';
import { applyRedirectUriPolicy } from './redirect-uri-policy';

/**
 * What precedes a dynamic registration (RFC 7591): a limit per client address, so nobody fills
 * the database with clients (unused ones expire anyway), and toolhub's redirect URI policy.
 */
@Injectable()
export class ClientRegistrations {
  private readonly recent: FailedKeyAttempts;

  constructor(
    config: OAuthConfig,
    private readonly app: AppConfig,
  ) {
    this.recent = new FailedKeyAttempts(config.OAUTH_REGISTRATIONS_PER_MINUTE);
  }

  /**
   * The metadata to register, or why it is refused; throws when the address has registered
   * too many clients this minute.
   */
  admit(request: IncomingMessage, body: unknown): ReturnType<typeof applyRedirectUriPolicy> {
    const address = throttledAddressOf(clientAddressOf(request, this.app.http.trustProxy));
    const wait = this.recent.secondsToWait(address);
    if (wait > 0) throw new TooManyRegistrationsError(wait);
    this.recent.record(address);
    const metadata = typeof body === 'object' && body !== null ? body : {};
    return applyRedirectUriPolicy(metadata as Record<string, unknown>);
  }
}
