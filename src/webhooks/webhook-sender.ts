import { type OnApplicationShutdown } from '@nestjs/common';
import { Webhook } from 'standardwebhooks';
import { type SecretBox } from '../secrets/secret-box';
import { GuardedFetch } from '../tools/outbound/guarded-connector';
import { ToolUrlForbiddenError } from '../tools/outbound/outbound.errors';
import { type OutboundPolicy } from '../tools/outbound/outbound-policy';
import { type WebhookDeliveryRow } from './webhook-deliveries.repository';

/** How one attempt went: delivered, worth another attempt, or refused for good. */
export type AttemptOutcome =
  { kind: 'delivered' } | { kind: 'retry'; error: string } | { kind: 'refused'; error: string };

/**
 * Posts a delivery's body, signed per Standard Webhooks (`webhook-id`, `webhook-timestamp`,
 * `webhook-signature: v1,<base64 HMAC-SHA256>`), through a connector that applies the tools'
 * outbound policy to the very address it connects to: a name that resolves to a forbidden
 * address is refused there. Redirects are not followed: a 3xx is an answer that is not 2xx.
 */
export class WebhookSender implements OnApplicationShutdown {
  private readonly guarded: GuardedFetch;
  private readonly signer: Webhook;

  constructor(
    policy: OutboundPolicy,
    secret: string,
    private readonly timeoutMs: number,
    private readonly box: SecretBox,
  ) {
    this.guarded = new GuardedFetch(policy);
    this.signer = new Webhook(secret);
  }

  async attempt(
    delivery: Pick<WebhookDeliveryRow, 'id' | 'url' | 'body' | 'content_type' | 'sealed_headers'>,
  ): Promise<AttemptOutcome> {
    // Signed at each attempt: receivers refuse a timestamp minutes old, the id stays the same.
    const now = new Date();
    try {
      const response = await this.guarded.fetch(delivery.url, {
        method: 'POST',
        headers: {
          // The receiver's own headers first: they cannot replace the signature's.
          ...(delivery.sealed_headers && headersOf(this.box.open(delivery.sealed_headers))),
          'content-type': delivery.content_type,
          'user-agent': 'toolhub-webhooks',
          'webhook-id': delivery.id,
          'webhook-timestamp': String(Math.floor(now.getTime() / 1000)),
          'webhook-signature': this.signer.sign(delivery.id, now, delivery.body),
        },
        body: delivery.body,
        redirect: 'manual',
        signal: AbortSignal.timeout(this.timeoutMs),
      });
      // Only the status matters; the body is not read.
      await response.body?.cancel();
      if (response.status >= 200 && response.status < 300) return { kind: 'delivered' };
      return { kind: 'retry', error: `the receiver answered HTTP ${response.status}` };
    } catch (error) {
      return failureOf(error, this.timeoutMs);
    }
  }

  async onApplicationShutdown(): Promise<void> {
    await this.guarded.close();
  }
}

function headersOf(json: string): Record<string, string> {
  return JSON.parse(json) as Record<string, string>;
}

function failureOf(error: unknown, timeoutMs: number): AttemptOutcome {
  // undici reports a failed connection as "fetch failed", with the reason as its cause.
  const cause = error instanceof Error ? error.cause : undefined;
  if (cause instanceof ToolUrlForbiddenError) {
    return { kind: 'refused', error: cause.message.replace(/^Tool URL host/, 'The host') };
  }
  if (error instanceof DOMException && error.name === 'TimeoutError') {
    return { kind: 'retry', error: `no answer within ${timeoutMs / 1000} s` };
  }
  const code = (cause as { code?: unknown } | undefined)?.code;
  const reason = typeof code === 'string' ? code : ((cause ?? error) as Error).message;
  return { kind: 'retry', error: `the connection failed: ${reason}` };
}
