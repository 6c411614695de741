import { IsIn, Max, Min } from 'class-validator';
import { Describe, IntegerVariable, VariableGroup } from '../core/config';

export const OAUTH_MODES = ['builtin', 'off'] as const;

export type OAuthMode = (typeof OAUTH_MODES)[number];

/** The environment variables of signing in with OAuth (MCP clients acting as toolhub's users). */
@VariableGroup('OAuth')
export class OAuthConfig {
  @Describe(
    "`builtin`: toolhub is its own authorization server (`/oauth/*`), where people approve clients with one of their API keys; `off`: API keys only. (`external`, another issuer's tokens, is not available yet)",
  )
  @IsIn(OAUTH_MODES)
  OAUTH_MODE: OAuthMode = 'builtin';

  @Describe('Seconds an OAuth access token is valid (60–86400); refresh tokens renew it')
  @IntegerVariable()
  @Min(60)
  @Max(86_400)
  OAUTH_ACCESS_TOKEN_TTL_SECONDS = 3600;

  @Describe(
    'Dynamic client registrations one client address may make a minute (1–1000), on each instance; past that, `429`',
  )
  @IntegerVariable()
  @Min(1)
  @Max(1000)
  OAUTH_REGISTRATIONS_PER_MINUTE = 10;
}
