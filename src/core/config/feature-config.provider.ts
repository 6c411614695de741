import { type Provider } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { validateEnvironment } from './validate-environment';

/**
 * A provider of a feature's own validated variables: the feature declares a class with
 * class-validator decorators and defaults, and injects that class. Invalid values stop the
 * app at start with the same message format as the core variables.
 */
export function provideFeatureConfig<T extends object>(schema: new () => T): Provider<T> {
  return {
    provide: schema,
    inject: [ConfigService],
    useFactory: (config: ConfigService) =>
      validateEnvironment(schema, (name) => config.get<string>(name)),
  };
}
