import { createApp } from './create-app';
import { runEntryPoint } from './startup';

runEntryPoint(async () => {
  const { app, config } = await createApp();
  // SIGTERM/SIGINT close the server gracefully: in-flight requests finish, then the process exits.
  app.enableShutdownHooks();
  await app.listen(config.http.port, config.http.host);
});
