import { Min, ValidateBy } from 'class-validator';
import { Describe, IntegerVariable, VariableGroup } from '../../core/config';
import { parseAllowList } from './allow-list';

/** The environment variables of calls to tool endpoints. */
@VariableGroup('Outbound calls of http and mcp tools')
export class OutboundConfig {
  @Describe(
    'Host names, IP addresses and CIDR ranges (comma-separated) tools may reach though not public (loopback, private, link-local…)',
    { unset: 'public addresses only' },
  )
  @ValidateBy({
    name: 'isAllowList',
    validator: {
      validate: (value: unknown) =>
        typeof value === 'string' && parseAllowList(value).invalid.length === 0,
      defaultMessage: (args) =>
        'TOOL_URL_ALLOW must list host names, IP addresses and CIDR ranges, comma-separated ' +
        `(like 127.0.0.1,10.0.0.0/8,internal.example.com); not one of these: ` +
        parseAllowList(String(args?.value)).invalid.join(', '),
    },
  })
  TOOL_URL_ALLOW = '';

  /** A bound on what any endpoint can make toolhub hold. */
  @Describe(
    "Most bytes read of an `http` or `mcp` tool's answer; past it `502 TOOL_RESPONSE_TOO_LARGE`",
  )
  @IntegerVariable()
  @Min(1)
  TOOL_MAX_RESPONSE_BYTES = 10 * 1024 * 1024;
}
