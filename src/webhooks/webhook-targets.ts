import { Injectable } from '@nestjs/common';
import { OutboundPolicy } from '../tools/outbound/outbound-policy';
import { WebhookUrlForbiddenError, WebhookUrlInvalidError } from './webhooks.errors';

/** Longest `webhook_url` taken; receivers' URLs are short. */
export const WEBHOOK_URL_MAX_LENGTH = 2048;

/**
 * Checks a `webhook_url` when a run starts, before anything is stored: an absolute http(s) URL
 * without credentials, whose host as written is permitted by the outbound policy of tools. No
 * name is resolved here; deliveries check what a name resolves to when they connect.
 */
@Injectable()
export class WebhookTargets {
  constructor(private readonly policy: OutboundPolicy) {}

  /** Throws the 422 domain error that says what is wrong with `url`. */
  check(url: string): void {
    if (url.length > WEBHOOK_URL_MAX_LENGTH) {
      throw new WebhookUrlInvalidError(`must be at most ${WEBHOOK_URL_MAX_LENGTH} characters`);
    }
    const parsed = URL.canParse(url) ? new URL(url) : undefined;
    if (!parsed || !['http:', 'https:'].includes(parsed.protocol)) {
      throw new WebhookUrlInvalidError('must be an absolute http:// or https:// URL');
    }
    if (parsed.username !== '' || parsed.password !== '') {
      throw new WebhookUrlInvalidError('must not contain credentials (user:password@)');
    }
    const refusal = this.policy.literalRefusalOf(parsed.hostname);
    if (refusal) throw new WebhookUrlForbiddenError(parsed.hostname, refusal);
  }
}
