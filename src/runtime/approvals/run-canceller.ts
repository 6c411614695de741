import { Injectable } from '@nestjs/common';
import { type Principal } from '../../api-keys/principal';
import { RunFinishedError } from '../runtime.errors';
import { type RunRow, RunsRepository } from '../runs/runs.repository';
import { RunsService } from '../runs/runs.service';
import { ApprovalsService } from './approvals.service';
import { CallApprovals } from './call-approvals';

/**
 * Cancels a run wherever it stands: a running one is aborted; one paused for approval has its
 * approvals resolved as cancelled, which ends it `cancelled` without running anything. The runs
 * it delegated to are cancelled with it.
 */
@Injectable()
export class RunCanceller {
  constructor(
    private readonly runs: RunsService,
    private readonly approvals: ApprovalsService,
    private readonly repository: RunsRepository,
    private readonly calls: CallApprovals,
  ) {}

  async cancel(principal: Principal, id: string): Promise<RunRow> {
    const run = await this.runs.find(principal, id);
    await this.cancelRun(run);
    return run;
  }

  /**
   * Cancels the run, then the runs it delegated to that are still going (and theirs): their
   * answer is no longer awaited. RUN_FINISHED if the run itself has ended.
   */
  async cancelRun(run: RunRow): Promise<void> {
    if (run.status === 'awaiting_approval') await this.approvals.cancelPaused(run.id);
    else {
      await this.runs.stop(run);
      // A call of the run may wait for a decision; one whose process is gone waits for none.
      for (const { id } of await this.calls.cancelPending(run.id, 'Run cancelled')) {
        this.calls.decided(id);
      }
    }
    for (const child of await this.repository.findActiveChildren(run.id)) {
      // A child may end on its own meanwhile: then there is nothing left to cancel.
      await this.cancelRun(child).catch((error: unknown) => {
        if (!(error instanceof RunFinishedError)) throw error;
      });
    }
  }
}
