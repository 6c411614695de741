import { setTimeout as sleep } from 'node:timers/promises';
import { Injectable, Logger } from '@nestjs/common';
import { type Span, context, trace } from '@opentelemetry/api';
import { tracingRegistered } from '../../core/telemetry/tracing';
import { DomainError } from '../../core/errors';
import { Transactions } from '../../database/transactions';
import { WorkflowsRepository } from '../../registry/workflows/workflows.repository';
import { type RunRow, RunsRepository } from '../runs/runs.repository';
import { type WorkflowRunStep, isActiveRunStatus } from '../../database/schema';
import { AgentSteps } from './agent-steps';
import { StepFailure, StepInterrupted, StepRunCancelled } from './step-outcomes';
import { type StepList, stepInputOf } from './step-input';
import { nestedPath, topLevelPath } from './step-paths';
import { WorkflowStepExecutors } from './step-types/workflow-step-executors';
import {
  type ExpressionScope,
  type NestedRun,
  type StepExecution,
} from './step-types/workflow-step-type.contract';
import { type EarlierRetries, earlierRetries, retryDelayMs } from './step-retries';
import { stepStartedFields } from './step-started';
import { withStepTimeout } from './step-timeouts';
import { WorkflowRunLeftError } from './workflow-run.errors';
import {
  type StepPlace,
  type WorkflowRunEvent,
  type WorkflowRunEventFields,
} from './workflow-run-event.types';
import { WorkflowRunEventStore } from './workflow-run-events.repository';
import { WorkflowRunExecutions } from './workflow-run-executions';
import { endWorkflowRunSpan, inStepSpan, startWorkflowRunSpan } from './workflow-run-spans';
import { type ChangingEmit, WorkflowRunSink } from './workflow-run-sink';
import { WorkflowRunStreams } from './workflow-run-streams';
import {
  type WorkflowRunEnding,
  type StepRunRow,
  type WorkflowRunRow,
  type WorkflowRunStepRow,
  WorkflowRunsRepository,
} from './workflow-runs.repository';

/** A workflow run's end found it ended already (cancelled while nobody executed it). */
class WorkflowRunEndedElsewhere extends Error {}

/** How often a step cut off by a stopped server runs again before the workflow run fails. */
const STEP_ATTEMPTS = 3;

/**
 * A list of steps as it runs in an execution: the top-level steps, or steps nested in one (a
 * case's, a branch's, an item's or an iteration's), with the keyed outputs its steps gave.
 */
interface Frame extends StepList {
  outputs: unknown[];
  /** Stops its steps: the run's signal, or a signal of its own (its sibling branch failed). */
  signal: AbortSignal;
  keyed: Map<string, unknown>;
  parent?: Frame;
}

/** A step about to run: its place in the tree and in its list, and its stored state if any. */
interface StepAt {
  path: string;
  /** A top-level step's index. */
  index?: number;
  /** Its index in its list. */
  at: number;
  step: WorkflowRunStep;
  state?: StepRunRow;
  frame: Frame;
}

/** One execution of a workflow run: where it streams, what stops it, what it produced. */
interface Execution {
  run: WorkflowRunRow;
  sink: WorkflowRunSink;
  signal: AbortSignal;
  outputs: unknown[];
  top: Frame;
  /** The nested step runs stored before this execution (a resumed run's), by path. */
  nested: ReadonlyMap<string, StepRunRow>;
  /** Every keyed step's output so far, wherever it ran: what expressions and templates read. */
  keyed: Map<string, unknown>;
  /** The run's stored events, read once when a resumed nested step's retries are needed. */
  storedEvents?: Promise<WorkflowRunEvent[]>;
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
    private readonly stepTypes: WorkflowStepExecutors,
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
          const nested = opened ? [] : await this.repository.stepRuns(run.id);
          const outputs: unknown[] = [];
          const execution: Execution = {
            run,
            sink,
            signal,
            outputs,
            top: { steps: run.steps, outputs, first: run.input, signal, keyed: new Map() },
            nested: new Map(nested.map((row) => [row.path, row])),
            keyed: new Map(),
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
    for (; isSettled(run.steps[index], states[index]); index++) {
      this.settle(execution, execution.top, run.steps[index], settledOutput(states[index]));
    }
    // Only a resumed run's first step to run can have failed and retried before.
    let retried =
      states.length > 0 && run.steps[index]?.retry
        ? earlierRetries(await this.storedEvents(execution), topLevelPath(index))
        : undefined;
    try {
      for (; index < run.steps.length; index++) {
        const step = run.steps[index];
        let output: unknown = null;
        try {
          const at: StepAt = {
            path: topLevelPath(index),
            index,
            at: index,
            step,
            state: states[index],
            frame: execution.top,
          };
          output = await inStepSpan(
            step,
            index,
            () => this.runStep(execution, at, retried),
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
        this.settle(execution, execution.top, step, output);
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
    at: StepAt,
    retried: EarlierRetries | undefined,
  ): Promise<unknown> {
    const { sink } = execution;
    const { step, state, path, index } = at;
    const { signal } = at.frame;
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
      if (!paused && (index === undefined || !takeStartedWithRun(execution, index))) {
        const start: ChangingEmit<'step_started'> = {
          type: 'step_started',
          fields: stepStartedFields(step, placeOf(at)),
          change: { path, status: 'running', runId: null, started: true },
        };
        // A top-level step's start stores the end of the one before it.
        const ended = index === undefined ? [] : takePendingEnd(execution);
        await sink.emitAllWith([...ended, start]);
      }
      try {
        return await withStepTimeout(
          step,
          signal,
          (attemptSignal) => this.attempt(execution, at, attemptSignal, paused),
          () => {
            // A timed-out agent step no longer waits for approvals its cancelled run asked for.
            if (step.type === 'agent') this.changeWaiting(execution, path, false);
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
        await this.retryAfter(execution, at, failures, failureOf(error));
      }
    }
  }

  /**
   * One attempt of the step, executed by its type: its tool called, its agent run started (or
   * `paused` followed), or the steps it holds run through `runSteps`, nested under its path.
   */
  private attempt(
    execution: Execution,
    at: StepAt,
    signal: AbortSignal,
    paused: RunRow | undefined,
  ): Promise<unknown> {
    const { run, sink } = execution;
    const { step, path, index, frame } = at;
    const outer = (key: string) => lookUpKeyed(execution, frame, key);
    const call: StepExecution = {
      run,
      step,
      path,
      index,
      signal,
      sink,
      paused,
      input: () => stepInputOf(run, frame, at.at, outer),
      scope: () => this.scopeOf(execution, frame, at.at),
      runSteps: (steps, nested) =>
        this.runNested(execution, at, steps, nested, { ...frame, signal }, call),
      skipSteps: (steps, nested) =>
        this.repository.addStepRuns(
          run.id,
          steps.map((_, i) => nestedPath(path, nested.group, nested.member, i)),
          'skipped',
        ),
      waiting: (waits) => this.changeWaiting(execution, path, waits),
    };
    return this.stepTypes.of(step.type).execute(call);
  }

  /**
   * Runs a list of steps nested in the step at `holder`, one after the other, each at its path
   * with its own row, events, retries and `on_error`. A step completed (or failed and gone on
   * after) before a restart is passed over with its stored output: no completed step runs
   * again, at any depth. Gives the last step's output, null for no steps.
   */
  private async runNested(
    execution: Execution,
    holder: StepAt,
    steps: readonly WorkflowRunStep[],
    nested: NestedRun,
    holderFrame: Frame,
    call: StepExecution,
  ): Promise<unknown> {
    const { run } = execution;
    const paths = steps.map((_, i) => nestedPath(holder.path, nested.group, nested.member, i));
    await this.repository.addStepRuns(run.id, paths);
    const frame: Frame = {
      steps,
      outputs: [],
      first: 'first' in nested ? nested.first : call.input(),
      item: nested.item ?? holderFrame.item,
      signal: nested.signal ?? holderFrame.signal,
      keyed: new Map(),
      parent: holderFrame,
    };
    for (const [i, step] of steps.entries()) {
      const state = execution.nested.get(paths[i]);
      if (isSettled(step, state)) {
        this.settle(execution, frame, step, settledOutput(state));
        continue;
      }
      const at: StepAt = { path: paths[i], at: i, step, state, frame };
      const retried =
        state && step.retry
          ? earlierRetries(await this.storedEvents(execution), at.path)
          : undefined;
      this.settle(execution, frame, step, await this.runNestedStep(execution, at, retried));
    }
    return frame.outputs.at(-1) ?? null;
  }

  /** A nested step run to its end: its output, or null when it failed and `on_error` goes on. */
  private async runNestedStep(
    execution: Execution,
    at: StepAt,
    retried: EarlierRetries | undefined,
  ): Promise<unknown> {
    const { sink, signal } = execution;
    const { path, step, frame } = at;
    try {
      const output = await this.runStep(execution, at, retried);
      await sink.emitAllWith([
        {
          type: 'step_completed',
          fields: { stepPath: path, output },
          change: { path, status: 'completed', output },
        },
      ]);
      return output;
    } catch (error) {
      // The run cancelled or left: its end (or its next execution) settles its steps.
      if (signal.aborted) throw error;
      if (frame.signal.aborted) {
        // Stopped because a sibling branch or item failed.
        await this.repository.changeStep(execution.run.id, {
          path,
          status: 'cancelled',
          error: { code: 'STEP_CANCELLED', message: 'Stopped as a step beside it failed' },
        });
        throw error;
      }
      const failure = failureOf(error);
      const continued = step.on_error === 'continue' && isStepFailure(error);
      await sink.emitAllWith([
        {
          type: 'step_failed',
          fields: { stepPath: path, ...failureFields(failure), ...(continued && { continued }) },
          change: { path, status: 'failed', error: failure },
        },
      ]);
      if (!continued) throw error;
      return null;
    }
  }

  /** A step's output taken by its list: its previous output, and its key's output if keyed. */
  private settle(execution: Execution, frame: Frame, step: WorkflowRunStep, output: unknown) {
    frame.outputs.push(output);
    if (step.key === undefined) return;
    frame.keyed.set(step.key, output);
    execution.keyed.set(step.key, output);
  }

  /**
   * What a step's expressions read: the workflow input, each keyed step's output so far (those
   * of its own list and the lists holding it first), the previous output, and in a map's steps
   * the item and its index.
   */
  private scopeOf(execution: Execution, frame: Frame, at: number): ExpressionScope {
    const steps: Record<string, { output: unknown }> = {};
    for (const [key, output] of execution.keyed) steps[key] = { output };
    const chain: Frame[] = [];
    for (let up: Frame | undefined = frame; up; up = up.parent) chain.unshift(up);
    for (const { keyed } of chain) for (const [key, output] of keyed) steps[key] = { output };
    const previous = at === 0 ? frame.first : frame.outputs[at - 1];
    const scope: ExpressionScope = { input: execution.run.input, steps, previous };
    return frame.item ? { ...scope, item: frame.item.value, index: frame.item.index } : scope;
  }

  /** The run's stored events, read once per execution. */
  private storedEvents(execution: Execution): Promise<WorkflowRunEvent[]> {
    execution.storedEvents ??= this.store.listAfter(execution.run.id, -1);
    return execution.storedEvents;
  }

  /**
   * Tells that the step failed its `failures`-th attempt and runs again, then waits the retry's
   * delay (a cancel of the run ends the wait).
   */
  private async retryAfter(
    execution: Execution,
    at: StepAt,
    failures: number,
    failure: { code: string; message: string },
  ): Promise<void> {
    const delayMs = retryDelayMs(at.step.retry ?? { max_attempts: 1 }, failures);
    await execution.waits;
    await execution.sink.emitAllWith([
      {
        type: 'step_retrying',
        fields: { ...placeOf(at), attempt: failures, delayMs, ...failureFields(failure) },
        change: { path: at.path, status: 'running' },
      },
    ]);
    await sleep(delayMs, undefined, { signal: at.frame.signal });
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
  private changeWaiting(execution: Execution, path: string, waits: boolean): void {
    const { run } = execution;
    const status = waits ? 'awaiting_approval' : 'running';
    const ended = new Error('ended');
    execution.waits = execution.waits
      .then(() =>
        this.transactions.run(async () => {
          await this.repository.changeStep(
            run.id,
            waits ? { path, status: 'awaiting_approval' } : { path, status: 'running' },
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
        // Every branch and item at work is cancelled with it.
        await this.repository.cancelActiveStepRuns(run.id, cancelled);
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

/** How a step's events name it: a top-level one by index, a nested one by path. */
function placeOf(at: StepAt): StepPlace {
  return at.index === undefined ? { stepPath: at.path } : { stepIndex: at.index };
}

/** The output a step passed over on resume gave: null when it failed and the run went on. */
function settledOutput(state: StepRunRow | undefined): unknown {
  return state?.status === 'completed' ? (state.output ?? null) : null;
}

/** The output of the keyed step as the list `frame` sees it: its own lists' first. */
function lookUpKeyed(execution: Execution, frame: Frame, key: string): unknown {
  for (let up: Frame | undefined = frame; up; up = up.parent) {
    if (up.keyed.has(key)) return up.keyed.get(key);
  }
  return execution.keyed.get(key);
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
function isSettled(step: WorkflowRunStep | undefined, state: StepRunRow | undefined) {
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
