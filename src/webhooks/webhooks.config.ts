import { Max, Min, ValidateBy, ValidateIf } from 'class-validator';
import { Describe, IntegerVariable, VariableGroup } from '../core/config';
import { WEBHOOK_SECRET_FORM, parseWebhookSecret } from './webhook-secret-text';

/** The environment variables of webhooks: signing, retries, time limits. */
@VariableGroup('Webhooks')
export class WebhooksConfig {
  @Describe(
    'Secret that signs webhooks (Standard Webhooks), `whsec_` and 24 to 64 random bytes in base64; the same on every instance',
    {
      unset:
        'generated once: `<DATA_DIR>/webhook-secret`; with `DATABASE_URL`, kept sealed in the database and copied to that file on every instance',
    },
  )
  @ValidateIf((config: WebhooksConfig) => config.WEBHOOK_SECRET !== '')
  @ValidateBy({
    name: 'isWebhookSecret',
    validator: {
      validate: (value: unknown) => typeof value === 'string' && !!parseWebhookSecret(value),
      defaultMessage: () => `WEBHOOK_SECRET must be ${WEBHOOK_SECRET_FORM}`,
    },
  })
  WEBHOOK_SECRET = '';

  @Describe('Attempts of one delivery before it is given up as `failed` (1–100)')
  @IntegerVariable()
  @Min(1)
  @Max(100)
  WEBHOOK_MAX_ATTEMPTS = 8;

  @Describe(
    'Delay before the first retry of a failed delivery, in milliseconds; doubled for each further one (with jitter), at most 10 minutes',
  )
  @IntegerVariable()
  @Min(10)
  @Max(600_000)
  WEBHOOK_RETRY_BASE_MS = 1000;

  @Describe('Seconds one delivery attempt may take (connecting, sending, the answer) (1–300)')
  @IntegerVariable()
  @Min(1)
  @Max(300)
  WEBHOOK_TIMEOUT_SECONDS = 10;
}
