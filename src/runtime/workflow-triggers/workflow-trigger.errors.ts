import { DomainError } from '../../core/errors';

/** A trigger that does not exist; to a delivery, a disabled one does not either. */
export class WorkflowTriggerNotFoundError extends DomainError {
  readonly code = 'TRIGGER_NOT_FOUND';
  readonly status = 404;
  constructor(id: string) {
    super(`Trigger with id '${id}' not found`);
  }
}

/** A webhook delivery whose signature or timestamp does not hold; nothing ran. */
export class WebhookSignatureError extends DomainError {
  readonly code = 'INVALID_SIGNATURE';
  readonly status = 401;
  constructor(reason: string) {
    super(`The delivery is not signed with this trigger's secret: ${reason}`);
  }
}

/** A trigger's input template with bad syntax or a path outside the delivery. */
export class InvalidTriggerInputError extends DomainError {
  readonly code = 'INVALID_TRIGGER_INPUT';
  readonly status = 422;
  constructor(problems: readonly string[]) {
    super(`Invalid input template: ${problems.join('; ')}`, { problems });
  }
}

/** A schedule whose cron expression or time zone cannot be read; nothing was saved. */
export class InvalidScheduleError extends DomainError {
  readonly code = 'INVALID_SCHEDULE';
  readonly status = 422;
  constructor(reason: string) {
    super(`Invalid schedule: ${reason}`);
  }
}
