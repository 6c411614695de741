import { setTimeout as sleep } from 'node:timers/promises';
import { Injectable, Logger } from '@nestjs/common';
import { type Span, context, trace } from '@opentelemetry/api';
import { tracingRegistered } from '../../core/telemetry/tracing';
import { DomainError } from '../../core/errors';
import { Transactions } from '../../database/transactions';
import { WorkflowsRepository } from '../../registry/workflows/workflows.repository';
import { ToolInvoker } from '../../tools/tool-invoker.service';
import { type RunRow, RunsRepository } from '../runs/runs.repository';
import { type WorkflowRunStep, isActiveRunStatus } from '../../database/schema';
import { AgentSteps } from './agent-steps';
import { StepFailure, StepInterrupted, StepRunCancelled } from './step-outcomes';
import { stepInputOf } from './step-input';
import { type EarlierRetries, earlierRetries, retryDelayMs } from './step-retries';
import { stepStartedFields } from './step-started';
import { withStepTimeout } from './step-timeouts';
import { WorkflowRunLeftError } from './workflow-run.errors';
import { type WorkflowRunEventFields } from './workflow-run-event.types';
import { WorkflowRunEventStore } from './workflow-run-events.repository';
import { WorkflowRunExecutions } from './workflow-run-executions';
import { endWorkflowRunSpan, inStepSpan, startWorkflowRunSpan } from './workflow-run-spans';
import { type ChangingEmit, WorkflowRunSink } from './workflow-run-sink';
import { WorkflowRunStreams } from './workflow-run-streams';
import {
  type WorkflowRunEnding,
  type WorkflowRunRow,
  type WorkflowRunStepRow,
  WorkflowRunsRepository,
} from './workflow-runs.repository';

/** A workflow run's end found it ended already (cancelled while nobody executed it). */
class WorkflowRunEndedElsewhere extends Error {}

/** How often a step cut off by a stopped server runs again before the workflow run fails. */
const STEP_ATTEMPTS = 3;

/** One execution of a workflow run: where it streams, what stops it, what it produced. */
interface Execution {
  run: WorkflowRunRow;
  sink: WorkflowRunSink;
  signal: AbortSignal;
  outputs: unknown[];
  /** Changes of the waiting state, stored one after another. */
  waits: Promise<void>;
  /** A step's end not stored yet: it is stored with the next step's start, in one statement. */
  pendingEnd?: ChangingEmit<'step_completed' | 'step_failed'>;
  /** The step whose start was stored with the run, not to be told again. */
  startedWithRun?: number;
}

/** A new workflow run, stored with its first events: where its stream goes on. */
export interface OpenedWorkflowRun {
  nextEventIndex: number;
  /** The first step's start was stored with the run. */
  firstStepStarted: boolean;
  /** The span of its execution, started before the run was stored (which keeps its trace). */
  span: Span;
}

/**
 * Executes workflow runs: each step after the last one completed, fed by the ones before,
 * recording each step's start and end with the events that tell them; the run ends completed
 * with the last step's output, failed with the failed step's error, or cancelled.
 */
@Injectable()
export class WorkflowRunner {
  private readonly logger = new Logger('WorkflowRuns');

  constructor(
    private readonly repository: WorkflowRunsRepository,
    private readonly store: WorkflowRunEventStore,
    private readonly streams: WorkflowRunStreams,
    private readonly transactions: Transactions,
    private readonly executions: WorkflowRunExecutions,
    private readonly tools: ToolInvoker,
    private readonly agentSteps: AgentSteps,
    private readonly runs: RunsRepository,
    private readonly workflows: WorkflowsRepository,
  ) {
    executions.resumeWith((run) => this.launch(run));
  }

  /**
   * Executes the workflow run in the background: a new one (`opened`, its stream open here) or,
   * without it, one resumed (its stream after what it recorded).
   */
  launch(run: WorkflowRunRow, opened?: OpenedWorkflowRun): void {
    this.executions.start(run.id, async (signal) => {
      const span = opened?.span ?? (await this.resumedSpan(run));
      let ended = true;
      try {
        // The steps' spans (and their runs' and tool calls') nest under the run's own.
        await context.with(trace.setSpan(context.active(), span), async () => {
          const next = opened?.nextEventIndex ?? (await this.resumedStreamIndex(run));
          const sink = new WorkflowRunSink(
            run.id,
            next,
            this.store,
            this.streams,
            this.transactions,
          );
          // A new run's steps are all still to run: only a resumed one has states to read.
          const states = opened ? [] : await this.repository.steps(run.id);
          const execution: Execution = {
            run,
            sink,
            signal,
            outputs: [],
            waits: Promise.resolve(),
            startedWithRun: opened?.firstStepStarted ? 0 : undefined,
          };
          ended = await this.execute(execution, states);
          await sink.drained();
        });
      } catch (error) {
        // Only a workflow run whose end could not be stored gets here (the database is gone).
        this.logger.error({ err: error, workflowRunId: run.id }, 'Workflow run stopped unrecorded');
      } finally {
        await this.endSpan(span, run.id, ended);
        if (ended) this.streams.finish(run.id);
      }
    });
  }

  /**
   * The span of a resumed run's execution, in the trace its first execution started, named by
   * its workflow as it is now: read only when spans are recorded.
   */
  private async resumedSpan(run: WorkflowRunRow): Promise<Span> {
    // The name is all it gives: unread (the database is gone), the span is named by the id.
    const workflow = tracingRegistered()
      ? await this.workflows.find(run.workflow_id).catch(() => undefined)
      : undefined;
    const traced = { id: run.workflow_id, name: workflow?.name ?? run.workflow_id };
    return startWorkflowRunSpan(traced, run.id, run.trace_parent);
  }

  /** Ends an execution's span with the status the run was stored with, read only when recorded. */
  private async endSpan(span: Span, id: string, ended: boolean): Promise<void> {
    try {
      const stored = ended && span.isRecording() ? await this.repository.find(id) : undefined;
      endWorkflowRunSpan(span, stored?.status ?? 'running', stored?.error);
    } catch (error) {
      this.logger.warn({ err: error, workflowRunId: id }, 'A workflow run span lacks its status');
      span.end();
    }
  }

  /**
   * Opens a resumed run's stream here, holding its stored events, and gives the index after
   * everything it streamed so far.
   */
  private async resumedStreamIndex(run: WorkflowRunRow): Promise<number> {
    await this.streams.attach(run.id);
    this.streams.openIfMissing(run.id);
    return Math.max(
      run.next_event_index,
      await this.nextStoredIndex(run.id),
      this.streams.nextEventIndex(run.id),
    );
  }

  /** True once the run has ended; false when it was left (the server stops) to resume later. */
  private async execute(
    execution: Execution,
    states: readonly WorkflowRunStepRow[],
  ): Promise<boolean> {
    const { run, sink, signal, outputs } = execution;
    let index = 0;
    for (; isSettled(run.steps[index], states[index]); index++) outputs.push(states[index].output);
    // Only a resumed run's first step to run can have failed and retried before.
    let retried =
      states.length > 0 && run.steps[index]?.retry
        ? earlierRetries(await this.store.listAfter(run.id, -1), index)
        : undefined;
    try {
      for (; index < run.steps.length; index++) {
        const step = run.steps[index];
        let output: unknown = null;
        try {
          output = await inStepSpan(
            step,
            index,
            () => this.runStep(execution, index, states[index], retried),
            (error) => signal.aborted || isStoppedOnPurpose(error),
          );
          execution.pendingEnd = {
            type: 'step_completed',
            fields: { stepIndex: index, output },
            change: { index, status: 'completed', output },
          };
        } catch (error) {
          if (step.on_error !== 'continue' || signal.aborted || !isStepFailure(error)) throw error;
          execution.pendingEnd = continuedFailure(index, failureOf(error));
        }
        retried = undefined;
        await execution.waits;
        outputs.push(output);
        // What comes next stores this end with its own event: the next step's start, or the
        // run's end. Only a next step started before (by an earlier execution) does not start.
        const next = states[index + 1];
        if (next !== undefined) await this.storePendingEnd(execution);
      }
      const output = run.steps.length > 0 ? outputs[outputs.length - 1] : run.input;
      await this.emitEnd(
        sink,
        run,
        'workflow_completed',
        { output },
        { status: 'completed', output },
        takePendingEnd(execution),
      );
      await sink.emit('complete', { reason: 'success' });
    } catch (error) {
      await execution.waits;
      await this.storePendingEnd(execution);
      if (signal.reason instanceof WorkflowRunLeftError || error instanceof WorkflowRunLeftError) {
        await this.repository.recordNextEventIndex(run.id, sink.nextEventIndex);
        return false;
      }
      if (error instanceof WorkflowRunEndedElsewhere) return true;
      if (signal.aborted || error instanceof StepRunCancelled) await this.cancel(execution, index);
      else await this.fail(execution, index, error);
    }
    return true;
  }

  /** Runs the step, again from its start when a stopped server cut its run off. */
  private async runStep(
    execution: Execution,
    index: number,
    state: WorkflowRunStepRow | undefined,
    retried: EarlierRetries | undefined,
  ): Promise<unknown> {
    const { run, sink, signal } = execution;
    const step = run.steps[index];
    // A step whose run waits for approval (or works on, resumed elsewhere) goes on with it; one
    // whose run ended meanwhile (decided and resumed elsewhere) ends as that run did.
    const held = state?.run_id ? await this.runs.find(state.run_id) : undefined;
    if (held && !isActiveRunStatus(held.status) && held.error?.code !== 'RUN_INTERRUPTED') {
      return this.agentSteps.outcomeOf(held.id);
    }
    let paused = held && isActiveRunStatus(held.status) ? held : undefined;
    let failures = retried?.failures ?? 0;
    // The delay before the next attempt goes on where the stopped server left it.
    const rest = (retried?.retryAt ?? 0) - Date.now();
    if (!paused && rest > 0) await sleep(rest, undefined, { signal });
    for (let interruptions = 0; ;) {
      signal.throwIfAborted();
      if (!paused && !takeStartedWithRun(execution, index)) {
        const start: ChangingEmit<'step_started'> = {
          type: 'step_started',
          fields: stepStartedFields(step, index),
          change: { index, status: 'running', runId: null, started: true },
        };
        await sink.emitAllWith([...takePendingEnd(execution), start]);
      }
      try {
        return await withStepTimeout(
          step,
          signal,
          (attemptSignal) => this.attempt(execution, index, attemptSignal, paused),
          () => {
            // A timed-out agent step no longer waits for approvals its cancelled run asked for.
            if (step.type === 'agent') this.changeWaiting(execution, index, false);
          },
        );
      } catch (error) {
        if (signal.aborted) throw error;
        paused = undefined;
        if (error instanceof StepInterrupted) {
          if (++interruptions === STEP_ATTEMPTS) {
            throw new StepFailure('RUN_INTERRUPTED', 'The step was interrupted too many times');
          }
          continue;
        }
        if (!isStepFailure(error) || ++failures >= (step.retry?.max_attempts ?? 1)) throw error;
        await this.retryAfter(execution, index, step, failures, failureOf(error));
      }
    }
  }

  /** One attempt of the step: its tool called, or its agent run started (or `paused` followed). */
  private async attempt(
    execution: Execution,
    index: number,
    signal: AbortSignal,
    paused: RunRow | undefined,
  ): Promise<unknown> {
    const { run, sink } = execution;
    const step = run.steps[index];
    const input = stepInputOf(run, index, execution.outputs);
    if (step.type === 'tool') {
      // By id: a tool renamed, or a new tool under its old name, changes nothing.
      return this.tools.invoke({ id: step.ref_id }, input, {
        caller: 'workflow',
        scope: 'all',
        origin: { user: run.owner, depth: run.depth, workflowRunId: run.id },
        signal,
      });
    }
    return this.agentSteps.run(
      {
        run,
        index,
        step,
        message: typeof input === 'string' ? input : JSON.stringify(input ?? null),
        sink,
        signal,
        waiting: (waits) => this.changeWaiting(execution, index, waits),
      },
      paused,
    );
  }

  /**
   * Tells that the step failed its `failures`-th attempt and runs again, then waits the retry's
   * delay (a cancel of the run ends the wait).
   */
  private async retryAfter(
    execution: Execution,
    index: number,
    step: WorkflowRunStep,
    failures: number,
    failure: { code: string; message: string },
  ): Promise<void> {
    const delayMs = retryDelayMs(step.retry ?? { max_attempts: 1 }, failures);
    await execution.waits;
    await execution.sink.emitAllWith([
      {
        type: 'step_retrying',
        fields: { stepIndex: index, attempt: failures, delayMs, ...failureFields(failure) },
        change: { index, status: 'running' },
      },
    ]);
    await sleep(delayMs, undefined, { signal: execution.signal });
  }

  /** Stores the step's end that waited for the next step's start, if one waits. */
  private async storePendingEnd(execution: Execution): Promise<void> {
    const ended = takePendingEnd(execution);
    if (ended.length > 0) await execution.sink.emitAllWith(ended);
  }

  /**
   * The workflow run (and its step) waits for a human, or works again. The step changes first,
   * so the notice of the change shows it; a run that ended meanwhile keeps its steps as they are.
   */
  private changeWaiting(execution: Execution, index: number, waits: boolean): void {
    const { run } = execution;
    const status = waits ? 'awaiting_approval' : 'running';
    const ended = new Error('ended');
    execution.waits = execution.waits
      .then(() =>
        this.transactions.run(async () => {
          await this.repository.changeStep(
            run.id,
            waits ? { index, status: 'awaiting_approval' } : { index, status: 'running' },
          );
          if (!(await this.repository.setActiveStatus(run.id, status))) throw ended;
        }),
      )
      .catch((error: unknown) => {
        if (error === ended) return;
        this.logger.warn({ err: error, workflowRunId: run.id }, 'A waiting state was not stored');
      });
  }

  private async fail(execution: Execution, index: number, error: unknown): Promise<void> {
    const { run, sink } = execution;
    const failure = failureOf(error);
    if (failure.code === 'INTERNAL_ERROR') {
      this.logger.error({ err: error, workflowRunId: run.id }, 'Workflow run failed unexpectedly');
    }
    const stepFailed: ChangingEmit<'step_failed'>[] =
      index < run.steps.length
        ? [
            {
              type: 'step_failed',
              fields: { stepIndex: index, ...failureFields(failure) },
              change: { index, status: 'failed', error: failure },
            },
          ]
        : [];
    await this.emitEnd(
      sink,
      run,
      'error',
      { error: failure.message, code: failure.code },
      { status: 'failed', error: failure },
      stepFailed,
    );
  }

  private async cancel(execution: Execution, index: number): Promise<void> {
    const { run, sink } = execution;
    const cancelled = { code: 'RUN_CANCELLED', message: 'The workflow run was cancelled' };
    // The status is stored before `complete` is sent: a client reading the run then sees it.
    try {
      await this.transactions.run(async () => {
        if (index < run.steps.length) {
          await this.repository.changeStep(run.id, {
            index,
            status: 'cancelled',
            error: cancelled,
          });
        }
        await this.end(run, sink, { status: 'cancelled' });
      });
    } catch (error) {
      // Ended elsewhere meanwhile: whoever ended it told the followers.
      if (error instanceof WorkflowRunEndedElsewhere) return;
      throw error;
    }
    await sink.emit('complete', { reason: 'cancelled' });
  }

  /**
   * Emits the event that ends the run after `before` (a step's end), stored with the run's end:
   * by one statement, or with a webhook, in one transaction with the receiver's notice. No event
   * is stored for a run that ended meanwhile (cancelled elsewhere).
   */
  private async emitEnd<T extends 'workflow_completed' | 'error'>(
    sink: WorkflowRunSink,
    run: WorkflowRunRow,
    type: T,
    fields: WorkflowRunEventFields[T],
    ending: WorkflowRunEnding,
    before: readonly ChangingEmit[],
  ): Promise<void> {
    if (run.webhook_url) {
      if (before.length > 0) await sink.emitAllWith(before);
      await sink.emit(type, fields, () => this.end(run, sink, ending));
      return;
    }
    await sink.emitAllStoredAs(before, type, fields, async (events, changes) => {
      const change = this.repository.ending(ending, sink.nextEventIndex);
      const stored = await this.store.appendChanging(events, change, changes);
      if (!stored) throw new WorkflowRunEndedElsewhere();
      return stored;
    });
  }

  /** Stores the end; one ended meanwhile (cancelled elsewhere) undoes the caller's unit. */
  private async end(run: WorkflowRunRow, sink: WorkflowRunSink, ending: WorkflowRunEnding) {
    if (!(await this.repository.finish(run.id, ending, sink.nextEventIndex))) {
      throw new WorkflowRunEndedElsewhere();
    }
  }

  /**
   * Tells the followers of a workflow run, wherever they are, that it was ended by another
   * than its executor (cancelled while nobody executed it): `complete`, after its last event.
   */
  async announceEnd(run: WorkflowRunRow): Promise<void> {
    const next = Math.max(
      run.next_event_index,
      await this.nextStoredIndex(run.id),
      this.streams.nextEventIndex(run.id),
    );
    const sink = new WorkflowRunSink(run.id, next, this.store, this.streams, this.transactions);
    await sink.emit('complete', { reason: 'cancelled' });
    this.streams.finish(run.id);
  }

  /** The index after the workflow run's last stored event: where a resumed stream goes on. */
  private async nextStoredIndex(id: string): Promise<number> {
    const stored = await this.store.listAfter(id, -1);
    return (stored[stored.length - 1]?.eventIndex ?? -1) + 1;
  }
}

/** The step's end waiting to be stored, if any, taken: whoever takes it stores it. */
function takePendingEnd(execution: Execution): ChangingEmit[] {
  const end = execution.pendingEnd;
  execution.pendingEnd = undefined;
  return end ? [end] : [];
}

/** Whether the step's start was stored with the run: true once, for that step only. */
function takeStartedWithRun(execution: Execution, index: number): boolean {
  if (execution.startedWithRun !== index) return false;
  execution.startedWithRun = undefined;
  return true;
}

/** A step that ended without failing: its run was cancelled, or the server is stopping. */
function isStoppedOnPurpose(error: unknown): boolean {
  return error instanceof StepRunCancelled || error instanceof WorkflowRunLeftError;
}

/** A step that failed on its own (not stopped): what retries and `on_error` apply to. */
function isStepFailure(error: unknown): error is DomainError | StepFailure {
  return error instanceof DomainError || error instanceof StepFailure;
}

/**
 * Whether a resumed run goes past the step without running it: it completed, or it failed
 * and its run went on (`on_error: continue`; a failure that failed the run ended it).
 */
function isSettled(step: WorkflowRunStep | undefined, state: WorkflowRunStepRow | undefined) {
  if (state?.status === 'completed') return true;
  return state?.status === 'failed' && step?.on_error === 'continue';
}

/** The end of a step whose failure its run goes on after: `failed`, its output null. */
function continuedFailure(
  index: number,
  failure: { code: string; message: string },
): ChangingEmit<'step_failed'> {
  return {
    type: 'step_failed',
    fields: { stepIndex: index, ...failureFields(failure), continued: true },
    change: { index, status: 'failed', error: failure },
  };
}

function failureFields(failure: { code: string; message: string }) {
  return { error: failure.message, code: failure.code };
}

function failureOf(error: unknown): { code: string; message: string } {
  if (isStepFailure(error)) {
    return { code: error.code, message: error.message };
  }
  return { code: 'INTERNAL_ERROR', message: 'The step failed unexpectedly' };
}
