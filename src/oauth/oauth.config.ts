import { IsIn, Matches, Max, Min, ValidateBy, ValidateIf } from 'class-validator';
import { Describe, IntegerVariable, VariableGroup } from '../core/config';
import { isExternalIssuerUrl } from './external-issuer-url';

export const OAUTH_MODES = ['builtin', 'external', 'off'] as const;

export type OAuthMode = (typeof OAUTH_MODES)[number];

const whenExternal = (config: OAuthConfig) => config.OAUTH_MODE === 'external';

/** The environment variables of signing in with OAuth (MCP clients acting as toolhub's users). */
@VariableGroup('OAuth')
export class OAuthConfig {
  @Describe(
    '`builtin`: toolhub is its own authorization server (`/oauth/*`), where people approve clients with one of their API keys; `external`: tokens of the identity provider `OAUTH_ISSUER` are accepted instead; `off`: API keys only',
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

  @Describe(
    'With `OAUTH_MODE=external`, required: the issuer of the identity provider whose access tokens are accepted (https; http only on a loopback host); its metadata and keys are discovered from it',
    { unset: 'none' },
  )
  @ValidateIf(whenExternal)
  @ValidateBy({
    name: 'isExternalIssuer',
    validator: {
      validate: (value: unknown) => typeof value === 'string' && isExternalIssuerUrl(value),
      defaultMessage: (args) =>
        !args?.value
          ? 'OAUTH_ISSUER is required when OAUTH_MODE is external'
          : 'OAUTH_ISSUER must be an https URL (or http on localhost, 127.0.0.1 or [::1]) without query or fragment, e.g. https://login.example.com/realms/toolhub',
    },
  })
  OAUTH_ISSUER = '';

  @Describe('With `OAUTH_MODE=external`: the audience (`aud`) access tokens must name', {
    unset: '`<PUBLIC_URL>/mcp`',
  })
  OAUTH_AUDIENCE = '';

  @Describe('With `OAUTH_MODE=external`: the claim that names the toolhub user of a token')
  @Matches(/^\S+$/, { message: 'OAUTH_USER_CLAIM must be a claim name' })
  OAUTH_USER_CLAIM = 'sub';

  @Describe(
    'With `OAUTH_MODE=external`: the claim (a string or an array) holding the user’s roles; a token whose roles include one of `OAUTH_ADMIN_VALUES` acts as an admin',
    { unset: 'every token acts as a member' },
  )
  OAUTH_ROLE_CLAIM = '';

  @Describe(
    'With `OAUTH_MODE=external`: the values of `OAUTH_ROLE_CLAIM` (comma-separated) that make a token an admin’s',
    { unset: 'none' },
  )
  OAUTH_ADMIN_VALUES = '';

  /** `OAUTH_ADMIN_VALUES` as a list. */
  adminValues(): string[] {
    return this.OAUTH_ADMIN_VALUES.split(',')
      .map((value) => value.trim())
      .filter((value) => value !== '');
  }
}
