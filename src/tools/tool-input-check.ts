import { type ErrorObject, type ValidateFunction } from 'ajv';
import { type InputIssue } from './tool.contract';

/** Turns a compiled schema into a function returning an input's violations (empty if valid). */
export function inputCheckOf(validate: ValidateFunction) {
  return (input: unknown): InputIssue[] =>
    validate(input) ? [] : (validate.errors ?? []).map(toIssue);
}

function toIssue(error: ErrorObject): InputIssue {
  // Name the offending property itself, so the caller knows which one to remove.
  if (error.keyword === 'additionalProperties') {
    const property = (error.params as { additionalProperty: string }).additionalProperty;
    return { path: `${error.instancePath}/${property}`, message: 'is not an allowed property' };
  }
  return { path: error.instancePath, message: error.message ?? 'is invalid' };
}

/**
 * An input check that compiles its schema at its first use: compiling costs time in proportion
 * to the schema, which loading every stored tool at start must not pay.
 */
export function lazyInputCheck(compile: () => ValidateFunction) {
  let check: ((input: unknown) => InputIssue[]) | undefined;
  return (input: unknown): InputIssue[] => {
    check ??= inputCheckOf(compile());
    return check(input);
  };
}
