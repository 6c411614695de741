import { type AllowList, hostNameKey, parseAllowList } from './allow-list';
import { parseIpAddress } from './ip-address';
import { type NonPublicKind, embeddedIpv4Of, nonPublicKindOf } from './non-public-addresses';

/** Names that are loopback by definition (RFC 6761), whatever a resolver would answer. */
const LOOPBACK_NAME = /(^|\.)localhost$/;

/**
 * Which addresses tool calls may reach: public ones, and whatever `TOOL_URL_ALLOW` opens, by
 * host name (any address it resolves to) or by address and CIDR range.
 */
export class OutboundPolicy {
  private constructor(private readonly allowed: AllowList) {}

  /** The policy of a `TOOL_URL_ALLOW` value (validated at start); an empty one allows nothing more. */
  static allowing(allowList: string): OutboundPolicy {
    return new OutboundPolicy(parseAllowList(allowList));
  }

  /**
   * Why connecting to `address` for a URL naming `host` is refused, or undefined when it is
   * permitted. An IPv4 address carried in IPv6 (`::ffff:127.0.0.1`) is judged as itself.
   */
  refusalOf(host: string, address: string): NonPublicKind | undefined {
    if (this.allowed.hosts.has(hostNameKey(host))) return undefined;
    const ip = parseIpAddress(address);
    // Fail closed: what is not an IP address cannot be vouched for.
    if (!ip) return 'reserved';
    const forms = [ip, embeddedIpv4Of(ip)].filter((form) => form !== undefined);
    if (forms.some((form) => this.allowed.ranges.some((range) => range.contains(form)))) {
      return undefined;
    }
    return nonPublicKindOf(ip);
  }

  /**
   * Why a URL's host is refused before anything is resolved: an address written in the URL,
   * or a name that is loopback by definition. Other names are judged when a call connects.
   */
  literalRefusalOf(hostname: string): NonPublicKind | undefined {
    const host = hostNameKey(hostname);
    if (LOOPBACK_NAME.test(host)) return this.refusalOf(host, '127.0.0.1');
    return parseIpAddress(host) ? this.refusalOf(host, host) : undefined;
  }
}
