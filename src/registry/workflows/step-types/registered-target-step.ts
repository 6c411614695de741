import { foreignFieldProblems, missingFieldProblems } from './step-fields';
import { type StepDefinitionType, type StepNode } from './step-type.contract';

/**
 * The definition side of a step that runs one registered thing by `id` (an agent, a tool): it
 * needs `id`, has no other field of its own, and holds no steps and no expressions.
 */
export abstract class RegisteredTargetStep implements StepDefinitionType {
  abstract readonly type: string;

  problems(step: StepNode): string[] {
    return [...missingFieldProblems(step, ['id']), ...foreignFieldProblems(step, ['id'])];
  }

  lists(): [] {
    return [];
  }

  expressions(): [] {
    return [];
  }
}
