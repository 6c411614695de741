import { Injectable, Logger } from '@nestjs/common';
import { type WorkflowRunStep } from '../../database/schema';
import { ApprovalsRepository } from '../approvals/approvals.repository';
import { RunCanceller } from '../approvals/run-canceller';
import { EventStore } from '../events/event-store.repository';
import { type RunEvent } from '../events/run-event.types';
import { RunFollower } from '../runs/run-follower';
import { type RunRow, RunsRepository } from '../runs/runs.repository';
import { RunsService } from '../runs/runs.service';
import { RunFinishedError } from '../runtime.errors';
import { StepFailure, StepInterrupted, StepRunCancelled } from './step-outcomes';
import { WorkflowRunLeftError } from './workflow-run.errors';
import { type WorkflowRunSink } from './workflow-run-sink';
import { type WorkflowRunRow, WorkflowRunsRepository } from './workflow-runs.repository';

/** What an agent step runs in: its workflow run, its place, its stream, its signal. */
export interface AgentStepCall {
  run: WorkflowRunRow;
  /** The step run's path; `index` for a top-level step. */
  path: string;
  index?: number;
  step: WorkflowRunStep;
  message: string;
  sink: WorkflowRunSink;
  signal: AbortSignal;
  /** The step waits for a human, or works again. */
  waiting(waits: boolean): void;
}

/**
 * Runs an agent step: in a new run (in a new session) of the step's agent for the workflow
 * run's owner, whose events are relayed into the workflow run's stream, and answers the run's
 * final text. A step's run that waits for approval survives restarts: a resumed workflow run
 * follows it on.
 */
@Injectable()
export class AgentSteps {
  private readonly logger = new Logger('WorkflowRuns');

  constructor(
    private readonly runs: RunsService,
    private readonly repository: RunsRepository,
    private readonly events: EventStore,
    private readonly follower: RunFollower,
    private readonly canceller: RunCanceller,
    private readonly approvals: ApprovalsRepository,
    private readonly workflowRuns: WorkflowRunsRepository,
  ) {}

  /** `paused`: the step's run of an earlier execution, still waiting for approval, if any. */
  async run(call: AgentStepCall, paused?: RunRow): Promise<string> {
    const { run: workflowRun, path, index, step, signal } = call;
    if (step.ref_id === undefined) throw new StepFailure('INVALID_STEP', 'The step names no agent');
    signal.throwIfAborted();
    const run =
      paused ??
      (await this.runs.startDelegated({
        owner: workflowRun.owner,
        keyId: workflowRun.key_id ?? undefined,
        agentId: step.ref_id,
        content: call.message,
        lineage: { depth: workflowRun.depth },
        title: `Step ${index === undefined ? path : index + 1} of a run of a workflow`,
        workflowRunId: workflowRun.id,
      }));
    if (!paused) {
      await this.workflowRuns.changeStep(workflowRun.id, {
        path,
        status: 'running',
        runId: run.id,
      });
    }
    const waiting = new Set(
      paused ? (await this.approvals.listByRun(run.id)).filter((a) => a.status === 'pending') : [],
    ).size;
    // Decided while nobody executed the workflow run: it works again.
    if (paused && waiting === 0) call.waiting(false);
    const watch = new ApprovalWatch(waiting, (waits) => call.waiting(waits));
    let answer: string | undefined;
    let completed = false;
    const deliver = (event: RunEvent) => {
      void call.sink.relay(index === undefined ? { stepPath: path } : { stepIndex: index }, event);
      watch.see(event);
      if (event.runId !== run.id) return;
      if (event.type === 'message') answer = event.content;
      // A run stores its status before it sends `complete`: success means stored completed.
      if (event.type === 'complete' && event.reason === 'success') completed = true;
    };
    try {
      // A paused run's earlier events were relayed by the execution that started it.
      await this.follower.untilEnded(
        run.id,
        deliver,
        signal,
        paused ? run.next_event_index - 1 : -1,
      );
    } catch (error) {
      // Cancelled with the workflow run; at shutdown it is left to be ended interrupted.
      if (!(signal.reason instanceof WorkflowRunLeftError)) void this.cancel(run.id);
      throw error;
    }
    return completed && answer !== undefined ? answer : this.outcomeOf(run.id, answer);
  }

  /**
   * The step's output once its run has ended: the run's final text (`seenAnswer`, its last
   * message seen while following it, or read from its events); the failure or cancellation it
   * ended with, thrown.
   */
  async outcomeOf(runId: string, seenAnswer?: string): Promise<string> {
    const run = await this.repository.find(runId);
    if (run?.status === 'completed' && seenAnswer !== undefined) return seenAnswer;
    if (run?.status === 'completed') {
      const events = await this.events.listByRun(runId, -1);
      const messages = events.filter(
        (event): event is RunEvent<'message'> => event.type === 'message',
      );
      return messages.at(-1)?.content ?? '';
    }
    if (run?.status === 'cancelled') throw new StepRunCancelled();
    if (run?.error?.code === 'RUN_INTERRUPTED') throw new StepInterrupted();
    if (run?.status === 'failed') {
      throw new StepFailure(run.error?.code ?? 'INTERNAL_ERROR', run.error?.message ?? '');
    }
    if (!run) throw new StepInterrupted();
    // Its stream ended without its end: this server is stopping, and leaves it.
    throw new WorkflowRunLeftError();
  }

  private async cancel(runId: string): Promise<void> {
    try {
      const run = await this.repository.find(runId);
      if (run) await this.canceller.cancelRun(run);
    } catch (error) {
      if (error instanceof RunFinishedError) return;
      this.logger.warn({ err: error, runId }, 'A step run could not be cancelled');
    }
  }
}

/** Counts the approvals a step's run (or a run below it) waits for, telling when that changes. */
class ApprovalWatch {
  private readonly pending = new Set<string>();

  constructor(
    private unknownPending: number,
    private readonly waiting: (waits: boolean) => void,
  ) {}

  see(event: RunEvent): void {
    const before = this.count();
    if (event.type === 'approval_requested') this.pending.add(event.approvalId);
    if (event.type === 'approval_resolved') {
      if (!this.pending.delete(event.approvalId) && this.unknownPending > 0) this.unknownPending--;
    }
    const after = this.count();
    if (before === 0 && after > 0) this.waiting(true);
    if (before > 0 && after === 0) this.waiting(false);
  }

  private count(): number {
    return this.pending.size + this.unknownPending;
  }
}
