import { isIP } from 'node:net';

/** An IP address as a number, so ranges are compared with shifts rather than text. */
export interface IpAddress {
  version: 4 | 6;
  value: bigint;
}

export const ADDRESS_BITS = { 4: 32, 6: 128 } as const;

/**
 * The address written in `text` (`10.0.0.1`, `::1`, `[::1]`, `fe80::1%eth0`), or undefined
 * when it is not an IP address (a host name, say).
 */
export function parseIpAddress(text: string): IpAddress | undefined {
  // Brackets are how URLs write IPv6; a zone (`%eth0`) names an interface, not an address.
  const bare = text.replace(/^\[(.*)\]$/, '$1').replace(/%.*$/, '');
  const version = isIP(bare);
  if (version === 4) return { version, value: ipv4Value(bare) };
  if (version === 6) return { version, value: ipv6Value(bare) };
  return undefined;
}

function ipv4Value(text: string): bigint {
  return text.split('.').reduce((value, octet) => (value << 8n) | BigInt(octet), 0n);
}

function ipv6Value(text: string): bigint {
  const [head, tail] = text.split('::').map(hextetsOf);
  // Without `::` all eight groups are written; with it, the missing ones are zeros.
  const zeros = tail ? 8 - head.length - tail.length : 0;
  const groups = [...head, ...Array<bigint>(zeros).fill(0n), ...(tail ?? [])];
  return groups.reduce((value, group) => (value << 16n) | group, 0n);
}

/** The 16-bit groups of one side of `::`; a trailing dotted IPv4 (`::ffff:1.2.3.4`) is two. */
function hextetsOf(part: string): bigint[] {
  if (part === '') return [];
  return part.split(':').flatMap((group) => {
    if (!group.includes('.')) return [BigInt(`0x${group}`)];
    const ipv4 = ipv4Value(group);
    return [ipv4 >> 16n, ipv4 & 0xffffn];
  });
}
