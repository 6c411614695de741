import { ValidateBy } from 'class-validator';
import { BooleanVariable, Describe, VariableGroup } from '../core/config';

/** An origin as browsers send it: scheme, host and optional port; no path (a trailing / is ok). */
const ORIGIN = /^[a-z][a-z0-9+.-]*:\/\/[^/?#\s@]+\/*$/i;

/** The entries of an allow-list that are neither `*` nor an origin. */
function invalidOrigins(list: string): string[] {
  return list
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '' && entry !== '*' && !ORIGIN.test(entry));
}

/** The environment variables of the MCP endpoint. */
@VariableGroup('MCP')
export class McpConfig {
  @Describe(
    'Browser origins allowed on `/mcp`, comma-separated, or `*`; loopback origins (any port) always are, and clients that send no `Origin` are not restricted',
    { unset: 'loopback only' },
  )
  @ValidateBy({
    name: 'isOriginList',
    validator: {
      validate: (value: unknown) => typeof value === 'string' && invalidOrigins(value).length === 0,
      defaultMessage: (args) =>
        'MCP_ALLOWED_ORIGINS must be * or origins, comma-separated (like ' +
        `https://app.example.com,http://localhost:5173); not origins: ${invalidOrigins(String(args?.value)).join(', ')}`,
    },
  })
  MCP_ALLOWED_ORIGINS = '';

  @Describe(
    "`true`: callers of `/mcp` without a key are served the MCP conformance suite's fixture tools, resources and prompts instead of toolhub's public tools, for running that suite; never in production",
  )
  @BooleanVariable()
  MCP_CONFORMANCE_FIXTURES = false;

  @Describe(
    '`false`: a request to `/mcp` without credentials is answered 401 with the `WWW-Authenticate` challenge that starts OAuth sign-in in clients such as claude.ai, ChatGPT and VS Code; `true`: it is served the public tools',
  )
  @BooleanVariable()
  MCP_ANONYMOUS = true;
}
