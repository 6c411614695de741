import { applyDecorators } from '@nestjs/common';
import { Transform } from 'class-transformer';
import { IsBoolean } from 'class-validator';

/**
 * An environment variable holding `true` or `false` (any case); anything else, `yes` or `1`
 * included, stays a string and fails validation rather than being guessed.
 */
export function BooleanVariable(): PropertyDecorator {
  return applyDecorators(
    Transform(({ value }: { value: unknown }) => {
      if (typeof value !== 'string') return value;
      const lower = value.trim().toLowerCase();
      return lower === 'true' ? true : lower === 'false' ? false : value;
    }),
    IsBoolean({ message: ({ property }) => `${property} must be true or false` }),
  );
}
