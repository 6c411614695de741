import { OutboundPolicy } from './outbound-policy';

describe('OutboundPolicy', () => {
  const strict = OutboundPolicy.allowing('');

  it('permits public addresses and refuses the others, naming their kind', () => {
    expect(strict.refusalOf('example.com', '93.184.215.14')).toBeUndefined();
    expect(strict.refusalOf('example.com', '2606:4700::1111')).toBeUndefined();
    expect(strict.refusalOf('evil.example.com', '127.0.0.1')).toBe('loopback');
    expect(strict.refusalOf('169.254.169.254', '169.254.169.254')).toBe('link-local');
    expect(strict.refusalOf('evil.example.com', '::ffff:10.0.0.1')).toBe('private');
  });

  it('refuses what is not an IP address at all', () => {
    expect(strict.refusalOf('example.com', 'example.com')).toBe('reserved');
  });

  it('permits an address inside an allowed range, and only inside it', () => {
    const policy = OutboundPolicy.allowing('10.0.0.0/8,192.168.1.5');
    expect(policy.refusalOf('db.internal', '10.20.30.40')).toBeUndefined();
    expect(policy.refusalOf('db.internal', '192.168.1.5')).toBeUndefined();
    expect(policy.refusalOf('db.internal', '192.168.1.6')).toBe('private');
    expect(policy.refusalOf('db.internal', '127.0.0.1')).toBe('loopback');
  });

  it('judges an IPv4 address carried in IPv6 by the IPv4 entries too', () => {
    const policy = OutboundPolicy.allowing('127.0.0.1');
    expect(policy.refusalOf('::ffff:127.0.0.1', '::ffff:127.0.0.1')).toBeUndefined();
    expect(policy.refusalOf('::ffff:127.0.0.2', '::ffff:127.0.0.2')).toBe('loopback');
    expect(policy.refusalOf('::1', '::1')).toBe('loopback');
  });

  it('permits every address of an allowed host name, whatever the case or trailing dot', () => {
    const policy = OutboundPolicy.allowing('Internal.Example.com');
    expect(policy.refusalOf('internal.example.com', '10.0.0.1')).toBeUndefined();
    expect(policy.refusalOf('INTERNAL.example.com.', '127.0.0.1')).toBeUndefined();
    expect(policy.refusalOf('other.example.com', '10.0.0.1')).toBe('private');
    expect(policy.refusalOf('sub.internal.example.com', '10.0.0.1')).toBe('private');
  });

  describe('literalRefusalOf', () => {
    it.each([
      ['127.0.0.1', 'loopback'],
      ['[::1]', 'loopback'],
      ['[::ffff:7f00:1]', 'loopback'],
      ['0.0.0.0', 'unspecified'],
      ['[::]', 'unspecified'],
      ['10.0.0.1', 'private'],
      ['169.254.169.254', 'link-local'],
      ['[fe80::1]', 'link-local'],
      ['[fc00::1]', 'unique-local'],
      ['224.0.0.1', 'multicast'],
      ['localhost', 'loopback'],
      ['LocalHost.', 'loopback'],
      ['api.localhost', 'loopback'],
    ])('refuses %s as %s', (host, kind) => {
      expect(strict.literalRefusalOf(host)).toBe(kind);
    });

    it('leaves names to be judged when a call resolves them', () => {
      expect(strict.literalRefusalOf('tools.example.com')).toBeUndefined();
      expect(strict.literalRefusalOf('localhost.example.com')).toBeUndefined();
      expect(strict.literalRefusalOf('93.184.215.14')).toBeUndefined();
    });

    it('permits what the allow list opens', () => {
      const policy = OutboundPolicy.allowing('127.0.0.0/8,::1,localhost');
      expect(policy.literalRefusalOf('127.0.0.5')).toBeUndefined();
      expect(policy.literalRefusalOf('[::1]')).toBeUndefined();
      expect(policy.literalRefusalOf('localhost')).toBeUndefined();
      expect(policy.literalRefusalOf('10.0.0.1')).toBe('private');
    });
  });
});
