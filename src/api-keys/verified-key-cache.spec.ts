import { type Principal } from './principal';
import { VerifiedKeyCache } from './verified-key-cache';

const alice: Principal = { keyId: 'k-alice', user: 'alice', role: 'admin' };
const bob: Principal = { keyId: 'k-bob', user: 'bob', role: 'member' };

describe('VerifiedKeyCache', () => {
  let now: number;
  const cache = (capacity = 10, ttlMs = 1000) => new VerifiedKeyCache(capacity, ttlMs, () => now);

  beforeEach(() => {
    now = 0;
  });

  it('answers a remembered key until its time is up', () => {
    const keys = cache();
    keys.remember('h-alice', alice, keys.epoch);
    now = 999;
    expect(keys.get('h-alice')).toBe(alice);
    now = 1000;
    expect(keys.get('h-alice')).toBeUndefined();
  });

  it('forgets a revoked key at once, by its id, and only that key', () => {
    const keys = cache();
    keys.remember('h-alice', alice, keys.epoch);
    keys.remember('h-bob', bob, keys.epoch);
    keys.forgetKey('k-alice');
    expect(keys.get('h-alice')).toBeUndefined();
    expect(keys.get('h-bob')).toBe(bob);
  });

  it('does not remember a lookup that raced a revocation', () => {
    const keys = cache();
    const lookupStarted = keys.epoch;
    keys.forgetKey('k-alice');
    keys.remember('h-alice', alice, lookupStarted);
    expect(keys.get('h-alice')).toBeUndefined();
  });

  it('forgets everything when notices may have been missed', () => {
    const keys = cache();
    keys.remember('h-alice', alice, keys.epoch);
    keys.forgetAll();
    expect(keys.get('h-alice')).toBeUndefined();
  });

  it('keeps at most its capacity, dropping the oldest entry first', () => {
    const keys = cache(2);
    keys.remember('h-1', alice, keys.epoch);
    keys.remember('h-2', bob, keys.epoch);
    keys.remember('h-3', bob, keys.epoch);
    expect(keys.get('h-1')).toBeUndefined();
    expect(keys.get('h-2')).toBe(bob);
    expect(keys.get('h-3')).toBe(bob);
  });
});
