import { SetMetadata, applyDecorators } from '@nestjs/common';
import { ApiErrorResponses } from '../core/http/api-error-responses.decorator';
import { AdminRequiredError } from './api-key.errors';

export const ADMIN_ONLY = 'toolhub:adminOnly';

/**
 * The route (or every route of the controller) changes what all keys share, the registry or
 * the keys themselves: it needs an `admin` key, and a `member` key gets `403 FORBIDDEN`. Only
 * on routes behind `RequireApiKey()`, whose guard enforces it.
 */
export function AdminOnly(): MethodDecorator & ClassDecorator {
  return applyDecorators(
    SetMetadata(ADMIN_ONLY, true),
    ApiErrorResponses(new AdminRequiredError()),
  );
}
