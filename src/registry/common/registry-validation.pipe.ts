import { type ArgumentMetadata, Injectable, ValidationPipe } from '@nestjs/common';
import { type ValidationError } from 'class-validator';
import { type FieldIssue, ValidationFailedError } from './registry.errors';

/**
 * Validates `/api/v1` bodies and queries against their DTOs: unknown fields are refused (a typo
 * must not be silently ignored) and every problem is reported as a 422 with field details.
 */
@Injectable()
export class RegistryValidationPipe extends ValidationPipe {
  constructor() {
    super({
      transform: true,
      whitelist: true,
      forbidNonWhitelisted: true,
      exceptionFactory: (errors) => new ValidationFailedError(errors.flatMap(issuesOf(''))),
    });
  }

  override async transform(value: unknown, metadata: ArgumentMetadata): Promise<unknown> {
    // No body at all is an empty object: the DTO then names each required field.
    if (metadata.type === 'body' && value === undefined) value = {};
    if (metadata.type === 'body' && !isPlainObject(value)) {
      throw new ValidationFailedError([{ field: '', messages: ['body must be a JSON object'] }]);
    }
    return super.transform(value, metadata);
  }
}

function issuesOf(parent: string) {
  return (error: ValidationError): FieldIssue[] => {
    const field = parent ? `${parent}.${error.property}` : error.property;
    const own = Object.values(error.constraints ?? {});
    const nested = (error.children ?? []).flatMap(issuesOf(field));
    return own.length > 0 ? [{ field, messages: own }, ...nested] : nested;
  };
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
