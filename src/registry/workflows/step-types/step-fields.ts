import { type StepNode } from './step-type.contract';

/** The fields every step may have, whatever its type. */
const COMMON_FIELDS = new Set(['type', 'key', 'input', 'retry', 'timeout_seconds', 'on_error']);

/**
 * The problems of fields a step of this type does not have (a `cases` on a tool step): each
 * type names its own, so a field set on the wrong type is refused rather than ignored.
 */
export function foreignFieldProblems(step: StepNode, own: readonly string[]): string[] {
  return Object.keys(step)
    .filter((field) => !COMMON_FIELDS.has(field) && !own.includes(field))
    .filter((field) => (step as unknown as Record<string, unknown>)[field] !== undefined)
    .map((field) => `${field} is not a field of a ${step.type} step`);
}

/** The problem of a field its type needs but the step lacks, if it does. */
export function missingFieldProblems(step: StepNode, needed: readonly string[]): string[] {
  return needed
    .filter((field) => (step as unknown as Record<string, unknown>)[field] === undefined)
    .map((field) => `a ${step.type} step needs ${field}`);
}
