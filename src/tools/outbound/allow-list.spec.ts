import { parseAllowList } from './allow-list';

describe('parseAllowList', () => {
  it('reads host names, addresses and CIDR ranges, ignoring spaces and empty entries', () => {
    const list = parseAllowList(
      ' 127.0.0.1, ::1 ,, 10.0.0.0/8,fc00::/7, Internal.Example.COM., localhost ',
    );
    expect([...list.hosts]).toEqual(['internal.example.com', 'localhost']);
    expect(list.ranges).toHaveLength(4);
    expect(list.invalid).toEqual([]);
  });

  it('is empty for an empty value', () => {
    expect(parseAllowList('')).toEqual({ hosts: new Set(), ranges: [], invalid: [] });
  });

  it.each([
    '10.0.0.0/33',
    'http://internal.example.com',
    'internal.example.com:8080',
    '*.example.com',
    '300.1.1.1',
    '127.1',
    '-bad.example.com',
    'bad-.example.com',
    'under_score.example.com',
  ])('lists %j as invalid', (entry) => {
    expect(parseAllowList(`127.0.0.1,${entry}`).invalid).toEqual([entry]);
  });
});
