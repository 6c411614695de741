import { Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { Transactions } from '../../database/transactions';
import { type Job, JobQueue } from '../../jobs/job-queue';
import { nextFireAfter } from './cron-schedule';
import { TriggerFires } from './trigger-fires';
import {
  type WorkflowTriggerRow,
  WorkflowTriggersRepository,
} from './workflow-triggers.repository';

const FIRE_QUEUE = 'workflow-trigger-fire';

/** Further attempts at a fire cut off by a crash or a shutdown. */
const FIRE_RETRY_LIMIT = 3;

/**
 * How late a fire may run and still have the times it missed caught up after it; past this
 * (every instance was down), the schedule goes on from now and those times are not fired.
 */
const CATCH_UP_MS = 10 * 60 * 1000;

interface FireJob {
  triggerId: string;
  /** The fire time: the trigger's schedule while its `next_fire_at` holds this time. */
  due: string;
}

/**
 * When schedule triggers fire, through the job queue rather than pg-boss's own schedules (one
 * per queue, late fires dropped). A schedule is the trigger's `next_fire_at` and the one job
 * queued for that time, written in one transaction; the job fires and plans its successor from
 * its own time, so a late job catches up rather than skips. A job whose time is no longer the
 * trigger's (the trigger was changed, disabled or deleted) does nothing. A fire time starts at
 * most one run wherever its job runs, as fires are unique on trigger and time.
 */
@Injectable()
export class WorkflowTriggerSchedule implements OnApplicationBootstrap {
  constructor(
    private readonly jobs: JobQueue,
    private readonly repository: WorkflowTriggersRepository,
    private readonly fires: TriggerFires,
    private readonly transactions: Transactions,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    await this.jobs.work<FireJob>(FIRE_QUEUE, (job) => this.fire(job), {
      retryLimit: FIRE_RETRY_LIMIT,
      retryDelaySeconds: 1,
      expireInSeconds: 60,
    });
    await this.transactions.run(async () => {
      for (const trigger of await this.repository.unplannedSchedules()) {
        await this.plan(trigger, new Date());
      }
    });
  }

  /**
   * Plans the trigger's next fire after `after`, replacing any plan (with `replacing`, only
   * while the plan is that one); a disabled trigger, or one that is no schedule, gets none.
   */
  async plan(trigger: WorkflowTriggerRow, after: Date, replacing?: Date): Promise<void> {
    const due =
      trigger.type === 'schedule' && trigger.enabled && trigger.cron && trigger.timezone
        ? nextFireAfter({ cron: trigger.cron, timezone: trigger.timezone }, after)
        : undefined;
    await this.transactions.run(async () => {
      if (!(await this.repository.planNextFire(trigger.id, due ?? null, replacing))) return;
      if (!due) return;
      await this.jobs.send<FireJob>(
        FIRE_QUEUE,
        { triggerId: trigger.id, due: due.toISOString() },
        { startAfter: due },
      );
    });
  }

  private async fire({ data, retryCount }: Job<FireJob>): Promise<void> {
    const due = new Date(data.due);
    const trigger = await this.repository.find(data.triggerId);
    if (trigger?.next_fire_at?.getTime() !== due.getTime()) return;
    try {
      await this.fires.fireSchedule(trigger, due);
    } catch (error) {
      if (retryCount >= FIRE_RETRY_LIMIT) await this.planAfter(trigger, due);
      throw error;
    }
    await this.planAfter(trigger, due);
  }

  private planAfter(trigger: WorkflowTriggerRow, due: Date): Promise<void> {
    const now = Date.now();
    const from = now - due.getTime() > CATCH_UP_MS ? new Date(now) : due;
    return this.plan(trigger, from, due);
  }
}
