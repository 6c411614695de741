import { Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import { Transactions } from '../database/transactions';
import { type Job, JobQueue } from '../jobs/job-queue';
import { retryDelayMs } from './retry-delay';
import { WebhookDeliveriesRepository } from './webhook-deliveries.repository';
import { WEBHOOK_DELIVERY_QUEUE, type WebhookDeliveryJob } from './webhook-outbox';
import { WebhookSender } from './webhook-sender';
import { WebhooksConfig } from './webhooks.config';

/**
 * Attempts deliveries, one queue job per attempt. A failed attempt (an answer other than 2xx, a
 * time-out, a failed connection) is recorded with the next attempt's job, in one transaction,
 * due after an exponential delay, until `WEBHOOK_MAX_ATTEMPTS`; an address the outbound policy
 * refuses is recorded and not tried again. Each delivery's jobs run one at a time across
 * instances (the queue's `singleton` policy on the delivery's id).
 */
@Injectable()
export class WebhookDeliveriesWorker implements OnModuleInit {
  private readonly logger = new Logger('Webhooks');

  constructor(
    private readonly jobs: JobQueue,
    private readonly deliveries: WebhookDeliveriesRepository,
    private readonly sender: WebhookSender,
    private readonly transactions: Transactions,
    private readonly config: WebhooksConfig,
  ) {}

  async onModuleInit(): Promise<void> {
    await this.jobs.work<WebhookDeliveryJob>(WEBHOOK_DELIVERY_QUEUE, (job) => this.attempt(job), {
      policy: 'singleton',
      // These retries are the queue's, for an attempt cut off (a crash, a shutdown, a database
      // error); a receiver's failures are retried by the next attempt's job instead.
      retryLimit: 5,
      retryDelaySeconds: 5,
      retryBackoff: true,
      expireInSeconds: this.config.WEBHOOK_TIMEOUT_SECONDS + 60,
    });
  }

  private async attempt({ data }: Job<WebhookDeliveryJob>): Promise<void> {
    const delivery = await this.deliveries.find(data.deliveryId);
    // Delivered or given up already: a job run again after its attempt was recorded.
    if (delivery?.status !== 'pending') return;
    const outcome = await this.sender.attempt(delivery);
    const attempt = delivery.attempts + 1;
    if (outcome.kind === 'delivered') {
      await this.deliveries.recordAttempt(delivery.id, delivery.attempts, {
        status: 'delivered',
        lastError: null,
      });
      return;
    }
    const givingUp = outcome.kind === 'refused' || attempt >= this.config.WEBHOOK_MAX_ATTEMPTS;
    this.logger.warn(
      { deliveryId: delivery.id, attempt, error: outcome.error },
      givingUp ? 'Webhook delivery failed for good' : 'Webhook delivery attempt failed',
    );
    await this.transactions.run(async () => {
      const recorded = await this.deliveries.recordAttempt(delivery.id, delivery.attempts, {
        status: givingUp ? 'failed' : 'pending',
        lastError: outcome.error,
      });
      if (!recorded || givingUp) return;
      const delay = retryDelayMs(attempt, this.config.WEBHOOK_RETRY_BASE_MS);
      await this.jobs.send<WebhookDeliveryJob>(
        WEBHOOK_DELIVERY_QUEUE,
        { deliveryId: delivery.id },
        { singletonKey: delivery.id, startAfter: new Date(Date.now() + delay) },
      );
    });
  }
}
