import { type IpAddress } from './ip-address';
import { IpRange } from './ip-range';

/** What a non-public address is, as refusals name it. */
export type NonPublicKind =
  | 'unspecified'
  | 'loopback'
  | 'private'
  | 'shared (CGNAT)'
  | 'link-local'
  | 'unique-local'
  | 'site-local'
  | 'multicast'
  | 'documentation'
  | 'reserved';

/**
 * The special-purpose ranges of IANA's IPv4 and IPv6 registries that are not globally
 * reachable: a tool's URL must not become a way into the server's own machine or network.
 * The first match names the kind, so narrower ranges come before the ranges holding them.
 */
const NON_PUBLIC_RANGES: readonly (readonly [IpRange, NonPublicKind])[] = (
  [
    ['0.0.0.0/8', 'unspecified'], // "this network": 0.0.0.0 reaches the local machine
    ['10.0.0.0/8', 'private'],
    ['100.64.0.0/10', 'shared (CGNAT)'],
    ['127.0.0.0/8', 'loopback'],
    ['169.254.0.0/16', 'link-local'], // cloud metadata services (169.254.169.254) live here
    ['172.16.0.0/12', 'private'],
    ['192.0.0.0/24', 'reserved'], // IETF protocol assignments
    ['192.0.2.0/24', 'documentation'],
    ['192.88.99.0/24', 'reserved'], // the former 6to4 relay anycast
    ['192.168.0.0/16', 'private'],
    ['198.18.0.0/15', 'reserved'], // benchmarking
    ['198.51.100.0/24', 'documentation'],
    ['203.0.113.0/24', 'documentation'],
    ['224.0.0.0/4', 'multicast'],
    ['240.0.0.0/4', 'reserved'], // the broadcast address 255.255.255.255 included
    ['::/128', 'unspecified'],
    ['::1/128', 'loopback'],
    ['::/96', 'reserved'], // the deprecated IPv4-compatible addresses
    ['64:ff9b:1::/48', 'private'], // local-use NAT64
    ['100::/64', 'reserved'], // discard-only
    ['2001::/23', 'reserved'], // IETF protocol assignments, Teredo included
    ['2001:db8::/32', 'documentation'],
    ['3fff::/20', 'documentation'],
    ['5f00::/16', 'reserved'], // segment routing
    ['fc00::/7', 'unique-local'],
    ['fe80::/10', 'link-local'],
    ['fec0::/10', 'site-local'], // deprecated, still routed locally by some stacks
    ['ff00::/8', 'multicast'],
  ] as const
).map(([cidr, kind]) => [rangeOf(cidr), kind] as const);

/**
 * IPv6 ranges whose addresses carry an IPv4 address, with the bit offset where it sits:
 * connecting to one reaches that IPv4 address (`::ffff:127.0.0.1` is loopback).
 */
const IPV4_CARRIERS: readonly (readonly [IpRange, bigint])[] = (
  [
    ['::ffff:0:0/96', 0n], // IPv4-mapped: the socket connects over IPv4
    ['::ffff:0:0:0/96', 0n], // IPv4-translated (SIIT)
    ['64:ff9b::/96', 0n], // NAT64's well-known prefix
    ['2002::/16', 80n], // 6to4: the IPv4 address follows the prefix
  ] as const
).map(([cidr, offset]) => [rangeOf(cidr), offset] as const);

/** The IPv4 address an IPv6 address carries, or undefined when it carries none. */
export function embeddedIpv4Of(address: IpAddress): IpAddress | undefined {
  const carrier = IPV4_CARRIERS.find(([range]) => range.contains(address));
  if (!carrier) return undefined;
  return { version: 4, value: (address.value >> carrier[1]) & 0xffff_ffffn };
}

/** Why an address is not public, or undefined when it is a public address. */
export function nonPublicKindOf(address: IpAddress): NonPublicKind | undefined {
  const embedded = embeddedIpv4Of(address);
  if (embedded) return nonPublicKindOf(embedded);
  return NON_PUBLIC_RANGES.find(([range]) => range.contains(address))?.[1];
}

function rangeOf(cidr: string): IpRange {
  const range = IpRange.parse(cidr);
  if (!range) throw new Error(`Invalid range in the code: ${cidr}`);
  return range;
}
