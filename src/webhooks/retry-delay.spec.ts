import { LONGEST_RETRY_DELAY_MS, retryDelayMs } from './retry-delay';

describe('retryDelayMs', () => {
  const middle = () => 0.5;

  it('doubles from the base with each attempt', () => {
    expect([1, 2, 3, 4].map((attempt) => retryDelayMs(attempt, 1000, middle))).toEqual([
      1000, 2000, 4000, 8000,
    ]);
  });

  it('waits at most 10 minutes, however many attempts failed', () => {
    expect(retryDelayMs(30, 1000, middle)).toBe(LONGEST_RETRY_DELAY_MS);
    expect(retryDelayMs(2000, 1000, middle)).toBe(LONGEST_RETRY_DELAY_MS);
  });

  it('spreads each delay 20 % either way', () => {
    expect(retryDelayMs(3, 1000, () => 0)).toBe(3200);
    expect(retryDelayMs(3, 1000, () => 0.999_999)).toBe(4800);
  });
});
