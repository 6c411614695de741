import { DomainError } from '../../core/errors';

/** A step's input template that cannot be rendered: a path it reads resolves to nothing. */
export class TemplateError extends DomainError {
  readonly code = 'TEMPLATE_ERROR';
  readonly status = 422;
  constructor(
    /** The path as written between the braces (the whole template string for bad syntax). */
    readonly path: string,
    message: string,
  ) {
    super(message, { path });
  }
}
