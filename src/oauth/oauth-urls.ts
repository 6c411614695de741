import { Injectable } from '@nestjs/common';
import { PublicUrl } from '../core/http/public-url';

/** Where the endpoints of the authorization server are, under `/oauth`. */
export const OAUTH_ROUTES = {
  authorization: '/oauth/authorize',
  token: '/oauth/token',
  registration: '/oauth/register',
  revocation: '/oauth/revoke',
  jwks: '/oauth/jwks',
} as const;

/** The page where a person approves a client, followed by the interaction's id. */
export const CONSENT_PATH = '/oauth/consent';

/** Where the console starts and ends the session the consent page recognises. */
export const CONSOLE_SESSION_PATH = '/oauth/console-session';

export const PROTECTED_RESOURCE_METADATA_PATH = '/.well-known/oauth-protected-resource/mcp';
export const AUTHORIZATION_SERVER_METADATA_PATH = '/.well-known/oauth-authorization-server';

/** The absolute identifiers OAuth names this server by, all derived from `PUBLIC_URL`. */
@Injectable()
export class OAuthUrls {
  constructor(private readonly publicUrl: PublicUrl) {}

  /** The authorization server's issuer: the public base URL itself. */
  issuer(): string {
    return this.publicUrl.base();
  }

  /** The one resource tokens are issued for: the MCP endpoint (tokens also serve the API). */
  resource(): string {
    return this.publicUrl.of('/mcp');
  }

  protectedResourceMetadata(): string {
    return this.publicUrl.of(PROTECTED_RESOURCE_METADATA_PATH);
  }

  of(path: string): string {
    return this.publicUrl.of(path);
  }
}
