import { type IpAddress, parseIpAddress } from './ip-address';
import { IpRange } from './ip-range';

function ip(text: string): IpAddress {
  const address = parseIpAddress(text);
  if (!address) throw new Error(`not an address: ${text}`);
  return address;
}

describe('parseIpAddress', () => {
  it.each([
    ['127.0.0.1', 4, 0x7f000001n],
    ['255.255.255.255', 4, 0xffffffffn],
    ['::', 6, 0n],
    ['::1', 6, 1n],
    ['[::1]', 6, 1n],
    ['1::', 6, 1n << 112n],
    ['fe80::1%eth0', 6, (0xfe80n << 112n) | 1n],
    ['::ffff:127.0.0.1', 6, (0xffffn << 32n) | 0x7f000001n],
    ['::ffff:7f00:1', 6, (0xffffn << 32n) | 0x7f000001n],
    ['2001:db8:0:0:0:0:0:2', 6, (0x2001_0db8n << 96n) | 2n],
  ])('reads %s as IPv%i %s', (text, version, value) => {
    expect(parseIpAddress(text)).toEqual({ version, value });
  });

  it.each([
    'localhost',
    'example.com',
    '127.1',
    '2130706433',
    '1.2.3.4.5',
    '::g',
    '',
    '[1.2.3.4]x',
  ])('finds no address in %j', (text) => {
    expect(parseIpAddress(text)).toBeUndefined();
  });
});

describe('IpRange', () => {
  it.each([
    ['10.0.0.0/8', '10.255.1.2', true],
    ['10.0.0.0/8', '11.0.0.0', false],
    ['172.16.0.0/12', '172.31.255.255', true],
    ['172.16.0.0/12', '172.32.0.0', false],
    ['100.64.0.0/10', '100.127.0.1', true],
    ['100.64.0.0/10', '100.128.0.1', false],
    ['0.0.0.0/0', '8.8.8.8', true],
    ['127.0.0.1', '127.0.0.1', true],
    ['127.0.0.1', '127.0.0.2', false],
    ['127.0.0.1/32', '127.0.0.1', true],
    ['10.1.2.3/8', '10.9.9.9', true],
    ['fc00::/7', 'fdff::1', true],
    ['fc00::/7', 'fe00::1', false],
    ['::/0', '2001:db8::1', true],
    ['::1', '::1', true],
    ['[::1]', '::1', true],
    ['::1/128', '::2', false],
  ])('%s contains %s: %s', (range, address, expected) => {
    expect(IpRange.parse(range)?.contains(ip(address))).toBe(expected);
  });

  it('never matches across IP versions', () => {
    expect(IpRange.parse('0.0.0.0/0')?.contains(ip('::1'))).toBe(false);
    expect(IpRange.parse('::/0')?.contains(ip('127.0.0.1'))).toBe(false);
  });

  it.each([
    '10.0.0.0/33',
    '::/129',
    '10.0.0.0/',
    '10.0.0.0/-1',
    '10.0.0.0/8/8',
    '10.0.0.0/08x',
    '10.0.0/8',
    'example.com/8',
    'localhost',
  ])('refuses %j', (text) => {
    expect(IpRange.parse(text)).toBeUndefined();
  });
});
