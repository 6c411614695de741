import { UseGuards, applyDecorators } from '@nestjs/common';
import { ApiBearerAuth } from '@nestjs/swagger';
import { ApiErrorResponses } from '../core/http/api-error-responses.decorator';
import { TooManyKeyFailuresError, UnauthorizedError } from './api-key.errors';
import { ApiKeyGuard } from './api-key.guard';

/**
 * Every route of the decorated controller needs an API key (`@AdminOnly()` ones an admin
 * key); Swagger shows the lock.
 */
export function RequireApiKey(): ClassDecorator {
  return applyDecorators(
    UseGuards(ApiKeyGuard),
    ApiBearerAuth(),
    ApiErrorResponses(
      UnauthorizedError.missing(),
      UnauthorizedError.invalid(),
      new TooManyKeyFailuresError(42),
    ),
  );
}
