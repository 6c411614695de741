import { HTTP_INSTRUMENTATION_CONFIG } from './http-instrumentation.config';

/**
 * OpenTelemetry, when the standard variables ask for it: the Node SDK (which reads every
 * `OTEL_*` variable itself: exporters, protocol, endpoint, service name, sampling) with the HTTP
 * instrumentation. Without one of those variables nothing here is loaded, and the spans and
 * metrics the code records through `@opentelemetry/api` cost a no-op call each.
 */

/** Variables whose presence asks for telemetry (a value of `none` does not). */
const ASKING_VARIABLES = [
  'OTEL_EXPORTER_OTLP_ENDPOINT',
  'OTEL_EXPORTER_OTLP_TRACES_ENDPOINT',
  'OTEL_EXPORTER_OTLP_METRICS_ENDPOINT',
  'OTEL_TRACES_EXPORTER',
  'OTEL_METRICS_EXPORTER',
];

/** The semantic conventions followed: the GenAI ones as they stand, and stable HTTP. */
const SEMCONV_OPT_IN = ['gen_ai_latest_experimental', 'http'];

type Environment = Record<string, string | undefined>;

let stop: (() => Promise<void>) | undefined;

export function telemetryAsked(env: Environment): boolean {
  if (env.OTEL_SDK_DISABLED?.trim().toLowerCase() === 'true') return false;
  return ASKING_VARIABLES.some((name) => {
    const value = env[name]?.trim();
    return value !== undefined && value !== '' && value !== 'none';
  });
}

/**
 * Starts the SDK if asked, before the modules it instruments are loaded (the HTTP server), so
 * call it first. Returns whether it started.
 */
export async function startTelemetry(env: Environment = process.env): Promise<boolean> {
  if (stop || !telemetryAsked(env)) return stop !== undefined;
  const optIn = new Set(
    (env.OTEL_SEMCONV_STABILITY_OPT_IN ?? '').split(',').map((part) => part.trim()),
  );
  SEMCONV_OPT_IN.forEach((convention) => optIn.add(convention));
  env.OTEL_SEMCONV_STABILITY_OPT_IN = [...optIn].filter(Boolean).join(',');
  env.OTEL_SERVICE_NAME ||= 'toolhub';
  const [{ NodeSDK }, { HttpInstrumentation }] = await Promise.all([
    import('@opentelemetry/sdk-node'),
    import('@opentelemetry/instrumentation-http'),
  ]);
  const sdk = new NodeSDK({
    instrumentations: [new HttpInstrumentation(HTTP_INSTRUMENTATION_CONFIG)],
  });
  sdk.start();
  stop = () => sdk.shutdown();
  return true;
}

/** Sends what is buffered and stops the SDK; nothing when it was not started. */
export async function stopTelemetry(): Promise<void> {
  const stopping = stop;
  stop = undefined;
  await stopping?.();
}
