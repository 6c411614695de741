/**
 * A real OTLP/HTTP receiver on loopback, standing in for an OpenTelemetry Collector: it accepts
 * `POST /v1/traces` and `POST /v1/metrics` in either encoding (`http/json`, `http/protobuf`,
 * gzip or not), answers 200 with an empty export response, and keeps what it received as plain
 * spans and metric points that tests can wait on.
 */
import { type IncomingMessage, type ServerResponse, createServer } from 'node:http';
import { type AddressInfo } from 'node:net';
import { gunzipSync } from 'node:zlib';
import { decodeMetricsProtobuf, decodeTracesProtobuf } from './otlp-protobuf';

export type AttributeValue =
  string | number | boolean | null | AttributeValue[] | { [key: string]: AttributeValue };

export type Attributes = Record<string, AttributeValue>;

/** `SpanKind` as OTLP numbers it. */
export const SPAN_KIND = { INTERNAL: 1, SERVER: 2, CLIENT: 3, PRODUCER: 4, CONSUMER: 5 } as const;
/** `Status.code` as OTLP numbers it. */
export const STATUS_CODE = { UNSET: 0, OK: 1, ERROR: 2 } as const;

export interface ReceivedSpan {
  /** 32 lower-case hex characters. */
  traceId: string;
  /** 16 lower-case hex characters. */
  spanId: string;
  /** Undefined for a root span. */
  parentSpanId?: string;
  name: string;
  kind: number;
  attributes: Attributes;
  status: { code: number; message?: string };
  /** The attributes of the resource that sent it (`service.name`, ...). */
  resource: Attributes;
}

/** One data point of a metric: a sum or gauge's `value`, a histogram's `count` and `sum`. */
export interface ReceivedPoint {
  metric: string;
  attributes: Attributes;
  value?: number;
  count?: number;
  sum?: number;
}

export interface OtlpReceiver {
  /** The base URL to give as `OTEL_EXPORTER_OTLP_ENDPOINT`. */
  url: string;
  /** Every span received so far, in arrival order. */
  spans(): ReceivedSpan[];
  /** Every metric data point received so far, in arrival order. */
  points(): ReceivedPoint[];
  /** The distinct names of the metrics received so far. */
  metricNames(): string[];
  /** How many export requests arrived, whatever they held. */
  exportCount(): number;
  /**
   * Resolves with the spans once they satisfy `predicate` (at once if they already do),
   * checking again on every export; rejects after `withinMs`, naming the spans received.
   */
  waitForSpans(
    predicate: (spans: ReceivedSpan[]) => boolean,
    withinMs?: number,
  ): Promise<ReceivedSpan[]>;
  /** `waitForSpans` for metric points. */
  waitForPoints(
    predicate: (points: ReceivedPoint[]) => boolean,
    withinMs?: number,
  ): Promise<ReceivedPoint[]>;
  close(): Promise<void>;
}

/** Only bounds a failure: exports come every few hundred milliseconds when all goes well. */
const DEFAULT_WAIT_MS = 15_000;

interface Waiter {
  isMet(): boolean;
  resolve(): void;
}

export async function startOtlpReceiver(): Promise<OtlpReceiver> {
  const spans: ReceivedSpan[] = [];
  const points: ReceivedPoint[] = [];
  const waiters = new Set<Waiter>();
  let exports = 0;

  const settleWaiters = () => {
    for (const waiter of [...waiters]) {
      if (!waiter.isMet()) continue;
      waiters.delete(waiter);
      waiter.resolve();
    }
  };

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      try {
        const request = decodeRequest(req, Buffer.concat(chunks));
        exports += 1;
        if (req.url === '/v1/traces') spans.push(...spansOf(request));
        else if (req.url === '/v1/metrics') points.push(...pointsOf(request));
        answer(res, req.url === '/v1/traces' || req.url === '/v1/metrics' ? 200 : 404, req);
        settleWaiters();
      } catch (error) {
        res.writeHead(400, { 'content-type': 'text/plain' }).end(String(error));
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  /** `caller` is left out of the failure's stack, so that it points at the test's line. */
  function waitFor<T>(
    items: T[],
    predicate: (items: T[]) => boolean,
    withinMs: number,
    describe: () => string,
    caller: (...args: never[]) => unknown,
  ): Promise<T[]> {
    if (predicate(items)) return Promise.resolve(items);
    const failure = new Error();
    Error.captureStackTrace(failure, caller);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        waiters.delete(waiter);
        failure.message = `not received within ${withinMs} ms; received: ${describe()}`;
        reject(failure);
      }, withinMs);
      const waiter: Waiter = {
        isMet: () => predicate(items),
        resolve: () => {
          clearTimeout(timer);
          resolve(items);
        },
      };
      waiters.add(waiter);
    });
  }

  const waitForSpans: OtlpReceiver['waitForSpans'] = (predicate, withinMs = DEFAULT_WAIT_MS) =>
    waitFor(
      spans,
      predicate,
      withinMs,
      () => JSON.stringify(spans.map(describeSpan)),
      waitForSpans,
    );

  const waitForPoints: OtlpReceiver['waitForPoints'] = (predicate, withinMs = DEFAULT_WAIT_MS) =>
    waitFor(
      points,
      predicate,
      withinMs,
      () => JSON.stringify(points.map(describePoint)),
      waitForPoints,
    );

  return {
    url: `http://127.0.0.1:${port}`,
    spans: () => spans,
    points: () => points,
    metricNames: () => [...new Set(points.map((point) => point.metric))],
    exportCount: () => exports,
    waitForSpans,
    waitForPoints,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

const describeSpan = (span: ReceivedSpan) =>
  `${span.name} (trace ${span.traceId}, run ${JSON.stringify(span.attributes['toolhub.run.id'] ?? null)})`;

const describePoint = ({ metric, attributes, value, count, sum }: ReceivedPoint) =>
  `${metric} ${JSON.stringify(attributes)} value=${value} count=${count} sum=${sum}`;

const isProtobuf = (req: IncomingMessage) =>
  (req.headers['content-type'] ?? '').startsWith('application/x-protobuf');

/** The export request in its OTLP JSON shape, whichever encoding it came in. */
function decodeRequest(req: IncomingMessage, body: Buffer): Record<string, unknown> {
  const bytes = req.headers['content-encoding'] === 'gzip' ? gunzipSync(body) : body;
  if (!isProtobuf(req)) return JSON.parse(bytes.toString('utf8')) as Record<string, unknown>;
  return req.url === '/v1/metrics' ? decodeMetricsProtobuf(bytes) : decodeTracesProtobuf(bytes);
}

/** An empty export response (full success) in the request's encoding. */
function answer(res: ServerResponse, status: number, req: IncomingMessage): void {
  if (isProtobuf(req)) res.writeHead(status, { 'content-type': 'application/x-protobuf' }).end();
  else res.writeHead(status, { 'content-type': 'application/json' }).end('{}');
}

// ---------------------------------------------------------------------------------------------
// The OTLP JSON shape, read loosely: absent lists are empty, ids may be empty strings.

type Json = Record<string, unknown>;

const list = (value: unknown): Json[] => (Array.isArray(value) ? (value as Json[]) : []);

/** Numbers the JSON encoding writes as strings (64-bit integers) as numbers. */
const numberOf = (value: unknown): number | undefined =>
  value === undefined || value === null ? undefined : Number(value);

function spansOf(request: Json): ReceivedSpan[] {
  return list(request.resourceSpans).flatMap((resourceSpans) => {
    const resource = attributesOf((resourceSpans.resource as Json | undefined)?.attributes);
    return list(resourceSpans.scopeSpans).flatMap((scopeSpans) =>
      list(scopeSpans.spans).map((span): ReceivedSpan => {
        const status = (span.status ?? {}) as Json;
        return {
          traceId: String(span.traceId),
          spanId: String(span.spanId),
          parentSpanId: (span.parentSpanId as string | undefined) || undefined,
          name: String(span.name),
          kind: numberOf(span.kind) ?? 0,
          attributes: attributesOf(span.attributes),
          status: {
            code: numberOf(status.code) ?? STATUS_CODE.UNSET,
            ...(status.message ? { message: status.message as string } : {}),
          },
          resource,
        };
      }),
    );
  });
}

function pointsOf(request: Json): ReceivedPoint[] {
  return list(request.resourceMetrics).flatMap((resourceMetrics) =>
    list(resourceMetrics.scopeMetrics).flatMap((scopeMetrics) =>
      list(scopeMetrics.metrics).flatMap((metric) => {
        const data = (metric.sum ??
          metric.gauge ??
          metric.histogram ??
          metric.exponentialHistogram ??
          {}) as Json;
        return list(data.dataPoints).map((point): ReceivedPoint => ({
          metric: String(metric.name),
          attributes: attributesOf(point.attributes),
          value: numberOf(point.asInt ?? point.asDouble),
          count: numberOf(point.count),
          sum: numberOf(point.sum),
        }));
      }),
    ),
  );
}

function attributesOf(keyValues: unknown): Attributes {
  return Object.fromEntries(
    list(keyValues).map((keyValue) => [String(keyValue.key), valueOf(keyValue.value)]),
  );
}

function valueOf(anyValue: unknown): AttributeValue {
  const value = (anyValue ?? {}) as Json;
  if ('stringValue' in value) return String(value.stringValue);
  if ('boolValue' in value) return Boolean(value.boolValue);
  if ('intValue' in value) return Number(value.intValue);
  if ('doubleValue' in value) return Number(value.doubleValue);
  if ('arrayValue' in value) return list((value.arrayValue as Json).values).map(valueOf);
  if ('kvlistValue' in value) return attributesOf((value.kvlistValue as Json).values);
  return null;
}
