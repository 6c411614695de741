import { applyDecorators } from '@nestjs/common';
import { Transform } from 'class-transformer';
import { IsInt } from 'class-validator';

/**
 * An environment variable holding a whole number written in plain digits. `Number()` would
 * read ' ' as 0, '1e3' as 1000 and '0x50' as 80; those stay strings here and fail validation.
 */
export function IntegerVariable(): PropertyDecorator {
  return applyDecorators(
    Transform(({ value }: { value: unknown }) =>
      typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : value,
    ),
    IsInt({ message: ({ property }) => `${property} must be a whole number` }),
  );
}
