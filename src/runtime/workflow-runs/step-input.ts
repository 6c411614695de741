import { type WorkflowRunStep } from '../../database/schema';
import { renderTemplate } from '../../registry/workflows/step-templates';
import { type WorkflowRunRow } from './workflow-runs.repository';

/** A list of steps as it runs: its steps, their outputs so far, and what its first is given. */
export interface StepList {
  steps: readonly WorkflowRunStep[];
  outputs: readonly unknown[];
  /** The first step's default input and `previous`: the workflow input at the top. */
  first: unknown;
  /** In a map's steps, the item and its index. */
  item?: { value: unknown; index: number };
}

/**
 * What step `index` of the list receives: its `input` template rendered against the workflow
 * input and the outputs so far (`outer` gives those of keyed steps outside the list), or,
 * without one, the previous step's output (the list's `first` for its first step). A template
 * path that resolves to nothing throws `TEMPLATE_ERROR`.
 */
export function stepInputOf(
  run: WorkflowRunRow,
  list: StepList,
  index: number,
  outer: (key: string) => unknown,
): unknown {
  const { input } = list.steps[index];
  if (input === undefined) return index === 0 ? list.first : list.outputs[index - 1];
  const keys = new Map(
    list.steps.flatMap((step, at) => (step.key === undefined ? [] : [[step.key, at] as const])),
  );
  const scope = { input: run.input, outputs: list.outputs, keys, first: list.first, outer };
  return renderTemplate(input, list.item ? { ...scope, item: list.item } : scope, index);
}
