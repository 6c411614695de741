import { type DomainError, ValidationFailedError } from '../../core/errors';

/** A refusal as one line: a validation failure's own messages rather than its summary. */
export function refusalReasonOf(problem: DomainError): string {
  return problem instanceof ValidationFailedError
    ? problem.issues.flatMap((issue) => issue.messages).join('; ')
    : problem.message;
}
