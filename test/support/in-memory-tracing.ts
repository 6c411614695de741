import { context, propagation, trace } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import {
  CompositePropagator,
  W3CBaggagePropagator,
  W3CTraceContextPropagator,
} from '@opentelemetry/core';
import {
  BasicTracerProvider,
  type ReadableSpan,
  type SpanProcessor,
} from '@opentelemetry/sdk-trace-base';

type SpanMatch = (span: ReadableSpan) => boolean;

/**
 * Every span that starts and ends, kept in memory; `ended` waits for one instead of sleeping.
 */
export class RecordedSpans implements SpanProcessor {
  private spans: ReadableSpan[] = [];
  private starts: ReadableSpan[] = [];
  private waiting: { match: SpanMatch; resolve: (span: ReadableSpan) => void }[] = [];

  onStart(span: ReadableSpan): void {
    this.starts.push(span);
  }

  onEnd(span: ReadableSpan): void {
    this.spans.push(span);
    const found = this.waiting.filter(({ match }) => match(span));
    this.waiting = this.waiting.filter((waiter) => !found.includes(waiter));
    found.forEach(({ resolve }) => resolve(span));
  }

  /** The first span `match` accepts, as soon as it has ended. */
  ended(match: SpanMatch): Promise<ReadableSpan> {
    const span = this.spans.find(match);
    if (span) return Promise.resolve(span);
    return new Promise((resolve) => this.waiting.push({ match, resolve }));
  }

  /** The span named `name`, as soon as it has ended. */
  named(name: string): Promise<ReadableSpan> {
    return this.ended((span) => span.name === name);
  }

  /** The spans ended so far. */
  all(): readonly ReadableSpan[] {
    return this.spans;
  }

  /** The spans started so far, ended or not. */
  started(): readonly ReadableSpan[] {
    return this.starts;
  }

  clear(): void {
    this.spans = [];
    this.starts = [];
  }

  forceFlush(): Promise<void> {
    return Promise.resolve();
  }

  shutdown(): Promise<void> {
    return Promise.resolve();
  }
}

/**
 * Records the spans of the enclosing `describe`'s tests, as the SDK would with its defaults (the
 * async-local context, the W3C trace context and baggage propagators), through the API's
 * globals. They are unregistered after the tests, so no other suite the Jest worker runs next
 * records spans; keep such suites in files of their own all the same.
 */
export function useInMemoryTracing(): RecordedSpans {
  const spans = new RecordedSpans();
  const provider = new BasicTracerProvider({ spanProcessors: [spans] });
  const contextManager = new AsyncLocalStorageContextManager();
  beforeAll(() => {
    context.setGlobalContextManager(contextManager.enable());
    propagation.setGlobalPropagator(
      new CompositePropagator({
        propagators: [new W3CTraceContextPropagator(), new W3CBaggagePropagator()],
      }),
    );
    trace.setGlobalTracerProvider(provider);
  });
  afterEach(() => spans.clear());
  afterAll(async () => {
    trace.disable();
    propagation.disable();
    context.disable();
    await provider.shutdown();
  });
  return spans;
}

/** A W3C `traceparent` of a sampled remote span, for a client that propagates its trace. */
export function remoteTraceParent(traceId: string, spanId: string): string {
  return `00-${traceId}-${spanId}-01`;
}
