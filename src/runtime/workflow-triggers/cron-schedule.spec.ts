import { nextFireAfter, scheduleProblem } from './cron-schedule';

describe('cron schedules', () => {
  it('reads 5 fields, or 6 with seconds first, in the given time zone', () => {
    const after = new Date('2026-03-27T23:30:00.000Z');
    expect(nextFireAfter({ cron: '0 9 * * *', timezone: 'UTC' }, after)).toEqual(
      new Date('2026-03-28T09:00:00.000Z'),
    );
    // Paris is UTC+1 on the 28th of March 2026 and UTC+2 from the 29th, the clocks going forward.
    expect(nextFireAfter({ cron: '0 9 * * *', timezone: 'Europe/Paris' }, after)).toEqual(
      new Date('2026-03-28T08:00:00.000Z'),
    );
    const nextDay = new Date('2026-03-28T08:00:00.000Z');
    expect(nextFireAfter({ cron: '0 9 * * *', timezone: 'Europe/Paris' }, nextDay)).toEqual(
      new Date('2026-03-29T07:00:00.000Z'),
    );
    expect(nextFireAfter({ cron: '*/20 * * * * *', timezone: 'UTC' }, after)).toEqual(
      new Date('2026-03-27T23:30:20.000Z'),
    );
  });

  it('is strictly after the given time', () => {
    const at = new Date('2026-01-01T00:00:05.000Z');
    expect(nextFireAfter({ cron: '* * * * * *', timezone: 'UTC' }, at)).toEqual(
      new Date('2026-01-01T00:00:06.000Z'),
    );
  });

  it('says what is wrong with an expression or a time zone it cannot read', () => {
    expect(scheduleProblem({ cron: '0 9 * * 1-5', timezone: 'Asia/Tokyo' })).toBeUndefined();
    expect(scheduleProblem({ cron: 'every day', timezone: 'UTC' })).toMatch(/five, six, or seven/);
    expect(scheduleProblem({ cron: '0 25 * * *', timezone: 'UTC' })).toBeDefined();
    expect(scheduleProblem({ cron: '0 9 * * *', timezone: 'Mars/Olympus_Mons' })).toMatch(
      /Mars\/Olympus_Mons/,
    );
  });
});
