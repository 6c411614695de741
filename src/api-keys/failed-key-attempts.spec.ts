import { FailedKeyAttempts, throttledAddressOf } from './failed-key-attempts';

describe('FailedKeyAttempts', () => {
  let now: number;
  const attempts = (limit: number) => new FailedKeyAttempts(limit, () => now);

  beforeEach(() => {
    now = 0;
  });

  it('lets an address fail up to the limit, then makes it wait until its minute is over', () => {
    const failures = attempts(3);
    for (let i = 0; i < 3; i++) {
      expect(failures.secondsToWait('10.0.0.1')).toBe(0);
      failures.record('10.0.0.1');
    }
    now = 20_500;
    expect(failures.secondsToWait('10.0.0.1')).toBe(40);
    now = 60_000;
    expect(failures.secondsToWait('10.0.0.1')).toBe(0);
  });

  it('counts each address on its own', () => {
    const failures = attempts(1);
    failures.record('10.0.0.1');
    expect(failures.secondsToWait('10.0.0.1')).toBe(60);
    expect(failures.secondsToWait('10.0.0.2')).toBe(0);
  });

  it('starts a new minute after the last one ended', () => {
    const failures = attempts(2);
    failures.record('10.0.0.1');
    now = 61_000;
    failures.record('10.0.0.1');
    expect(failures.secondsToWait('10.0.0.1')).toBe(0);
  });
});

describe('throttledAddressOf', () => {
  it.each([
    ['203.0.113.7', '203.0.113.7'],
    ['::ffff:203.0.113.7', '203.0.113.7'],
    ['2001:db8:1:2:3:4:5:6', '2001:db8:1:2::/64'],
    ['2001:db8:1:2::9', '2001:db8:1:2::/64'],
    ['2001:db8::1', '2001:db8:0:0::/64'],
    ['::1', '0:0:0:0::/64'],
    ['fe80::1%eth0', 'fe80:0:0:0::/64'],
    [undefined, 'unknown'],
  ])('counts %s as %s', (address, counted) => {
    expect(throttledAddressOf(address)).toBe(counted);
  });
});
