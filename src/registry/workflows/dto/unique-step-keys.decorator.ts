import { ValidateBy } from 'class-validator';
import { type StepNode } from '../step-types/step-type.contract';
import { placedSteps } from '../step-types/step-tree';

/**
 * Steps' keys name them for later templates and expressions, so no two steps of a workflow
 * may share one, at any depth.
 */
export function HasUniqueStepKeys(): PropertyDecorator {
  return ValidateBy({
    name: 'hasUniqueStepKeys',
    validator: {
      validate: (steps: unknown) => repeatedKeys(steps).length === 0,
      defaultMessage: (args) =>
        `steps must have unique keys: ${repeatedKeys(args?.value)
          .map(([key, places]) => `'${key}' is the key of steps ${places.join(', ')}`)
          .join('; ')}`,
    },
  });
}

/**
 * Each key that more than one step has, with those steps' places: a top-level step's index,
 * a nested step's field (`1.cases.0.steps.2`).
 */
function repeatedKeys(steps: unknown): [string, string[]][] {
  if (!Array.isArray(steps) || !steps.every(isStepNode)) return [];
  const placesOf = new Map<string, string[]>();
  for (const { step, field } of placedSteps(steps)) {
    if (typeof step.key === 'string') {
      placesOf.set(step.key, [...(placesOf.get(step.key) ?? []), field.slice('steps.'.length)]);
    }
  }
  return [...placesOf].filter(([, places]) => places.length > 1);
}

function isStepNode(value: unknown): value is StepNode {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
