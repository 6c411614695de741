import { nextIntervalSeconds } from './tool-source-schedule.service';

describe('nextIntervalSeconds', () => {
  it('is the source’s interval when the upstream says nothing of its list’s life', () => {
    expect(nextIntervalSeconds(600)).toBe(600);
  });

  it('comes sooner when the upstream’s ttlMs is shorter, but never under a minute', () => {
    expect(nextIntervalSeconds(600, 120_000)).toBe(120);
    expect(nextIntervalSeconds(600, 1_000)).toBe(60);
  });

  it('keeps the source’s interval when the ttlMs is longer', () => {
    expect(nextIntervalSeconds(600, 3_600_000)).toBe(600);
  });
});
