import { exitUnlessSupportedNode } from './supported-node';

exitUnlessSupportedNode();
// Loaded only after the check: the server needs APIs an older Node.js lacks. OpenTelemetry, when
// the environment (or .env) asks for it, starts first, so that it instruments the server's modules.
void import('./startup').then(({ UsageError, loadDotEnv, runEntryPoint }) =>
  runEntryPoint(async () => {
    const [argument] = process.argv.slice(2);
    // Help is a text written beforehand: it loads none of the server's modules.
    if (argument === '--help' || argument === '-h') {
      console.log((await import('./server-usage.generated')).SERVER_USAGE);
      return;
    }
    if (argument !== undefined) {
      throw new UsageError(`Unknown argument ${argument}. See node dist/main.js --help`);
    }
    loadDotEnv();
    // First: a port the server cannot listen on stops it before it makes anything.
    const { checkAddressFree } = await import('./address-check');
    await checkAddressFree(process.env);
    const { startTelemetry } = await import('./core/telemetry/start-telemetry');
    await startTelemetry();
    // The embedded database starts on its own thread while this one loads the server.
    const { startEmbeddedDatabaseEarly } = await import('./database/pglite/head-start');
    void startEmbeddedDatabaseEarly(process.env);
    await import('./server-main');
  }),
);
