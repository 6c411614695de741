import { IpRange } from './ip-range';

/** What `TOOL_URL_ALLOW` opens: host names, and addresses or CIDR ranges. */
export interface AllowList {
  hosts: ReadonlySet<string>;
  ranges: readonly IpRange[];
  /** Entries that are none of these; configuration validation reports them. */
  invalid: readonly string[];
}

/** A DNS name: letter-digit-hyphen labels, the last not all digits (that would be an IPv4 form). */
const HOST_NAME =
  /^([a-z0-9]([a-z0-9-]*[a-z0-9])?\.)*(?=[a-z0-9-]*[a-z])[a-z0-9]([a-z0-9-]*[a-z0-9])?$/;

/** Reads a comma-separated `TOOL_URL_ALLOW` (`127.0.0.1,10.0.0.0/8,internal.example.com`). */
export function parseAllowList(text: string): AllowList {
  const hosts = new Set<string>();
  const ranges: IpRange[] = [];
  const invalid: string[] = [];
  for (const entry of text.split(',').map((item) => item.trim())) {
    if (entry === '') continue;
    const range = IpRange.parse(entry);
    if (range) ranges.push(range);
    else if (HOST_NAME.test(hostNameKey(entry))) hosts.add(hostNameKey(entry));
    else invalid.push(entry);
  }
  return { hosts, ranges, invalid };
}

/** A host name as compared: DNS names ignore case, and `example.com.` is `example.com`. */
export function hostNameKey(host: string): string {
  return host.toLowerCase().replace(/\.$/, '');
}
