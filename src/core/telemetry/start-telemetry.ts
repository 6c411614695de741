import { DiagLogLevel, diag } from '@opentelemetry/api';
import { OperatorError } from '../config/operator-error';
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

/** Whether `startTelemetry` started the SDK (and it has not been stopped since). */
export function telemetryStarted(): boolean {
  return stop !== undefined;
}

/**
 * Starts the SDK if asked, before the modules it instruments are loaded (the HTTP server), so
 * call it first. Returns whether it started.
 */
export async function startTelemetry(
  env: Environment = process.env,
  { stdoutCarriesProtocol = false } = {},
): Promise<boolean> {
  if (stop || !telemetryAsked(env)) return stop !== undefined;
  if (stdoutCarriesProtocol) keepOffStdout(env);
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

/** Exporters that print, and the SDK's own diagnostics, write to stdout. */
const PRINTING_EXPORTER_VARIABLES = [
  'OTEL_TRACES_EXPORTER',
  'OTEL_METRICS_EXPORTER',
  'OTEL_LOGS_EXPORTER',
];

/**
 * For a process whose stdout is a protocol (MCP over stdio): refuses the `console` exporters and
 * sends the SDK's diagnostics (`OTEL_LOG_LEVEL`) to stderr instead, as every log line goes.
 */
function keepOffStdout(env: Environment): void {
  const printing = PRINTING_EXPORTER_VARIABLES.filter((name) =>
    (env[name] ?? '').split(',').some((exporter) => exporter.trim() === 'console'),
  );
  if (printing.length > 0) {
    throw new OperatorError(
      `${printing.join(', ')} names the console exporter, which writes to stdout, where the ` +
        'MCP protocol goes over stdio: use otlp, or none',
    );
  }
  const level = env.OTEL_LOG_LEVEL?.trim().toUpperCase();
  if (!level) return;
  delete env.OTEL_LOG_LEVEL;
  const write = (...args: unknown[]) => process.stderr.write(`${args.map(String).join(' ')}\n`);
  diag.setLogger(
    { error: write, warn: write, info: write, debug: write, verbose: write },
    DiagLogLevel[level as keyof typeof DiagLogLevel] ?? DiagLogLevel.INFO,
  );
}

/** Sends what is buffered and stops the SDK; nothing when it was not started. */
export async function stopTelemetry(): Promise<void> {
  const stopping = stop;
  stop = undefined;
  await stopping?.();
}
