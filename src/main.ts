import { exitUnlessSupportedNode } from './supported-node';

exitUnlessSupportedNode();
// Loaded only after the check: the server needs APIs an older Node.js lacks. OpenTelemetry, when
// the environment (or .env) asks for it, starts first, so that it instruments the server's modules.
void import('./startup').then(({ loadDotEnv, runEntryPoint }) =>
  runEntryPoint(async () => {
    loadDotEnv();
    const { startTelemetry } = await import('./core/telemetry/start-telemetry');
    await startTelemetry();
    await import('./server-main');
  }),
);
