import { OperatorError } from '../config/operator-error';
import { startTelemetry, telemetryAsked } from './start-telemetry';

describe('telemetryAsked', () => {
  it.each([
    [{}, false],
    [{ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318' }, true],
    [{ OTEL_TRACES_EXPORTER: 'otlp' }, true],
    [{ OTEL_TRACES_EXPORTER: 'none', OTEL_METRICS_EXPORTER: ' none ' }, false],
    [{ OTEL_EXPORTER_OTLP_ENDPOINT: '' }, false],
    [{ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318', OTEL_SDK_DISABLED: 'TRUE' }, false],
  ])('%j: %s', (env, asked) => {
    expect(telemetryAsked(env)).toBe(asked);
  });
});

describe('startTelemetry for a process whose stdout is the protocol', () => {
  it.each(['OTEL_TRACES_EXPORTER', 'OTEL_METRICS_EXPORTER', 'OTEL_LOGS_EXPORTER'])(
    'refuses the console exporter in %s before loading anything',
    async (variable) => {
      const env = {
        OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318',
        [variable]: 'otlp,console',
      };
      const refused = startTelemetry(env, { stdoutCarriesProtocol: true });
      await expect(refused).rejects.toBeInstanceOf(OperatorError);
      await expect(refused).rejects.toThrow(`${variable} names the console exporter`);
    },
  );
});
