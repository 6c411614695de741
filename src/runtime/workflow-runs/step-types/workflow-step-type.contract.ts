import { type WorkflowRunStep } from '../../../database/schema';
import { type ExpressionVariable } from '../../../registry/workflows/expressions/workflow-expressions';
import { type StepDefinitionType } from '../../../registry/workflows/step-types/step-type.contract';
import { type RunRow } from '../../runs/runs.repository';
import { type StepGroup } from '../step-paths';
import { type WorkflowRunSink } from '../workflow-run-sink';
import { type WorkflowRunRow } from '../workflow-runs.repository';

/** What the expressions of a step can read where it runs. */
export type ExpressionScope = Partial<Record<ExpressionVariable, unknown>>;

/** How a list of steps a step holds runs: its place, and what its first step is given. */
export interface NestedRun {
  group: StepGroup;
  /** The case's index, the branch's name, the item's or the iteration's index; none for `default`. */
  member?: string | number;
  /** The first step's default input and `previous`; the holding step's input when not given. */
  first?: unknown;
  /** A map's item: `item` and `index` for the list's expressions and templates. */
  item?: { value: unknown; index: number };
  /** Stops the list (a sibling branch or item failed); the run's signal stops it too. */
  signal?: AbortSignal;
}

/**
 * One attempt of a step, as the runner gives it to the step's type: the step and its place,
 * what it can read, and the runner's ways to run the steps it holds (at a nested path, with
 * every rule of any step: rows, events, retries, resume) or record them skipped.
 */
export interface StepExecution {
  readonly run: WorkflowRunRow;
  readonly step: WorkflowRunStep;
  /** The step run's path; `index` for a top-level step. */
  readonly path: string;
  readonly index?: number;
  /** Aborted when the run is cancelled or left, the attempt times out, or a sibling failed. */
  readonly signal: AbortSignal;
  readonly sink: WorkflowRunSink;
  /** An agent step's run that waits for approval from an earlier execution, to follow on. */
  readonly paused?: RunRow;
  /** The step's input: its template rendered, or its default input. */
  readonly input: () => unknown;
  /** What its expressions read here. */
  readonly scope: () => ExpressionScope;
  /** Runs the steps as a list nested in this step; gives the last one's output (null: none). */
  readonly runSteps: (steps: readonly WorkflowRunStep[], nested: NestedRun) => Promise<unknown>;
  /** Records the steps of a list nested in this step as skipped (a branch's cases not taken). */
  readonly skipSteps: (steps: readonly WorkflowRunStep[], nested: NestedRun) => Promise<void>;
  /** The step waits for a human, or works again. */
  readonly waiting: (waits: boolean) => void;
}

/**
 * A workflow step type: its definitions (see `StepDefinitionType`) and how an attempt of one of
 * its steps executes. A provider marked `@WorkflowStepTypeProvider` is found by discovery.
 * A step that waits durably (for an input, a time) would keep what it waits for in its row and
 * end the execution the way a paused agent step does; one starting a child run, as an agent
 * step starts its run.
 */
export interface WorkflowStepType extends StepDefinitionType {
  execute(execution: StepExecution): Promise<unknown>;
}
