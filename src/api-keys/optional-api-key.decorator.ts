import { applyDecorators } from '@nestjs/common';
import { ApiSecurity } from '@nestjs/swagger';
import { type SecurityRequirementObject } from '@nestjs/swagger/dist/interfaces/open-api-spec.interface';
import { TooManyKeyFailuresError, UnauthorizedError } from './api-key.errors';

/** OpenAPI's "no key, or the bearer key". */
export const OPTIONAL_KEY_SECURITY: SecurityRequirementObject[] = [{}, { bearer: [] }];

/**
 * What a route that takes an optional key answers for a bad one: an invalid key is refused
 * there too, so a misconfigured client does not silently get less; guessing is throttled.
 */
export const OPTIONAL_KEY_ERRORS = [UnauthorizedError.invalid(), new TooManyKeyFailuresError(42)];

/**
 * Documents routes that serve callers without a key, and more to callers with one (identified
 * before the body is read: see `ApiKeyAuthenticator.identifyBeforeBody`).
 */
export function OptionalApiKey(): ClassDecorator {
  return applyDecorators(...OPTIONAL_KEY_SECURITY.map((requirement) => ApiSecurity(requirement)));
}
