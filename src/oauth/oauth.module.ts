import { Module } from '@nestjs/common';
import { ApiKeyAuthenticator } from '../api-keys/api-key-authenticator';
import { JobsModule } from '../jobs/jobs.module';
import { AccessTokens } from './access-tokens';
import { AuthorizationServer } from './authorization-server';
import { ClientRegistrations } from './client-registrations';
import { Consent } from './consent';
import { ConsoleSessionController } from './console-session.controller';
import { ConsoleSessions } from './console-sessions';
import { ConsoleSessionsRepository } from './console-sessions.repository';
import { ExternalAccessTokens } from './external-access-tokens';
import { ExternalIssuer } from './external-issuer';
import { OAuthEnabled } from './oauth-enabled.guard';
import { OAuthController } from './oauth.controller';
import { OAuthGrantsController } from './oauth-grants.controller';
import { OAuthGrantsService } from './oauth-grants.service';
import { OAuthConfig } from './oauth.config';
import { OAuthKeysModule } from './oauth-keys.module';
import { OAuthStatePurge } from './oauth-state-purge';
import { OAuthStateRepository } from './oauth-state.repository';
import { OAuthUrls } from './oauth-urls';

/**
 * Signing in with OAuth 2.1: toolhub's own authorization server, its metadata and consent page,
 * or an external identity provider's; the access tokens of the one in use are accepted wherever
 * an API key is, as their user and within their scopes.
 */
@Module({
  imports: [OAuthKeysModule, JobsModule],
  controllers: [OAuthController, ConsoleSessionController, OAuthGrantsController],
  providers: [
    OAuthUrls,
    OAuthStateRepository,
    AuthorizationServer,
    AccessTokens,
    Consent,
    ConsoleSessions,
    ConsoleSessionsRepository,
    ClientRegistrations,
    OAuthEnabled,
    ExternalIssuer,
    ExternalAccessTokens,
    OAuthGrantsService,
    OAuthStatePurge,
  ],
  exports: [OAuthUrls],
})
export class OAuthModule {
  constructor(
    authenticator: ApiKeyAuthenticator,
    config: OAuthConfig,
    builtinTokens: AccessTokens,
    externalTokens: ExternalAccessTokens,
  ) {
    if (config.OAUTH_MODE === 'builtin') authenticator.acceptTokensOf(builtinTokens);
    if (config.OAUTH_MODE === 'external') authenticator.acceptTokensOf(externalTokens);
  }
}
