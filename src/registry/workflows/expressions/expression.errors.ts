import { DomainError } from '../../../core/errors';

/** Where an expression is wrong: the step (by key), its field, the character and why. */
export interface ExpressionProblem {
  step: string;
  field: string;
  /** The offset in the expression, from 0, of the character the problem starts at. */
  position: number;
  message: string;
}

/** A workflow refused when saved: expressions that do not parse, type or fit the limits. */
export class InvalidExpressionError extends DomainError {
  readonly code = 'INVALID_EXPRESSION';
  readonly status = 422;
  constructor(problems: readonly ExpressionProblem[]) {
    const told = problems.map((p) => `${p.step}.${p.field} at ${p.position}: ${p.message}`);
    super(`Invalid expressions: ${told.join('; ')}`, { invalid_expressions: problems });
  }
}

/**
 * An expression that failed while its step ran: a field missing, a division by zero, a
 * result of the wrong type or too large. It fails the step as any step failure does.
 */
export class ExpressionFailedError extends DomainError {
  readonly code = 'EXPRESSION_FAILED';
  readonly status = 422;
  constructor(message: string, position: number) {
    super(message, { position });
  }
}
