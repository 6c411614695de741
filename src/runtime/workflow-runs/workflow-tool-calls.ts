import { Injectable, Logger } from '@nestjs/common';
import { ANONYMOUS_USER } from '../../api-keys/principal';
import { type SavedArtifact } from '../../artifacts/processing/tool-response';
import { type WorkflowStepStatus } from '../../database/schema';
import { type ToolCallOrigin, type ToolContext, depthBelow } from '../../tools/tool.contract';
import { AgentToolCalls } from '../agent-tools/agent-tool-calls.service';
import { DelegatedRunWatch } from '../agent-tools/delegated-run-watch';
import { type RunEvent } from '../events/run-event.types';
import { LiveRunSinks } from '../runs/live-run-sinks';
import { RuntimeConfig } from '../runtime.config';
import { AgentDepthExceededError, RunFinishedError } from '../runtime.errors';
import { followUntilEnded } from '../streams/follow-until-ended';
import { WorkflowRunFailedError } from './workflow-run.errors';
import { WorkflowRunProgress } from './workflow-run-progress';
import { WorkflowRunStreams } from './workflow-run-streams';
import { type WorkflowRunRow, WorkflowRunsRepository } from './workflow-runs.repository';
import { WorkflowRunsService } from './workflow-runs.service';

/** What a call of a `workflow` tool answers, on every transport. */
export interface WorkflowToolAnswer {
  output: unknown;
  workflow_run_id: string;
  /** How each of its steps ended, in order. */
  steps: WorkflowToolStep[];
  /** What the runs of its agent steps saved, step by step. */
  artifacts: SavedArtifact[];
}

/** One step of the workflow run a call made, as its answer names it. */
export interface WorkflowToolStep {
  index: number;
  key: string | null;
  status: WorkflowStepStatus;
}

/**
 * Runs a workflow for a tool call: a workflow run of its own, for the user the call acts for,
 * one level deeper than its caller, answering once it has completed with its output. A caller
 * that goes away, or a time limit that passes, cancels it; the approvals its agent steps wait
 * for reach the calling run's stream and stop the call's clock.
 */
@Injectable()
export class WorkflowToolCalls {
  private readonly logger = new Logger('WorkflowTools');

  constructor(
    private readonly workflowRuns: WorkflowRunsService,
    private readonly repository: WorkflowRunsRepository,
    private readonly streams: WorkflowRunStreams,
    private readonly sinks: LiveRunSinks,
    private readonly config: RuntimeConfig,
    private readonly agentCalls: AgentToolCalls,
  ) {}

  async call(
    workflowId: string,
    input: unknown,
    context: ToolContext,
  ): Promise<WorkflowToolAnswer> {
    const { origin, signal, reportProgress } = context;
    const run = await this.start(workflowId, input, origin);
    const watch = new DelegatedRunWatch(run.id, {
      // Nobody can decide an anonymous caller's approvals: waiting for one counts.
      pauseTimeLimit:
        origin.user === ANONYMOUS_USER ? () => () => undefined : context.pauseTimeLimit,
      longestPauseMs: this.config.APPROVAL_TIMEOUT_SECONDS * 1000,
      callerStream: origin.run && this.sinks.find(origin.run.id),
      askApproval: context.askApproval,
    });
    const progress = reportProgress && new WorkflowRunProgress(reportProgress);
    try {
      await followUntilEnded(
        this.streams,
        run.id,
        (event) => {
          // The step's run is the one that asks: the caller's stream names it.
          if ('runId' in event)
            watch.deliver({ childRunId: event.runId, ...event } as unknown as RunEvent);
          progress?.deliver(event);
        },
        signal,
      );
    } catch (error) {
      void this.cancel(run.id);
      throw error;
    } finally {
      watch.close();
    }
    return this.answerOf(run.id);
  }

  /**
   * Starts the workflow's run for the call, without waiting for it: for the user the call acts
   * for, one level below the run that made the call.
   */
  async start(workflowId: string, input: unknown, origin: ToolCallOrigin): Promise<WorkflowRunRow> {
    const depth = depthBelow(origin);
    if (depth > this.config.AGENT_TOOL_MAX_DEPTH) {
      throw new AgentDepthExceededError(this.config.AGENT_TOOL_MAX_DEPTH);
    }
    return this.workflowRuns.start(
      workflowId,
      { input },
      { owner: origin.user, keyId: origin.keyId, parentRunId: origin.run?.id, depth },
    );
  }

  /** The ended workflow run's output and artifacts; a failure if it did not complete. */
  async answerOf(id: string): Promise<WorkflowToolAnswer> {
    const ended = await this.repository.find(id);
    if (ended?.status !== 'completed') throw failureOf(id, ended);
    const steps = await this.repository.steps(id);
    const artifacts = await Promise.all(
      steps.flatMap(({ run_id }) => (run_id ? [this.agentCalls.artifactsOf(run_id)] : [])),
    );
    return {
      output: ended.output ?? null,
      workflow_run_id: id,
      steps: steps.map(({ index, status }) => ({
        index,
        key: ended.steps[index].key ?? null,
        status,
      })),
      artifacts: artifacts.flat(),
    };
  }

  private async cancel(id: string): Promise<void> {
    try {
      const run = await this.repository.find(id);
      if (run) await this.workflowRuns.stop(run);
    } catch (error) {
      if (error instanceof RunFinishedError) return;
      this.logger.warn({ err: error, workflowRunId: id }, 'A workflow run could not be cancelled');
    }
  }
}

/** Why a workflow run that did not complete answers no output, as its tool call fails. */
export function failureOf(id: string, run: WorkflowRunRow | undefined): WorkflowRunFailedError {
  const failure = run?.error ?? {
    code: 'RUN_CANCELLED',
    message: 'The workflow run was cancelled',
  };
  return new WorkflowRunFailedError(failure.message, id, failure.code);
}
