import { Min, ValidateBy } from 'class-validator';
import { IntegerVariable } from '../../core/config';
import { parseAllowList } from './allow-list';

/** The environment variables of calls to tool endpoints. */
export class OutboundConfig {
  /**
   * Comma-separated host names, IP addresses and CIDR ranges that tools may reach though they
   * are not public (loopback, private, link-local…); empty: public addresses only.
   */
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

  /**
   * The most bytes read of one answer of an `http` or `mcp` tool's endpoint; past it the call
   * fails with TOOL_RESPONSE_TOO_LARGE, so no endpoint can make toolhub hold more.
   */
  @IntegerVariable()
  @Min(1)
  TOOL_MAX_RESPONSE_BYTES = 10 * 1024 * 1024;
}
