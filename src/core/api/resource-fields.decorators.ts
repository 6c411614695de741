import { applyDecorators } from '@nestjs/common';
import { ApiProperty } from '@nestjs/swagger';
import { IsString, Matches, MaxLength } from 'class-validator';
import { Omittable } from '../validation/omittable.decorator';

// The Swagger plugin only sees validators applied directly, so the limits are documented here.

/** An agent's or workflow's unique name: 1-200 characters, not only blanks. */
export function IsResourceName(): PropertyDecorator {
  return applyDecorators(
    ApiProperty({ minLength: 1, maxLength: 200 }),
    IsString(),
    Matches(/\S/, { message: '$property must not be blank' }),
    MaxLength(200),
  );
}

/** A free-text description; may be left out (stored as ''), never null. */
export function IsResourceDescription(): PropertyDecorator {
  return applyDecorators(
    ApiProperty({ maxLength: 10_000 }),
    Omittable(),
    IsString(),
    MaxLength(10_000),
  );
}
