import { plainToInstance } from 'class-transformer';
import { type ValidationError, validateSync } from 'class-validator';
import { OperatorError } from './operator-error';
import { shownValue } from './shown-value';

export type Environment = Readonly<Record<string, string | undefined>>;

/** Reads one variable; lets features validate their variables from `ConfigService` too. */
export type ReadVariable = (name: string) => string | undefined;

/** Thrown at start when environment variables are invalid; its message lists every problem. */
export class ConfigValidationError extends OperatorError {
  constructor(readonly problems: readonly string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
  }
}

/** A class of variables: class-validator decorators, defaults as field initializers. */
export type VariablesClass<T extends object = object> = new () => T;

/**
 * Validates the variables a class declares and returns the typed instance, or the problems,
 * one per invalid variable. Empty strings count as unset, so `PORT=` in a compose file means
 * "default" rather than "invalid".
 */
export function checkEnvironment<T extends object>(
  schema: VariablesClass<T>,
  read: ReadVariable,
): { instance: T; problems: string[] } {
  const env = Object.fromEntries(Object.keys(new schema()).map((key) => [key, read(key)]));
  const present = Object.fromEntries(
    Object.entries(env).filter(([, value]) => value !== undefined && value !== ''),
  );
  const instance = plainToInstance(schema, present, { exposeDefaultValues: true });
  const errors = validateSync(instance, { forbidUnknownValues: true });
  const problems = errors.map((error) => {
    const rules = everyRuleOf(schema, instance, error);
    return `${rules} (got ${shownValue(error.property, env[error.property])})`;
  });
  return { instance, problems };
}

/** `checkEnvironment` for one class: the instance, or a `ConfigValidationError`. */
export function validateEnvironment<T extends object>(
  schema: VariablesClass<T>,
  read: ReadVariable,
): T {
  const { instance, problems } = checkEnvironment(schema, read);
  if (problems.length > 0) throw new ConfigValidationError(problems);
  return instance;
}

/**
 * The variable's expected form: every rule it has, the ones it broke in their own words ("PORT
 * must be a whole number, must not be less than 0, must not be greater than 65535"), so one
 * fix satisfies them all. The rules it has are those a null value breaks: null passes none.
 */
function everyRuleOf<T extends object>(
  schema: VariablesClass<T>,
  instance: T,
  error: ValidationError,
): string {
  const probe = Object.assign(new schema(), instance, { [error.property]: null });
  const all = validateSync(probe).find((each) => each.property === error.property)?.constraints;
  const broken = error.constraints ?? {};
  const messages = Object.keys({ ...all, ...broken })
    .reverse() // class-validator lists the decorators bottom-up
    .map((rule) => broken[rule] ?? all?.[rule] ?? '');
  return messages
    .map((message, i) =>
      i > 0 && message.startsWith(`${error.property} `)
        ? message.slice(error.property.length + 1)
        : message,
    )
    .join(', ');
}
