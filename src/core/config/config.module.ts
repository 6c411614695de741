import { type DynamicModule, Module } from '@nestjs/common';
import { ConfigModule } from '@nestjs/config';
import { AppConfig } from './app-config';
import { type Environment } from './validate-environment';

/**
 * Makes the validated core `AppConfig` and `ConfigService` (over exactly the environment the app
 * was started with) available everywhere. Tests start apps with their own environment.
 */
@Module({})
export class CoreConfigModule {
  static forRoot(env: Environment, config: AppConfig): DynamicModule {
    return {
      module: CoreConfigModule,
      global: true,
      imports: [
        ConfigModule.forRoot({
          ignoreEnvFile: true,
          skipProcessEnv: true,
          load: [() => ({ ...env })],
        }),
      ],
      providers: [{ provide: AppConfig, useValue: config }],
      exports: [AppConfig, ConfigModule],
    };
  }
}
