import { applyDecorators } from '@nestjs/common';
import { IsObject, ValidateBy } from 'class-validator';
import { Omittable } from '../../../../core/validation/omittable.decorator';

/** A portable variable name: what every shell and `process.env` reads back unchanged. */
const VARIABLE_NAME = /^[A-Za-z_][A-Za-z0-9_]{0,127}$/;
/** Enough for any server's settings; a bound on what one source makes every start copy. */
const MAX_VARIABLES = 100;
const MAX_VALUE_LENGTH = 32_768;

function isEnvironment(value: unknown): boolean {
  if (typeof value !== 'object' || value === null) return false;
  const entries = Object.entries(value);
  return (
    entries.length <= MAX_VARIABLES &&
    entries.every(
      ([name, text]) =>
        VARIABLE_NAME.test(name) &&
        typeof text === 'string' &&
        text.length <= MAX_VALUE_LENGTH &&
        // A NUL cannot be passed to a process: the variable would be cut or refused.
        !text.includes('\0'),
    )
  );
}

/** An optional field of environment variables (`env`, `secret_env`): left out, not null. */
export function IsOptionalEnvironment(): PropertyDecorator {
  return applyDecorators(
    Omittable(),
    IsObject(),
    ValidateBy({
      name: 'isEnvironment',
      validator: {
        validate: isEnvironment,
        defaultMessage: () =>
          `$property must map at most ${MAX_VARIABLES} variable names ([A-Za-z_][A-Za-z0-9_]*) to strings without NUL`,
      },
    }),
  );
}
