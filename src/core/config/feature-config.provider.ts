import { type Provider } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { markFeatureConfigProvider } from './feature-configs';
import { validateEnvironment, type VariablesClass } from './validate-environment';

/**
 * A provider of a feature's own validated variables: the feature declares a class with
 * class-validator decorators and defaults, and injects that class. The entry points validate
 * every such class of the app together with the core variables before Nest starts (see
 * `loadAppConfig`), so one message names every invalid variable; the factory validates again
 * for contexts started otherwise (a test module).
 */
export function provideFeatureConfig<T extends object>(schema: VariablesClass<T>): Provider<T> {
  const provider: Provider<T> = {
    provide: schema,
    inject: [ConfigService],
    useFactory: (config: ConfigService) =>
      validateEnvironment(schema, (name) => config.get<string>(name)),
  };
  markFeatureConfigProvider(provider, schema);
  return provider;
}
