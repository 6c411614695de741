import { Controller, UsePipes, applyDecorators } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { RequireApiKey } from './require-api-key.decorator';
import {
  type DomainError,
  PayloadTooLargeError,
  UnprocessableJsonError,
  ValidationFailedError,
} from '../core/errors';
import { ApiErrorResponses } from '../core/http/api-error-responses.decorator';
import { MalformedBodyAs422 } from '../core/http/route-catalog.service';
import { ApiValidationPipe } from '../core/api/api-validation.pipe';

/**
 * A controller of the registry API at `/api/v1/<path>`: API key required, bodies and queries
 * validated with 422 answers (malformed JSON included), a body over the parser limit refused
 * with 413, all documented in Swagger.
 */
export function ApiV1Controller(path: string, tag: string): ClassDecorator {
  return applyDecorators(
    Controller(`api/v1/${path}`),
    ApiTags(tag),
    RequireApiKey(),
    UsePipes(ApiValidationPipe),
    MalformedBodyAs422(),
    ApiErrorResponses(...API_V1_INPUT_ERRORS, new PayloadTooLargeError(1024 * 1024)),
  );
}

/**
 * The 422s every `/api/v1` operation can answer. An operation documenting 422s of its own
 * replaces these (one response per status), so it lists them too.
 */
export const API_V1_INPUT_ERRORS: readonly DomainError[] = [
  new ValidationFailedError([{ field: 'name', messages: ['name must be a string'] }]),
  new UnprocessableJsonError("Expected property name or '}' in JSON at position 1"),
];
