import { Injectable } from '@nestjs/common';
import { isActiveRunStatus } from '../../database/schema';
import { type ToolWorkControl, type ToolWorkState } from '../../tools/tool-task.contract';
import { type ProgressReporter } from '../../tools/tool.contract';
import { AgentToolWork } from '../agent-tools/agent-tool-work';
import { RunFinishedError } from '../runtime.errors';
import { followUntilEnded } from '../streams/follow-until-ended';
import { WorkflowRunNotFoundError } from './workflow-run.errors';
import { WorkflowRunProgress } from './workflow-run-progress';
import { WorkflowRunStreams } from './workflow-run-streams';
import { WorkflowToolCalls, failureOf } from './workflow-tool-calls';
import { type WorkflowRunRow, WorkflowRunsRepository } from './workflow-runs.repository';
import { WorkflowRunsService } from './workflow-runs.service';

/**
 * A `workflow` tool call's workflow run, followed and steered by its id by a client that took it
 * as a task. Its running agent step's run says what it does and which approvals it waits for;
 * everything is read from the database, so any instance answers, after a restart too.
 */
@Injectable()
export class WorkflowToolWork implements ToolWorkControl {
  constructor(
    private readonly repository: WorkflowRunsRepository,
    private readonly workflowRuns: WorkflowRunsService,
    private readonly calls: WorkflowToolCalls,
    private readonly agentWork: AgentToolWork,
    private readonly streams: WorkflowRunStreams,
  ) {}

  async state(id: string): Promise<ToolWorkState> {
    const run = await this.repository.find(id);
    if (!run) throw new WorkflowRunNotFoundError(id);
    if (run.status === 'completed') {
      const answer = await this.calls.answerOf(id);
      return {
        status: 'completed',
        statusMessage: 'completed',
        approvals: [],
        answer,
        artifacts: answer.artifacts,
      };
    }
    if (run.status === 'failed' || run.status === 'cancelled') {
      const error = failureOf(id, run);
      const cancelled = run.status === 'cancelled';
      return {
        status: run.status,
        statusMessage: cancelled ? 'cancelled' : `failed: ${error.message}`,
        approvals: [],
        error,
      };
    }
    return this.activeState(run);
  }

  follow(id: string, report: ProgressReporter, signal: AbortSignal): Promise<void> {
    const progress = new WorkflowRunProgress(report);
    return followUntilEnded(this.streams, id, (event) => progress.deliver(event), signal);
  }

  async cancel(id: string): Promise<void> {
    const run = await this.repository.find(id);
    if (!run) throw new WorkflowRunNotFoundError(id);
    await this.workflowRuns.stop(run).catch((error: unknown) => {
      // It ended on its own first: a task's cancellation is only ever a request.
      if (!(error instanceof RunFinishedError)) throw error;
    });
  }

  /** Its approvals are its agent steps' runs' approvals, decided as theirs. */
  decide(user: string, approvalId: string, decision: { approve: boolean; reason?: string }) {
    return this.agentWork.decide(user, approvalId, decision);
  }

  /** The step at work, named, and what its run does or waits for. */
  private async activeState(run: WorkflowRunRow): Promise<ToolWorkState> {
    const steps = await this.repository.steps(run.id);
    const index = steps.findIndex(
      ({ status }) => status !== 'pending' && status !== 'skipped' && isActiveRunStatus(status),
    );
    if (index === -1) return { status: 'working', statusMessage: 'starting', approvals: [] };
    const step = `step ${index + 1} of ${steps.length} (${run.steps[index].name ?? run.steps[index].type})`;
    const runId = steps[index].run_id;
    const inner = runId ? await this.agentWork.state(runId) : undefined;
    // A step run that has ended leaves its step to record it: the workflow run is at work.
    if (inner?.status !== 'working' && inner?.status !== 'input_required') {
      return { status: 'working', statusMessage: step, approvals: [] };
    }
    return { ...inner, statusMessage: `${step}: ${inner.statusMessage}` };
  }
}
