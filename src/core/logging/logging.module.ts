import { Global, Module } from '@nestjs/common';
import { LoggerModule } from 'nestjs-pino';
import { type Logger } from 'pino';
import { AppConfig } from '../config';
import { ROOT_LOGGER, createRootLogger } from './root-logger';

const rootLoggerProvider = {
  provide: ROOT_LOGGER,
  inject: [AppConfig],
  useFactory: createRootLogger,
};

/**
 * JSON logs through pino; nestjs-pino routes Nest's own logger to it. Requests are logged once,
 * when they finish, by the server hooks (see `access-log.ts`) rather than by pino-http's
 * middleware, which serialises every request into a child logger even when nothing is logged:
 * that halved throughput on both adapters.
 */
@Global()
@Module({
  imports: [
    LoggerModule.forRootAsync({
      providers: [rootLoggerProvider],
      inject: [ROOT_LOGGER],
      useFactory: (logger: Logger) => ({ pinoHttp: { logger }, forRoutes: [] }),
    }),
  ],
  providers: [rootLoggerProvider],
  exports: [ROOT_LOGGER],
})
export class LoggingModule {}
