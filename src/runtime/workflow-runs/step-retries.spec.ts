import { retryDelayMs } from './step-retries';

describe('retryDelayMs', () => {
  const noJitter = () => 0;

  it('grows by the factor from the initial delay, up to the longest', () => {
    const retry = { max_attempts: 10, initial_delay_ms: 100, factor: 3, max_delay_ms: 1000 };
    expect([1, 2, 3, 4].map((failures) => retryDelayMs(retry, failures, noJitter))).toEqual([
      100, 300, 900, 1000,
    ]);
  });

  it('defaults to 1 s doubling up to 30 s', () => {
    const retry = { max_attempts: 10 };
    expect([1, 2, 6, 7].map((failures) => retryDelayMs(retry, failures, noJitter))).toEqual([
      1000, 2000, 30_000, 30_000,
    ]);
  });

  it('takes a random part of up to half the delay off', () => {
    const retry = { max_attempts: 3, initial_delay_ms: 400 };
    expect(retryDelayMs(retry, 1, () => 0.5)).toBe(300);
    expect(retryDelayMs(retry, 1, () => 0.999)).toBe(200);
  });

  it('gives no delay when asked for none', () => {
    expect(retryDelayMs({ max_attempts: 2, initial_delay_ms: 0 }, 1)).toBe(0);
  });
});
