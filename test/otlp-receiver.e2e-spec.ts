/**
 * The test OTLP receiver (support/otlp-receiver.ts) reads what the official OpenTelemetry
 * exporters send, in both encodings: the telemetry suite's verdicts rest on its decoding.
 */
import {
  type Attributes as ApiAttributes,
  SpanKind,
  SpanStatusCode,
  context,
  trace,
} from '@opentelemetry/api';
import { OTLPMetricExporter as JsonMetricExporter } from '@opentelemetry/exporter-metrics-otlp-http';
import { OTLPMetricExporter as ProtobufMetricExporter } from '@opentelemetry/exporter-metrics-otlp-proto';
import { OTLPTraceExporter as JsonTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { OTLPTraceExporter as ProtobufTraceExporter } from '@opentelemetry/exporter-trace-otlp-proto';
import { resourceFromAttributes } from '@opentelemetry/resources';
import { MeterProvider, PeriodicExportingMetricReader } from '@opentelemetry/sdk-metrics';
import { BasicTracerProvider, SimpleSpanProcessor } from '@opentelemetry/sdk-trace-base';
import {
  type OtlpReceiver,
  SPAN_KIND,
  STATUS_CODE,
  startOtlpReceiver,
} from './support/otlp-receiver';

const ATTRIBUTES: ApiAttributes = {
  'gen_ai.operation.name': 'chat',
  'gen_ai.usage.input_tokens': 31,
  'gen_ai.request.temperature': 0.25,
  'toolhub.flag': true,
  'gen_ai.response.finish_reasons': ['tool_use', 'end_turn'],
  'toolhub.big': 2 ** 40,
};

const ENCODINGS = [
  { encoding: 'http/json', Trace: JsonTraceExporter, Metric: JsonMetricExporter },
  { encoding: 'http/protobuf', Trace: ProtobufTraceExporter, Metric: ProtobufMetricExporter },
] as const;

describe.each(ENCODINGS)('The test OTLP receiver, sent $encoding', ({ Trace, Metric }) => {
  let receiver: OtlpReceiver;

  beforeAll(async () => {
    receiver = await startOtlpReceiver();
  });

  afterAll(async () => {
    await receiver.close();
  });

  test('decodes spans: ids, parent, name, kind, typed attributes, status and resource', async () => {
    const provider = new BasicTracerProvider({
      resource: resourceFromAttributes({ 'service.name': 'receiver-check' }),
      spanProcessors: [new SimpleSpanProcessor(new Trace({ url: `${receiver.url}/v1/traces` }))],
    });
    const tracer = provider.getTracer('receiver-check');
    const parent = tracer.startSpan('invoke_agent probe', { kind: SpanKind.INTERNAL });
    const { traceId, spanId } = parent.spanContext();
    const child = tracer.startSpan(
      'chat probe',
      { kind: SpanKind.CLIENT, attributes: ATTRIBUTES },
      trace.setSpan(context.active(), parent),
    );
    child.setStatus({ code: SpanStatusCode.ERROR, message: 'boom' });
    child.end();
    parent.end();
    await provider.forceFlush();
    await provider.shutdown();

    const spans = await receiver.waitForSpans((all) => all.length === 2);
    const byName = new Map(spans.map((span) => [span.name, span]));
    expect(byName.get('invoke_agent probe')).toEqual({
      traceId,
      spanId,
      parentSpanId: undefined,
      name: 'invoke_agent probe',
      kind: SPAN_KIND.INTERNAL,
      attributes: {},
      status: { code: STATUS_CODE.UNSET },
      resource: expect.objectContaining({ 'service.name': 'receiver-check' }),
    });
    expect(byName.get('chat probe')).toMatchObject({
      traceId,
      parentSpanId: spanId,
      kind: SPAN_KIND.CLIENT,
      attributes: ATTRIBUTES,
      status: { code: STATUS_CODE.ERROR, message: 'boom' },
    });
    expect(traceId).toMatch(/^[0-9a-f]{32}$/);
  });

  test('decodes metrics: counters, histograms and their attributes', async () => {
    const reader = new PeriodicExportingMetricReader({
      exporter: new Metric({ url: `${receiver.url}/v1/metrics` }),
    });
    const provider = new MeterProvider({ readers: [reader] });
    const meter = provider.getMeter('receiver-check');
    meter.createCounter('probe.count').add(3, { kind: 'a' });
    const histogram = meter.createHistogram('gen_ai.client.token.usage');
    histogram.record(31, { 'gen_ai.token.type': 'input' });
    histogram.record(7, { 'gen_ai.token.type': 'output' });
    histogram.record(58, { 'gen_ai.token.type': 'input' });
    await provider.forceFlush();
    await provider.shutdown();

    const points = await receiver.waitForPoints((all) => all.length >= 3);
    expect(receiver.metricNames().sort()).toEqual(['gen_ai.client.token.usage', 'probe.count']);
    expect(points).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ metric: 'probe.count', attributes: { kind: 'a' }, value: 3 }),
        expect.objectContaining({
          metric: 'gen_ai.client.token.usage',
          attributes: { 'gen_ai.token.type': 'input' },
          count: 2,
          sum: 89,
        }),
        expect.objectContaining({
          metric: 'gen_ai.client.token.usage',
          attributes: { 'gen_ai.token.type': 'output' },
          count: 1,
          sum: 7,
        }),
      ]),
    );
  });
});
