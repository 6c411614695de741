import { DomainError } from '../../../../core/errors';

/**
 * An OpenAPI source's document that cannot be imported: it does not parse, is not OpenAPI 3.0
 * or 3.1, or its operations cannot become tools (a `$ref` that does not resolve or refers to
 * itself, too many operations, a schema too large). 422: the request names a document toolhub
 * cannot use; the message says what is wrong and, where it can, where.
 */
export class InvalidSourceDocumentError extends DomainError {
  readonly code = 'INVALID_SOURCE_DOCUMENT';
  readonly status = 422;
  constructor(problem: string, where?: string) {
    super(`The OpenAPI document cannot be imported: ${problem}`, where ? { at: where } : undefined);
  }
}
