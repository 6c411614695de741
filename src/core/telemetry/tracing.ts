import {
  type Attributes,
  type Context,
  INVALID_SPAN_CONTEXT,
  type Link,
  ProxyTracerProvider,
  type Span,
  type SpanOptions,
  SpanStatusCode,
  context,
  metrics,
  trace,
} from '@opentelemetry/api';
import { PACKAGE_VERSION } from '../package-version';

/**
 * toolhub's tracer and meter. Without the SDK (telemetry not asked for) both are the API's
 * no-op ones, so recording costs next to nothing.
 */
export const tracer = trace.getTracer('toolhub', PACKAGE_VERSION);
export const meter = metrics.getMeter('toolhub', PACKAGE_VERSION);

/** The provider the API falls back to while no SDK has registered one. */
const NO_PROVIDER = new ProxyTracerProvider().getDelegate();

/**
 * Whether an SDK has registered a tracer provider. Checked at each span, as one may be
 * registered (or removed) at any time after start.
 */
export function tracingRegistered(): boolean {
  const provider = trace.getTracerProvider();
  return !(provider instanceof ProxyTracerProvider) || provider.getDelegate() !== NO_PROVIDER;
}

/** The span `work` gets while nothing records spans: it records nothing and names no trace. */
const UNRECORDED_SPAN = trace.wrapSpanContext(INVALID_SPAN_CONTEXT);

/** Where a span goes and what marks it failed, for `inSpan`. */
export interface InSpanPlacement {
  /** The context the span is a child of; the active one by default. */
  parent?: Context;
  /** Whether a thrown error is a failure; every one is by default. */
  isFailure?: (error: unknown) => boolean;
}

/**
 * Runs `work` in a new active span, ended when `work` settles; a thrown error marks it failed
 * (`error.type` is a domain error's code, else the error's class) unless `isFailure` says it
 * is none (work stopped on purpose). Without a tracer provider `work` just runs: a span the
 * API's no-op tracer makes records nothing, yet making it active copies the context's map on
 * every call.
 */
export async function inSpan<T>(
  name: string,
  options: SpanOptions,
  work: (span: Span) => Promise<T>,
  { parent = context.active(), isFailure = () => true }: InSpanPlacement = {},
): Promise<T> {
  if (!tracingRegistered()) return work(UNRECORDED_SPAN);
  return tracer.startActiveSpan(name, options, parent, async (span) => {
    try {
      return await work(span);
    } catch (error) {
      if (isFailure(error)) failSpan(span, error);
      throw error;
    } finally {
      span.end();
    }
  });
}

/** Marks the span failed with the error's code and message. */
export function failSpan(span: Span, error: unknown): void {
  const code = (error as { code?: unknown }).code;
  span.setAttribute(
    'error.type',
    typeof code === 'string' ? code : error instanceof Error ? error.constructor.name : 'Error',
  );
  span.setStatus({
    code: SpanStatusCode.ERROR,
    message: error instanceof Error ? error.message : String(error),
  });
}

/**
 * The W3C `traceparent` of a span, to carry its trace to a later or another process: written
 * from the span itself, whatever propagators are configured.
 */
export function traceParentOf(span: Span): string | undefined {
  if (!span.isRecording()) return undefined;
  const { traceId, spanId, traceFlags } = span.spanContext();
  return `00-${traceId}-${spanId}-${traceFlags.toString(16).padStart(2, '0')}`;
}

/** The context a stored `traceparent` names, to continue its trace. */
export function storedTraceContext(
  traceParent: string | undefined,
  base: Context = context.active(),
) {
  const [, traceId, spanId, flags] = traceParent?.split('-') ?? [];
  if (!traceId || !spanId) return base;
  return trace.setSpanContext(base, {
    traceId,
    spanId,
    traceFlags: Number.parseInt(flags ?? '01', 16),
    isRemote: true,
  });
}

/**
 * Where the span of a work's execution starts: under the active context for a first execution;
 * for one resumed later (`traceParent`, stored by the first), in the trace the first execution
 * started, linked to the context that resumed it.
 */
export function executionPlacement(traceParent?: string | null): {
  parent: Context;
  links: Link[];
} {
  if (!traceParent) return { parent: context.active(), links: [] };
  const current = trace.getSpanContext(context.active());
  return {
    parent: storedTraceContext(traceParent),
    links: current ? [{ context: current }] : [],
  };
}

/** The trace id within a `traceparent`. */
export function traceIdOf(traceParent: string | null | undefined): string | undefined {
  return traceParent?.split('-')[1];
}

export type { Attributes, Span };

/** The longest string kept whole in captured content (a base64 image is not). */
const CONTENT_STRING_MAX = 4096;
/** The longest captured content attribute: exporters refuse batches past a few megabytes. */
const CONTENT_ATTRIBUTE_MAX = 64 * 1024;

/**
 * Message content as a span attribute: JSON, each long string cut with its length said, and
 * the whole bounded, so a long conversation or an attached file cannot make spans unexportable.
 */
export function contentAttribute(value: unknown): string {
  const text =
    JSON.stringify(value, (_key, item: unknown) =>
      typeof item === 'string' && item.length > CONTENT_STRING_MAX
        ? `${item.slice(0, CONTENT_STRING_MAX)}… (${item.length} characters)`
        : item,
    ) ?? '';
  return text.length > CONTENT_ATTRIBUTE_MAX
    ? `${text.slice(0, CONTENT_ATTRIBUTE_MAX)}… (${text.length} characters)`
    : text;
}
