import { type Logger } from 'pino';
import { DataDirectoryConfig } from './core/config';
import { ROOT_LOGGER } from './core/logging/root-logger';
import { createApp } from './create-app';
import { DatabaseConfig } from './database/database.config';
import { describeDatabase } from './database/describe-database';
import { stopUnusedEarlyStart } from './database/pglite/head-start';
import { listen } from './listen';
import { CONSOLE_PATH } from './console-site';
import { DOCS_PATH } from './openapi';
import { loadDotEnv, runEntryPoint } from './startup';

runEntryPoint(startServer);

async function startServer(): Promise<void> {
  loadDotEnv();
  const { app, config } = await createApp().catch(async (error: unknown) => {
    await stopUnusedEarlyStart();
    throw error;
  });
  // SIGTERM/SIGINT close the server gracefully: in-flight requests finish, then the process exits.
  app.enableShutdownHooks();
  const address = await listen(app, config);
  const dataDir = app.get(DataDirectoryConfig).DATA_DIR;
  const database = describeDatabase(app.get(DatabaseConfig), dataDir);
  const url = `http://${shownHost(config.http.host)}:${address.port}`;
  const docs = `${url}/${DOCS_PATH}`;
  const consoleUrl = `${url}${CONSOLE_PATH}`;
  app
    .get<Logger>(ROOT_LOGGER)
    .info(
      { url, docs, console: consoleUrl, database, dataDir },
      `toolhub listening on ${url} · API docs ${docs} · console ${consoleUrl} · ` +
        `database ${database} · data directory ${dataDir}`,
    );
}

/** A host a browser can open: the wildcard addresses mean this machine too. */
function shownHost(host: string): string {
  if (host === '0.0.0.0' || host === '::') return 'localhost';
  return host.includes(':') ? `[${host}]` : host;
}
