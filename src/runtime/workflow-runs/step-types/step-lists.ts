import { type ExpressionVariable } from '../../../registry/workflows/expressions/workflow-expressions';
import {
  type NestedStepList,
  type StepNode,
} from '../../../registry/workflows/step-types/step-type.contract';

/** What the expressions of a step read: the run's input, the steps so far, the previous output. */
export const CONDITION_VARIABLES: readonly ExpressionVariable[] = ['input', 'steps', 'previous'];

/**
 * The list at `slot` when the value there is a list of steps (a definition not yet checked may
 * hold anything): the walks over a workflow's steps go only into lists.
 */
export function stepListOf(
  value: unknown,
  slot: string,
  adds?: readonly ExpressionVariable[],
): NestedStepList[] {
  if (!Array.isArray(value)) return [];
  const steps = value.filter(
    (step): step is StepNode => typeof step === 'object' && step !== null && 'type' in step,
  );
  return steps.length === value.length ? [{ slot, steps, ...(adds && { adds }) }] : [];
}
