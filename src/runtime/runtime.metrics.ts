import { Injectable } from '@nestjs/common';
import { Counter } from 'prom-client';
import { MetricsService } from '../core/metrics/metrics.service';

/** The runtime's own series, registered into the app's Prometheus registry. */
@Injectable()
export class RuntimeMetrics {
  readonly runsStarted: Counter<'provider'>;
  readonly runsFinished: Counter<'status'>;

  constructor(metrics: MetricsService) {
    const registers = [metrics.registry];
    this.runsStarted = new Counter({
      name: 'toolhub_runs_started_total',
      help: 'Agent runs started, by model provider',
      labelNames: ['provider'] as const,
      registers,
    });
    this.runsFinished = new Counter({
      name: 'toolhub_runs_finished_total',
      help: 'Agent runs finished, by final status',
      labelNames: ['status'] as const,
      registers,
    });
  }
}
