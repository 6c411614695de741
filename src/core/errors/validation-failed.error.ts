import { DomainError } from './domain-error';

/** One field's problems in a request body or query. */
export interface FieldIssue {
  /** Dotted path of the field (`model_config.provider`); '' for the body itself. */
  field: string;
  messages: string[];
}

/** A request body or query that breaks the API's rules; details name every field. */
export class ValidationFailedError extends DomainError {
  readonly code = 'VALIDATION_ERROR';
  readonly status = 422;
  constructor(readonly issues: readonly FieldIssue[]) {
    super(`Request validation failed: ${issues.map((i) => i.field || 'body').join(', ')}`, issues);
  }
}
