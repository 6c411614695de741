import { plainToInstance } from 'class-transformer';
import { type ValidationError, validateSync } from 'class-validator';
import { shownValue } from './shown-value';

export type Environment = Readonly<Record<string, string | undefined>>;

/** Reads one variable; lets features validate their variables from `ConfigService` too. */
export type ReadVariable = (name: string) => string | undefined;

/** Thrown at start when environment variables are invalid; its message lists every problem. */
export class ConfigValidationError extends Error {
  constructor(problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigValidationError';
  }
}

/**
 * Validates the variables a class declares (class-validator decorators, defaults as field
 * initializers) and returns the typed instance. Empty strings count as unset, so `PORT=` in a
 * compose file means "default" rather than "invalid".
 */
export function validateEnvironment<T extends object>(schema: new () => T, read: ReadVariable): T {
  const env = Object.fromEntries(Object.keys(new schema()).map((key) => [key, read(key)]));
  const present = Object.fromEntries(
    Object.entries(env).filter(([, value]) => value !== undefined && value !== ''),
  );
  const instance = plainToInstance(schema, present, { exposeDefaultValues: true });
  const errors = validateSync(instance, { forbidUnknownValues: true });
  if (errors.length > 0) throw new ConfigValidationError(errors.flatMap(describe(env)));
  return instance;
}

function describe(env: Environment) {
  return (error: ValidationError): string[] =>
    Object.values(error.constraints ?? {}).map(
      (constraint) => `${constraint} (got ${shownValue(error.property, env[error.property])})`,
    );
}
