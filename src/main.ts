import { exitUnlessSupportedNode } from './supported-node';

exitUnlessSupportedNode();
// Loaded only after the check: the server needs APIs an older Node.js lacks. OpenTelemetry, when
// the environment (or .env) asks for it, starts first, so that it instruments the server's modules.
void import('./startup').then(({ loadDotEnv, runEntryPoint }) =>
  runEntryPoint(async () => {
    // With an argument (--help, or one it refuses) no server starts: nothing to trace.
    if (process.argv.length <= 2) {
      loadDotEnv();
      // First: a port the server cannot listen on stops it before it makes anything.
      const { checkAddressFree } = await import('./address-check');
      await checkAddressFree(process.env);
      const { startTelemetry } = await import('./core/telemetry/start-telemetry');
      await startTelemetry();
      // The embedded database starts on its own thread while this one loads the server.
      const { startEmbeddedDatabaseEarly } = await import('./database/pglite/head-start');
      void startEmbeddedDatabaseEarly(process.env);
    }
    await import('./server-main');
  }),
);
