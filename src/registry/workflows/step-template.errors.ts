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

/**
 * Step input templates refused at registration: bad syntax, or a path reading a step that does
 * not run before the step. The code is the one of step ids that name nothing, as both are
 * references the steps cannot make; each problem names the step, the place in its input and
 * the path.
 */
export class InvalidStepTemplatesError extends DomainError {
  readonly code = 'INVALID_STEP_REFERENCES';
  readonly status = 422;
  constructor(problems: readonly string[]) {
    super(`Invalid step templates: ${problems.join('; ')}`, { invalid_step_templates: problems });
  }
}
