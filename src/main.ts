import { createApp } from './create-app';
import { ConfigValidationError } from './core/config';

async function main(): Promise<void> {
  const { app, config } = await createApp();
  // SIGTERM/SIGINT close the server gracefully: in-flight requests finish, then the process exits.
  app.enableShutdownHooks();
  await app.listen(config.http.port, config.http.host);
}

main().catch((error: unknown) => {
  // A configuration problem is the operator's to fix: say what is wrong, without a stack trace.
  if (error instanceof ConfigValidationError) console.error(error.message);
  else console.error(error);
  process.exit(1);
});
