import { Injectable } from '@nestjs/common';
import { Counter } from 'prom-client';
import { MetricsService } from '../core/metrics/metrics.service';

/** Why a key was refused: unknown or revoked, or not checked because its address guessed too often. */
export type KeyFailureReason = 'invalid' | 'throttled';

/** The API key metrics, on the app's Prometheus registry. */
@Injectable()
export class ApiKeyMetrics {
  private readonly failures: Counter<'reason'>;

  constructor(metrics: MetricsService) {
    this.failures = new Counter({
      name: 'toolhub_api_key_failures_total',
      help: 'Requests refused for their API key: invalid (unknown or revoked) or throttled',
      labelNames: ['reason'] as const,
      registers: [metrics.registry],
    });
  }

  failed(reason: KeyFailureReason): void {
    this.failures.inc({ reason });
  }
}
