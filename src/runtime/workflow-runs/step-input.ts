import { renderTemplate } from '../../registry/workflows/step-templates';
import { type WorkflowRunRow } from './workflow-runs.repository';

/**
 * What a step receives: its `input` template rendered against the workflow input and the
 * outputs so far, or, without one, the previous step's output (the workflow input for the
 * first step). A template path that resolves to nothing throws `TEMPLATE_ERROR`.
 */
export function stepInputOf(
  run: WorkflowRunRow,
  index: number,
  outputs: readonly unknown[],
): unknown {
  const { input } = run.steps[index];
  if (input === undefined) return index === 0 ? run.input : outputs[index - 1];
  const keys = new Map(
    run.steps.flatMap((step, at) => (step.key === undefined ? [] : [[step.key, at] as const])),
  );
  return renderTemplate(input, { input: run.input, outputs, keys }, index);
}
