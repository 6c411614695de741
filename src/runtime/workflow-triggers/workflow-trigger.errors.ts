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

/**
 * A webhook delivery past its trigger's deliveries per minute: nothing ran. The headers say
 * when to send it again (`Retry-After`, and the IETF RateLimit header fields), which senders
 * following Standard Webhooks' retry schedule do on their own.
 */
export class TriggerRateLimitedError extends DomainError {
  readonly code = 'TRIGGER_RATE_LIMITED';
  readonly status = 429;

  constructor(
    private readonly limit: number,
    private readonly retryAfterSeconds: number,
  ) {
    super(
      `The trigger starts at most ${limit} runs per minute; send the delivery again in ${retryAfterSeconds} seconds`,
      { limit, retry_after: retryAfterSeconds },
    );
  }

  override headers(): Record<string, string> {
    const policy = '"trigger"';
    return {
      'Retry-After': String(this.retryAfterSeconds),
      'RateLimit-Policy': `${policy};q=${this.limit};w=60`,
      RateLimit: `${policy};r=0;t=${this.retryAfterSeconds}`,
    };
  }
}
