import { Module } from '@nestjs/common';
import { LoggerModule } from 'nestjs-pino';
import { AppConfig } from '../config';
import { requestIdOf } from '../http/request-id';

/**
 * JSON logs through pino, tagged with the request id the server hooks assigned. Successful requests log at `debug`, so the
 * default `info` level costs the hot path nothing; client errors log at `warn`, server errors
 * at `error`.
 */
@Module({
  imports: [
    LoggerModule.forRootAsync({
      inject: [AppConfig],
      useFactory: (config: AppConfig) => ({
        pinoHttp: {
          level: config.log.level,
          genReqId: requestIdOf,
          customLogLevel: (_req, res, error) =>
            error || res.statusCode >= 500 ? 'error' : res.statusCode >= 400 ? 'warn' : 'debug',
          redact: ['req.headers.authorization', 'req.headers.cookie'],
        },
      }),
    }),
  ],
})
export class LoggingModule {}
