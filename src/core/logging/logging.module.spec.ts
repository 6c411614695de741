import { PinoLogger } from 'nestjs-pino';
import pino, { type Logger } from 'pino';
import { createApp } from '../../create-app';
import { ROOT_LOGGER } from './root-logger';

const streamOf = (logger: Logger): unknown =>
  (logger as unknown as Record<symbol, unknown>)[pino.symbols.streamSym];

test('Nest logs and access logs write through one root logger and one stream', async () => {
  const { app } = await createApp({ env: { LOG_LEVEL: 'silent' } });
  try {
    const root = app.get<Logger>(ROOT_LOGGER);
    // nestjs-pino's logger is pino-http's child of the root logger, on the same stream.
    expect(streamOf(PinoLogger.root)).toBe(streamOf(root));
  } finally {
    await app.close();
  }
});
