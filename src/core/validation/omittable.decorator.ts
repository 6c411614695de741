import { ValidateIf, type ValidationOptions } from 'class-validator';

/**
 * The field may be left out, but `null` is validated (and so refused) like any other value:
 * unlike `@IsOptional()`, which would let `null` through to a NOT NULL column in an update.
 */
export function Omittable(options?: ValidationOptions): PropertyDecorator {
  return ValidateIf((_object, value) => value !== undefined, options);
}
