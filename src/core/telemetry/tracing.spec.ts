import { trace } from '@opentelemetry/api';
import {
  BasicTracerProvider,
  InMemorySpanExporter,
  SimpleSpanProcessor,
} from '@opentelemetry/sdk-trace-base';
import { contentAttribute, inSpan, traceIdOf, tracingRegistered } from './tracing';

describe('contentAttribute', () => {
  it('keeps small content whole, as JSON', () => {
    expect(contentAttribute([{ role: 'user', content: 'Hi' }])).toBe(
      '[{"role":"user","content":"Hi"}]',
    );
  });

  it('cuts a long string inside the content and says how long it was', () => {
    const image = 'A'.repeat(10_000);
    const shown = JSON.parse(contentAttribute({ data: image })) as { data: string };
    expect(shown.data.startsWith('A'.repeat(4096))).toBe(true);
    expect(shown.data.endsWith('… (10000 characters)')).toBe(true);
  });

  it('bounds the whole attribute however many messages there are', () => {
    const messages = Array.from({ length: 100 }, (_, i) => ({ content: `${i}`.repeat(2000) }));
    const shown = contentAttribute(messages);
    expect(shown.length).toBeLessThan(64 * 1024 + 100);
    expect(shown).toMatch(/… \(\d+ characters\)$/);
  });
});

describe('traceIdOf', () => {
  it('reads the trace id of a W3C traceparent', () => {
    expect(traceIdOf('00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01')).toBe(
      '4bf92f3577b34da6a3ce929d0e0e4736',
    );
    expect(traceIdOf(null)).toBeUndefined();
  });
});

describe('inSpan', () => {
  // Not reset between tests: `trace.disable()` gives the API a new provider proxy, which the
  // module's tracer, made at import, would never see.
  it('runs the work without recording anything while no tracer provider is registered', async () => {
    expect(tracingRegistered()).toBe(false);
    const answer = await inSpan('work', {}, (span) => Promise.resolve(span.isRecording()));
    expect(answer).toBe(false);
  });

  it('records the span once a provider is registered, and stops when it is removed', async () => {
    const exporter = new InMemorySpanExporter();
    trace.setGlobalTracerProvider(
      new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] }),
    );
    expect(tracingRegistered()).toBe(true);
    await expect(inSpan('work', {}, (span) => Promise.resolve(span.isRecording()))).resolves.toBe(
      true,
    );
    expect(exporter.getFinishedSpans().map((span) => span.name)).toEqual(['work']);
    trace.disable();
    expect(tracingRegistered()).toBe(false);
  });
});
