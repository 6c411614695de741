import { type INestApplication } from '@nestjs/common';
import { PinoLogger } from 'nestjs-pino';
import pino, { type Logger } from 'pino';
import { ROOT_LOGGER } from '../../src/core/logging/root-logger';

export interface LogCapture {
  lines(): string[];
  stop(): void;
}

/**
 * Every line the app logs from now on: its access log's and Nest's (nestjs-pino's logger, which
 * is the root logger of the first app of the file). Nest's lines wait in a buffer until the
 * server listens (a test app never does): flushed here, as at listen.
 */
export async function captureLogs(app: INestApplication): Promise<LogCapture> {
  const loggers = [app.get<Logger>(ROOT_LOGGER), (await app.resolve(PinoLogger)).logger];
  const streams = new Set(
    loggers.map(
      (logger) =>
        (logger as unknown as Record<symbol, { write(line: string): boolean }>)[
          pino.symbols.streamSym
        ],
    ),
  );
  const lines: string[] = [];
  const spies = [...streams].map((stream) =>
    jest.spyOn(stream, 'write').mockImplementation((line: string) => {
      lines.push(line);
      return true;
    }),
  );
  app.flushLogs();
  return { lines: () => lines, stop: () => spies.forEach((spy) => spy.mockRestore()) };
}
