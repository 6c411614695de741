import { Module } from '@nestjs/common';
import { AppConfig } from '../config';
import { ROOT_LOGGER, createRootLogger } from './root-logger';

/** Holds the one root logger, so nestjs-pino and the access log get the same instance. */
@Module({
  providers: [{ provide: ROOT_LOGGER, inject: [AppConfig], useFactory: createRootLogger }],
  exports: [ROOT_LOGGER],
})
export class RootLoggerModule {}
