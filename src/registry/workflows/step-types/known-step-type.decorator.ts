import { ValidateBy } from 'class-validator';
import { publishedStepType, publishedStepTypeNames } from './published-step-types';
import { type StepNode } from './step-type.contract';

/**
 * A step's `type` names a type the app has, and the step's fields are what that type needs:
 * each type checks its own (an `agent` step its `id`, a `map` step its `items`).
 */
export function IsKnownStepType(): PropertyDecorator {
  return ValidateBy({
    name: 'isKnownStepType',
    validator: {
      validate: (type: unknown, args) => problemsOf(type, args?.object).length === 0,
      defaultMessage: (args) => problemsOf(args?.value, args?.object).join('; '),
    },
  });
}

function problemsOf(type: unknown, step: object | undefined): string[] {
  const known = publishedStepType(type);
  if (!known) {
    return [`type must be one of the following values: ${publishedStepTypeNames().join(', ')}`];
  }
  return known.problems(step as StepNode);
}
