import pino, { type Logger } from 'pino';
import { type AppConfig } from '../config';

/** The process's one pino logger: Nest's logs (through nestjs-pino) and access logs share it. */
export const ROOT_LOGGER = Symbol('ROOT_LOGGER');

export function createRootLogger(config: AppConfig): Logger {
  return pino(
    { level: config.log.level, redact: ['req.headers.authorization', 'req.headers.cookie'] },
    pino.destination(config.log.destination === 'stderr' ? 2 : 1),
  );
}
