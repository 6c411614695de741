import { TRUST_NO_PROXY, parseTrustProxy } from './trust-proxy';

/** Which of `hops` (address at hop i) the setting trusts. */
function trusted(setting: string, hops: readonly string[]): boolean[] {
  const trust = parseTrustProxy(setting);
  if (!trust) throw new Error(`${setting} did not parse`);
  return hops.map((address, hop) => trust(address, hop));
}

describe('parseTrustProxy', () => {
  it('trusts no proxy when the setting is empty', () => {
    expect(parseTrustProxy('')).toBe(TRUST_NO_PROXY);
    expect(parseTrustProxy('  ')).toBe(TRUST_NO_PROXY);
    expect(trusted('', ['127.0.0.1'])).toEqual([false]);
  });

  it('reads a whole number as the count of proxies nearest the server, whatever their address', () => {
    const path = ['203.0.113.7', '198.51.100.9', '10.0.0.1'];
    expect(trusted('0', path)).toEqual([false, false, false]);
    expect(trusted('1', path)).toEqual([true, false, false]);
    expect(trusted('2', path)).toEqual([true, true, false]);
  });

  it.each([
    ['loopback', ['127.0.0.1', '127.9.9.9', '::1', '::ffff:127.0.0.1'], ['10.0.0.1', '::2']],
    ['linklocal', ['169.254.1.1', 'fe80::1'], ['127.0.0.1', '10.0.0.1']],
    [
      'uniquelocal',
      ['10.1.2.3', '172.16.0.1', '192.168.1.1', 'fd00::1'],
      ['172.32.0.1', '127.0.0.1', '8.8.8.8'],
    ],
    ['10.0.0.0/8', ['10.255.0.1', '::ffff:10.0.0.1'], ['11.0.0.1', '127.0.0.1']],
    ['10.0.0.0/255.0.0.0', ['10.255.0.1'], ['11.0.0.1']],
    ['192.0.2.10', ['192.0.2.10'], ['192.0.2.11']],
    ['2001:db8::/32', ['2001:db8::1'], ['2001:db9::1', '127.0.0.1']],
    [' loopback ,  10.0.0.0/8 ', ['::1', '10.0.0.1'], ['192.168.0.1', '203.0.113.7']],
    ['loopback,uniquelocal', ['127.0.0.1', '192.168.0.1'], ['203.0.113.7']],
  ])('reads %j as the addresses it names, at any hop', (setting, inside, outside) => {
    for (const [hop, address] of [...inside, ...outside].entries()) {
      expect([address, parseTrustProxy(setting)?.(address, hop)]).toEqual([
        address,
        inside.includes(address),
      ]);
    }
  });

  it.each([
    'true', // would let every client choose the address it is counted by
    'false',
    'all',
    '*',
    'Loopback',
    'localhost',
    '127.1', // proxy-addr would read it as 127.0.0.1
    '-1',
    '1.5',
    '1, loopback',
    'loopback,',
    ',',
    'loopback 10.0.0.0/8',
    '10.0.0.0/33',
    '10.0.0.0/0',
    '10.0.0.0/x',
    '::/129',
    '10.0.0.0/8/8',
  ])('refuses %j', (setting) => {
    expect(parseTrustProxy(setting)).toBeUndefined();
  });
});
