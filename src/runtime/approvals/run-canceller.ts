import { Injectable } from '@nestjs/common';
import { type Principal } from '../../api-keys/principal';
import { type RunRow } from '../runs/runs.repository';
import { RunsService } from '../runs/runs.service';
import { ApprovalsService } from './approvals.service';

/**
 * Cancels a run wherever it stands: a running one is aborted; one paused for approval has its
 * approvals resolved as cancelled, which ends it `cancelled` without running anything.
 */
@Injectable()
export class RunCanceller {
  constructor(
    private readonly runs: RunsService,
    private readonly approvals: ApprovalsService,
  ) {}

  async cancel(principal: Principal, id: string): Promise<RunRow> {
    const run = await this.runs.find(principal, id);
    if (run.status !== 'awaiting_approval') return this.runs.cancel(principal, id);
    await this.approvals.cancelPaused(run.id);
    return run;
  }
}
