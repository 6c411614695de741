import { Injectable } from '@nestjs/common';
import { isActiveRunStatus } from '../../database/schema';
import { DomainError } from '../../core/errors';
import { WorkflowRunsService } from '../workflow-runs/workflow-runs.service';
import {
  type WorkflowTriggerRow,
  WorkflowTriggersRepository,
} from './workflow-triggers.repository';

/**
 * A trigger's fire: a run of its workflow started through the one start path, as the trigger's
 * creator, with an idempotency key made of the trigger and the fire's key (a `webhook-id`, a
 * fire time). The same fire again, on any instance, gets the same run; the fire is recorded
 * once, unique on the trigger and its key.
 */
@Injectable()
export class TriggerFires {
  constructor(
    private readonly repository: WorkflowTriggersRepository,
    private readonly workflowRuns: WorkflowRunsService,
  ) {}

  /** Starts the run; its id. A workflow refusing the input throws its error. */
  async start(
    trigger: WorkflowTriggerRow,
    key: string,
    input: unknown,
    firedAt?: Date,
  ): Promise<string> {
    const run = await this.workflowRuns.start(
      trigger.workflow_id,
      { input },
      { owner: trigger.owner, idempotencyKey: `trigger:${trigger.id}:${key}`, depth: 0 },
    );
    await this.repository.recordFire(trigger.id, key, 'started', run.id, firedAt);
    return run.id;
  }

  /**
   * A schedule's fire: skipped while the trigger's previous run is still going and it says
   * `overlap: skip`; a run the workflow refuses is recorded as a failed fire.
   */
  async fireSchedule(trigger: WorkflowTriggerRow, due: Date): Promise<void> {
    const key = due.toISOString();
    if (trigger.overlap === 'skip') {
      const previous = await this.repository.previousRunStatus(trigger.id, key);
      if (previous && isActiveRunStatus(previous)) {
        await this.repository.recordFire(trigger.id, key, 'skipped', undefined, due);
        return;
      }
    }
    try {
      await this.start(trigger, key, trigger.input ?? {}, due);
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      await this.repository.recordFire(trigger.id, key, 'failed', undefined, due);
    }
  }
}
