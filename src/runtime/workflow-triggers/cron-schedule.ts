import { Cron } from 'croner';

/** A schedule's cron expression (5 fields, or 6 with seconds first) and its IANA time zone. */
export interface CronSchedule {
  cron: string;
  timezone: string;
}

/** What is wrong with a schedule (its expression or its time zone), if anything. */
export function scheduleProblem(schedule: CronSchedule): string | undefined {
  try {
    new Cron(schedule.cron, { timezone: schedule.timezone }).nextRun();
    return undefined;
  } catch (error) {
    return (error as Error).message;
  }
}

/** The schedule's first fire time strictly after `after`; undefined when it has no more. */
export function nextFireAfter(schedule: CronSchedule, after: Date): Date | undefined {
  return new Cron(schedule.cron, { timezone: schedule.timezone }).nextRun(after) ?? undefined;
}
