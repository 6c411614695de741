import { DomainError } from '../core/errors';

/** A `webhook_url` that is no absolute http(s) URL, or carries credentials. */
export class WebhookUrlInvalidError extends DomainError {
  readonly code = 'WEBHOOK_URL_INVALID';
  readonly status = 422;
  constructor(reason: string) {
    super(`webhook_url ${reason}`, { field: 'webhook_url' });
  }
}

/**
 * A `webhook_url` whose host, as written, is an address webhooks may not reach (loopback,
 * private, link-local…), the same addresses tools may not reach unless `TOOL_URL_ALLOW` opens
 * them. A name that resolves to such an address is refused when the delivery connects.
 */
export class WebhookUrlForbiddenError extends DomainError {
  readonly code = 'WEBHOOK_URL_FORBIDDEN';
  readonly status = 422;
  constructor(host: string, kind: string) {
    super(
      `webhook_url must not point at ${host} (${kind} address); webhooks reach such addresses ` +
        'only where TOOL_URL_ALLOW allows them',
      { field: 'webhook_url', host },
    );
  }
}
