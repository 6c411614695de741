import { HEALTHY_UPTIME_MS, RestartBackoff } from './restart-backoff';

describe('RestartBackoff', () => {
  test('waits 1 s after an exit, doubling with each short-lived run up to a minute', () => {
    const backoff = new RestartBackoff();
    const waits = Array.from({ length: 9 }, () => backoff.exited(10));
    expect(waits).toEqual([1_000, 2_000, 4_000, 8_000, 16_000, 32_000, 60_000, 60_000, 60_000]);
  });

  test('a process that was up a minute starts the waits from 1 s again', () => {
    const backoff = new RestartBackoff();
    backoff.exited(10);
    backoff.exited(10);
    expect(backoff.exited(HEALTHY_UPTIME_MS)).toBe(1_000);
    expect(backoff.exited(10)).toBe(2_000);
  });
});
