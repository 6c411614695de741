import { Injectable } from '@nestjs/common';
import { Logger } from 'nestjs-pino';

/**
 * Where Nest tells its account of a start: the application starting, each module initialised,
 * each controller and route mapped, the application started. A hundred lines that come before
 * the ones an operator acts on (the first admin key, where the server listens): `debug` detail.
 */
const START_ACCOUNT_CONTEXTS = new Set([
  'NestFactory',
  'InstanceLoader',
  'RoutesResolver',
  'RouterExplorer',
  'NestApplication',
]);

/**
 * Nest's logger, through pino as nestjs-pino's, with Nest's account of a start at `debug`
 * instead of `info`. Its warnings and errors, and every line of toolhub's own, keep their level.
 */
@Injectable()
export class NestLogger extends Logger {
  override log(message: unknown, ...optionalParams: unknown[]): void {
    // Nest's loggers pass their context last.
    const context = optionalParams.at(-1);
    if (typeof context === 'string' && START_ACCOUNT_CONTEXTS.has(context)) {
      this.debug(message, ...optionalParams);
    } else {
      super.log(message, ...optionalParams);
    }
  }
}
