import { Injectable, Logger } from '@nestjs/common';
import { type SavedArtifact } from '../../artifacts/processing/tool-response';
import { ANONYMOUS_USER } from '../../api-keys/principal';
import { type ToolCallOrigin, type ToolContext, depthBelow } from '../../tools/tool.contract';
import { RunCanceller } from '../approvals/run-canceller';
import { EventStore } from '../events/event-store.repository';
import { type RunEvent } from '../events/run-event.types';
import { LiveRunSinks } from '../runs/live-run-sinks';
import { RunFollower } from '../runs/run-follower';
import { type RunRow, RunsRepository } from '../runs/runs.repository';
import { RunsService } from '../runs/runs.service';
import { RuntimeConfig } from '../runtime.config';
import {
  AgentDepthExceededError,
  AgentRunFailedError,
  RunFinishedError,
  SessionNotFoundError,
} from '../runtime.errors';
import { type AgentToolInput } from './agent-tool-input';
import { DelegatedRunWatch } from './delegated-run-watch';
import { RunProgress } from './run-progress';

/** What a call of an `agent` tool answers, on every transport. */
export interface AgentToolAnswer {
  response: string;
  run_id: string;
  session_id: string;
  stop_reason: string | null;
  artifacts: SavedArtifact[];
  usage: { input_tokens: number; output_tokens: number };
}

/** The tool a call is of: its name, and the agent it runs. */
export interface AgentToolTarget {
  toolName: string;
  agentId: string;
}

/**
 * Runs an agent for a tool call: in a run of its own, for the user the call acts for, one level
 * deeper than the run that made the call (if one did), and answers once that run has ended,
 * with its final text. A caller that goes away, or a time limit that passes, cancels the run.
 */
@Injectable()
export class AgentToolCalls {
  private readonly logger = new Logger('AgentTools');

  constructor(
    private readonly runs: RunsService,
    private readonly repository: RunsRepository,
    private readonly events: EventStore,
    private readonly follower: RunFollower,
    private readonly sinks: LiveRunSinks,
    private readonly canceller: RunCanceller,
    private readonly config: RuntimeConfig,
  ) {}

  async call(
    target: AgentToolTarget,
    input: AgentToolInput,
    context: ToolContext,
  ): Promise<AgentToolAnswer> {
    const { origin, signal, reportProgress } = context;
    const run = await this.start(target, input, origin);
    const watch = new DelegatedRunWatch(run.id, {
      // Nobody can decide an anonymous caller's approvals: waiting for one counts.
      pauseTimeLimit:
        origin.user === ANONYMOUS_USER ? () => () => undefined : context.pauseTimeLimit,
      // A node that held the approval may be gone, leaving nobody to expire it: a pause ends
      // when the approval would have expired.
      longestPauseMs: this.config.APPROVAL_TIMEOUT_SECONDS * 1000,
      callerStream: origin.run && this.sinks.find(origin.run.id),
      askApproval: context.askApproval,
    });
    const progress = reportProgress && new RunProgress(reportProgress);
    try {
      await this.follower.untilEnded(
        run.id,
        (event) => {
          watch.deliver(event);
          progress?.deliver(event);
        },
        signal,
      );
    } catch (error) {
      // The caller went away, the time limit passed, or the run could not be followed:
      // nobody waits for its answer.
      void this.cancel(run);
      throw error;
    } finally {
      watch.close();
    }
    return this.answerOf(run.id);
  }

  /**
   * Starts the agent's run for the call, without waiting for it: in the session the input names
   * (never for `anonymous`, whose calls would read each other's conversations), one level below
   * the run that made the call.
   */
  async start(
    target: AgentToolTarget,
    input: AgentToolInput,
    origin: ToolCallOrigin,
  ): Promise<RunRow> {
    if (origin.user === ANONYMOUS_USER && input.session_id !== undefined) {
      throw new SessionNotFoundError(input.session_id);
    }
    const depth = depthBelow(origin);
    if (depth > this.config.AGENT_TOOL_MAX_DEPTH) {
      throw new AgentDepthExceededError(this.config.AGENT_TOOL_MAX_DEPTH);
    }
    return this.runs.startDelegated({
      owner: origin.user,
      keyId: origin.keyId,
      agentId: target.agentId,
      sessionId: input.session_id?.toLowerCase(),
      content: input.message,
      lineage: { parentRunId: origin.run?.id, depth },
      title: `Called as the tool ${target.toolName}`,
    });
  }

  /** The ended run's final text, artifacts and usage; a failure if it did not complete. */
  async answerOf(runId: string): Promise<AgentToolAnswer> {
    const run = await this.repository.find(runId);
    if (!run) throw new AgentRunFailedError('The run was deleted before it answered', runId);
    if (run.status === 'failed' || run.status === 'cancelled') {
      const message = run.error?.message ?? 'The run was cancelled';
      throw new AgentRunFailedError(message, run.id, run.error?.code ?? 'RUN_CANCELLED');
    }
    // Its stream ended without its end: this server is shutting down.
    if (run.status !== 'completed') {
      throw new AgentRunFailedError(`The run did not end: it is ${run.status}`, run.id);
    }
    const events = await this.events.listByRun(run.id, -1);
    const messages = events.filter(
      (event): event is RunEvent<'message'> => event.type === 'message',
    );
    return {
      response: messages.at(-1)?.content ?? '',
      run_id: run.id,
      session_id: run.session_id,
      stop_reason: run.stop_reason,
      artifacts: savedArtifacts(events),
      usage: { input_tokens: run.input_tokens, output_tokens: run.output_tokens },
    };
  }

  /** What the run's tool calls saved, in the order they saved it. */
  async artifactsOf(runId: string): Promise<SavedArtifact[]> {
    return savedArtifacts(await this.events.listByRun(runId, -1));
  }

  private async cancel(run: RunRow): Promise<void> {
    try {
      await this.canceller.cancelRun((await this.repository.find(run.id)) ?? run);
    } catch (error) {
      if (error instanceof RunFinishedError) return;
      this.logger.warn({ err: error, runId: run.id }, 'A delegated run could not be cancelled');
    }
  }
}

function savedArtifacts(events: readonly RunEvent[]): SavedArtifact[] {
  return events.flatMap((event) =>
    event.type === 'tool_result' ? (event.artifacts ?? []).map(artifactOf) : [],
  );
}

function artifactOf({ id, name, version, mime_type, size_bytes }: SavedArtifact): SavedArtifact {
  return { id, name, version, mime_type, size_bytes };
}
