import { Global, Module } from '@nestjs/common';
import { LoggerModule } from 'nestjs-pino';
import { type Logger } from 'pino';
import { NestLogger } from './nest-logger';
import { ROOT_LOGGER } from './root-logger';
import { RootLoggerModule } from './root-logger.module';

/**
 * JSON logs through pino; nestjs-pino routes Nest's own logger to it (as `NestLogger`, which
 * keeps Nest's account of a start at `debug`). Requests are logged once, when they finish, by
 * the server hooks (see `access-log.ts`) rather than by pino-http's middleware, which serialises
 * every request into a child logger even when nothing is logged: that halved throughput on both
 * adapters.
 */
@Global()
@Module({
  imports: [
    RootLoggerModule,
    LoggerModule.forRootAsync({
      imports: [RootLoggerModule],
      inject: [ROOT_LOGGER],
      useFactory: (logger: Logger) => ({ pinoHttp: { logger }, forRoutes: [] }),
    }),
  ],
  providers: [NestLogger],
  exports: [RootLoggerModule, NestLogger],
})
export class LoggingModule {}
