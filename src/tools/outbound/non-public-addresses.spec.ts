import { parseIpAddress } from './ip-address';
import { embeddedIpv4Of, nonPublicKindOf } from './non-public-addresses';

const kindOf = (text: string) => nonPublicKindOf(parseIpAddress(text)!);

describe('nonPublicKindOf', () => {
  it.each([
    ['0.0.0.0', 'unspecified'],
    ['0.1.2.3', 'unspecified'],
    ['127.0.0.1', 'loopback'],
    ['127.255.255.254', 'loopback'],
    ['10.0.0.1', 'private'],
    ['172.16.0.1', 'private'],
    ['172.31.255.255', 'private'],
    ['192.168.1.1', 'private'],
    ['100.64.0.1', 'shared (CGNAT)'],
    ['100.127.255.255', 'shared (CGNAT)'],
    ['169.254.169.254', 'link-local'],
    ['224.0.0.1', 'multicast'],
    ['239.255.255.250', 'multicast'],
    ['240.0.0.1', 'reserved'],
    ['255.255.255.255', 'reserved'],
    ['192.0.0.8', 'reserved'],
    ['198.18.0.1', 'reserved'],
    ['192.0.2.1', 'documentation'],
    ['::', 'unspecified'],
    ['::1', 'loopback'],
    ['fe80::1', 'link-local'],
    ['febf:ffff::1', 'link-local'],
    ['fc00::1', 'unique-local'],
    ['fd12:3456::1', 'unique-local'],
    ['fec0::1', 'site-local'],
    ['ff02::1', 'multicast'],
    ['2001:db8::1', 'documentation'],
    ['2001::1', 'reserved'],
    ['100::1', 'reserved'],
    ['::7f00:1', 'reserved'],
  ])('%s is %s', (address, kind) => {
    expect(kindOf(address)).toBe(kind);
  });

  it.each([
    ['::ffff:127.0.0.1', 'loopback'],
    ['::ffff:7f00:1', 'loopback'],
    ['::ffff:10.0.0.1', 'private'],
    ['::ffff:169.254.169.254', 'link-local'],
    ['::ffff:0.0.0.0', 'unspecified'],
    ['::ffff:0:127.0.0.1', 'loopback'],
    ['64:ff9b::169.254.169.254', 'link-local'],
    ['64:ff9b::a00:1', 'private'],
    ['2002:7f00:1::', 'loopback'],
    ['2002:c0a8:101::1', 'private'],
  ])('%s carries a %s IPv4 address and is judged as it', (address, kind) => {
    expect(kindOf(address)).toBe(kind);
  });

  it.each([
    '8.8.8.8',
    '1.1.1.1',
    '93.184.215.14',
    '172.15.255.255',
    '172.32.0.0',
    '100.63.255.255',
    '100.128.0.0',
    '169.253.255.255',
    '223.255.255.255',
    '2606:4700::1111',
    '2a00:1450:4001::200e',
    '::ffff:8.8.8.8',
    '64:ff9b::808:808',
    '2002:808:808::1',
  ])('%s is public', (address) => {
    expect(kindOf(address)).toBeUndefined();
  });
});

describe('embeddedIpv4Of', () => {
  it('finds the IPv4 address a mapped, NAT64 or 6to4 address carries', () => {
    const loopback = { version: 4, value: 0x7f000001n };
    expect(embeddedIpv4Of(parseIpAddress('::ffff:127.0.0.1')!)).toEqual(loopback);
    expect(embeddedIpv4Of(parseIpAddress('64:ff9b::7f00:1')!)).toEqual(loopback);
    expect(embeddedIpv4Of(parseIpAddress('2002:7f00:1:2::3')!)).toEqual(loopback);
  });

  it('finds none in other addresses', () => {
    expect(embeddedIpv4Of(parseIpAddress('127.0.0.1')!)).toBeUndefined();
    expect(embeddedIpv4Of(parseIpAddress('2606:4700::1111')!)).toBeUndefined();
  });
});
