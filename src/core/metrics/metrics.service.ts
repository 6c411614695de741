import { Injectable } from '@nestjs/common';
import { Counter, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

/**
 * The Prometheus registry and the metrics of the tool service: invocations by endpoint and by tool,
 * errors by code, and request latency (from which p50/p95/p99 are derived).
 */
@Injectable()
export class MetricsService {
  readonly registry = new Registry();

  /** Its `_count` series are the request counts by method, route pattern and status. */
  readonly httpDuration = new Histogram({
    name: 'toolhub_http_request_duration_seconds',
    help: 'HTTP request latency by method, route pattern and status code',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
    registers: [this.registry],
  });

  readonly toolInvocations = new Counter({
    name: 'toolhub_tool_invocations_total',
    help: 'Tool invocations by tool, transport and outcome (ok or the error code)',
    labelNames: ['tool', 'transport', 'outcome'] as const,
    registers: [this.registry],
  });

  readonly errors = new Counter({
    name: 'toolhub_errors_total',
    help: 'Error responses by error code',
    labelNames: ['code'] as const,
    registers: [this.registry],
  });

  // Resolving label values to a series costs more than the observation itself; there are few
  // distinct combinations (route patterns, not paths), so the series are kept.
  private readonly httpSeries = new Map<
    string,
    Histogram.Internal<'method' | 'route' | 'status'>
  >();

  constructor() {
    collectDefaultMetrics({ register: this.registry, prefix: 'toolhub_' });
  }

  observeHttpRequest(method: string, route: string, status: number, seconds: number): void {
    const key = `${method} ${route} ${status}`;
    let series = this.httpSeries.get(key);
    if (!series) {
      series = this.httpDuration.labels(method, route, String(status));
      this.httpSeries.set(key, series);
    }
    series.observe(seconds);
  }
}
