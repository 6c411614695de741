import { Module } from '@nestjs/common';
import { DataDirectoryConfig, provideFeatureConfig } from '../core/config';
import { DATABASE } from '../database/database';
import { DatabaseConfig } from '../database/database.config';
import { JobsModule } from '../jobs/jobs.module';
import { SecretBox } from '../secrets/secret-box';
import { SecretsModule } from '../secrets/secrets.module';
import { OutboundConfig } from '../tools/outbound/outbound.config';
import { OutboundPolicy } from '../tools/outbound/outbound-policy';
import { WebhookDeliveriesRepository } from './webhook-deliveries.repository';
import { WebhookDeliveriesWorker } from './webhook-deliveries.worker';
import { WebhookOutbox } from './webhook-outbox';
import { WebhookSender } from './webhook-sender';
import { WebhookSigningSecret, resolveWebhookSecret } from './webhook-signing-secret';
import { WebhookTargets } from './webhook-targets';
import { WebhooksConfig } from './webhooks.config';

/**
 * Signed webhooks about runs (and, for the A2A layer, its push notifications): `WebhookTargets` checks a `webhook_url` when a run starts,
 * `WebhookOutbox` records a notice in the transaction of the change, and the worker delivers it
 * through the job queue, retrying with backoff.
 */
@Module({
  imports: [JobsModule, SecretsModule],
  providers: [
    provideFeatureConfig(WebhooksConfig),
    provideFeatureConfig(OutboundConfig),
    {
      provide: OutboundPolicy,
      inject: [OutboundConfig],
      useFactory: (config: OutboundConfig) => OutboundPolicy.allowing(config.TOOL_URL_ALLOW),
    },
    {
      provide: WebhookSigningSecret,
      inject: [WebhooksConfig, DatabaseConfig, DataDirectoryConfig, DATABASE, SecretBox],
      useFactory: resolveWebhookSecret,
    },
    {
      provide: WebhookSender,
      inject: [OutboundPolicy, WebhookSigningSecret, WebhooksConfig, SecretBox],
      useFactory: (
        policy: OutboundPolicy,
        signing: WebhookSigningSecret,
        config: WebhooksConfig,
        box: SecretBox,
      ) => new WebhookSender(policy, signing.secret, config.WEBHOOK_TIMEOUT_SECONDS * 1000, box),
    },
    WebhookDeliveriesRepository,
    WebhookOutbox,
    WebhookTargets,
    WebhookDeliveriesWorker,
  ],
  exports: [WebhookOutbox, WebhookTargets],
})
export class WebhooksModule {}
