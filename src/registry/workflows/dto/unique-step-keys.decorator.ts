import { ValidateBy } from 'class-validator';

/** Steps' keys name them for later templates, so no two steps of a workflow may share one. */
export function HasUniqueStepKeys(): PropertyDecorator {
  return ValidateBy({
    name: 'hasUniqueStepKeys',
    validator: {
      validate: (steps: unknown) => repeatedKeys(steps).length === 0,
      defaultMessage: (args) =>
        `steps must have unique keys: ${repeatedKeys(args?.value)
          .map(([key, indexes]) => `'${key}' is the key of steps ${indexes.join(', ')}`)
          .join('; ')}`,
    },
  });
}

/** Each key that more than one step has, with those steps' indexes. */
function repeatedKeys(steps: unknown): [string, number[]][] {
  if (!Array.isArray(steps)) return [];
  const indexesOf = new Map<string, number[]>();
  steps.forEach((step: unknown, index) => {
    const key = typeof step === 'object' && step !== null ? (step as { key?: unknown }).key : null;
    if (typeof key === 'string') indexesOf.set(key, [...(indexesOf.get(key) ?? []), index]);
  });
  return [...indexesOf].filter(([, indexes]) => indexes.length > 1);
}
