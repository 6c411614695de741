import { Injectable } from '@nestjs/common';
import { type ToolWorkControl, type ToolWorkState } from '../../tools/tool-task.contract';
import { type ProgressReporter } from '../../tools/tool.contract';
import { ApprovalsRepository } from '../approvals/approvals.repository';
import { ApprovalsService } from '../approvals/approvals.service';
import { RunCanceller } from '../approvals/run-canceller';
import { EventStore } from '../events/event-store.repository';
import { RunFollower } from '../runs/run-follower';
import { RunsRepository } from '../runs/runs.repository';
import { RunFinishedError, RunNotFoundError } from '../runtime.errors';
import { AgentToolCalls } from './agent-tool-calls.service';
import { RunProgress } from './run-progress';
import { activeRunState, unsuccessfulRunState } from './run-work-state';

/**
 * An `agent` tool call's run, followed and steered by its id by a client that took it as a
 * task: its state is read from the database, so any instance answers, after a restart too.
 */
@Injectable()
export class AgentToolWork implements ToolWorkControl {
  constructor(
    private readonly runs: RunsRepository,
    private readonly events: EventStore,
    private readonly approvals: ApprovalsRepository,
    private readonly decisions: ApprovalsService,
    private readonly canceller: RunCanceller,
    private readonly calls: AgentToolCalls,
    private readonly follower: RunFollower,
  ) {}

  async state(runId: string): Promise<ToolWorkState> {
    const run = await this.runs.find(runId);
    if (!run) throw new RunNotFoundError(runId);
    if (run.status === 'completed') {
      const answer = await this.calls.answerOf(runId);
      return {
        status: 'completed',
        statusMessage: 'completed',
        approvals: [],
        answer,
        answerText: answer.response,
        artifacts: answer.artifacts,
      };
    }
    if (run.status === 'failed' || run.status === 'cancelled') return unsuccessfulRunState(run);
    const pending = (await this.approvals.listByRun(runId)).filter(
      ({ status }) => status === 'pending',
    );
    return activeRunState(run, await this.events.listByRun(runId, -1), pending);
  }

  follow(runId: string, report: ProgressReporter, signal: AbortSignal): Promise<void> {
    const progress = new RunProgress(report);
    return this.follower.untilEnded(runId, (event) => progress.deliver(event), signal);
  }

  async cancel(runId: string): Promise<void> {
    const run = await this.runs.find(runId);
    if (!run) throw new RunNotFoundError(runId);
    await this.canceller.cancelRun(run).catch((error: unknown) => {
      // It ended on its own first: a task's cancellation is only ever a request.
      if (!(error instanceof RunFinishedError)) throw error;
    });
  }

  async decide(
    user: string,
    approvalId: string,
    { approve, reason }: { approve: boolean; reason?: string },
  ): Promise<void> {
    await this.decisions.decide({ user }, approvalId, {
      decision: approve ? 'approve' : 'reject',
      reason,
    });
  }
}
