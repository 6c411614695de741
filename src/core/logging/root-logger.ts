import pino, { type LogFn, type Logger } from 'pino';
import { type AppConfig } from '../config';
import { withoutQueryParameters } from './without-query-parameters';

/** The process's one pino logger: Nest's logs (through nestjs-pino) and access logs share it. */
export const ROOT_LOGGER = Symbol('ROOT_LOGGER');

export function createRootLogger(config: AppConfig): Logger {
  return pino(
    {
      level: config.log.level,
      redact: ['req.headers.authorization', 'req.headers.cookie'],
      hooks: {
        logMethod(args, method) {
          method.apply(this, withoutQueryParameters(args) as Parameters<LogFn>);
        },
      },
    },
    pino.destination(config.log.destination === 'stderr' ? 2 : 1),
  );
}
