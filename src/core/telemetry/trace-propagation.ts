import { type Context, context, propagation } from '@opentelemetry/api';

type RequestHeaders = RequestInit['headers'];

/**
 * `headers` carrying the active trace (`traceparent`, with `tracestate` and `baggage` where there
 * are), for a request made on its behalf. Trace fields the caller set give way: a tool's fixed
 * `traceparent` would tie every call to one stale trace, and its `tracestate` would sit beside a
 * `traceparent` it does not belong to. Without an active trace (telemetry off) `headers` are
 * returned as they are.
 */
export function withTraceContext(
  headers: RequestHeaders,
  active: Context = context.active(),
): RequestHeaders {
  const fields: Record<string, string> = {};
  propagation.inject(active, fields);
  if (Object.keys(fields).length === 0) return headers;
  const merged = new Headers(headers);
  for (const name of propagation.fields()) merged.delete(name);
  for (const [name, value] of Object.entries(fields)) merged.set(name, value);
  return merged;
}

/**
 * The context a message propagates in fields of its own (MCP's `params._meta`), over `base`; just
 * `base` when it propagates none. Only text values are read: anything else is no trace context.
 */
export function contextCarriedBy(
  carrier: Readonly<Record<string, unknown>> | undefined,
  base: Context = context.active(),
): Context {
  if (!carrier) return base;
  const fields: Record<string, string> = {};
  for (const name of propagation.fields()) {
    const value = carrier[name];
    if (typeof value === 'string') fields[name] = value;
  }
  return propagation.extract(base, fields);
}
