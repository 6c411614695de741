import { type DynamicModule, Module, type Type } from '@nestjs/common';
import {
  type AppConfig,
  CoreConfigModule,
  type Environment,
  type ModuleImport,
} from './core/config';
import { type CorsPolicy } from './core/http/cors';
import { type EarlyRequestChecks } from './core/http/early-request-checks';
import { HttpCoreModule } from './core/http/http.module';
import { LoggingModule } from './core/logging/logging.module';
import { MetricsModule } from './core/metrics/metrics.module';
import { AuditApiModule } from './audit-api/audit-api.module';
import { AuditModule } from './audit/audit.module';
import { ApiKeysModule } from './api-keys/api-keys.module';
import { BudgetsModule } from './budgets/budgets.module';
import { DatabaseModule } from './database/database.module';
import { HealthModule } from './core/health/health.module';
import { JobsModule } from './jobs/jobs.module';
import { A2aModule } from './a2a/a2a.module';
import { McpModule } from './mcp/mcp.module';
import { OAuthModule } from './oauth/oauth.module';
import { RegistryModule } from './registry/registry.module';
import { RuntimeModule } from './runtime/runtime.module';
import { ServiceIndexController } from './service-index.controller';
import { ConsoleController } from './console.controller';
import { ToolsModule } from './tools/tools.module';
import { UsageModule } from './usage/usage.module';

export interface AppModuleOptions {
  env: Environment;
  config: AppConfig;
  /** The CORS headers the HTTP adapter sets; features add what their paths need. */
  cors: CorsPolicy;
  /** What the HTTP adapter checks before reading a body; features add their checks. */
  checks: EarlyRequestChecks;
  /** Tool modules beyond the builtin ones (tests use this to add an example tool). */
  extraToolModules?: readonly Type[];
}

@Module({})
export class AppModule {
  static forRoot({ env, config, cors, checks, extraToolModules }: AppModuleOptions): DynamicModule {
    return {
      module: AppModule,
      imports: [
        CoreConfigModule.forRoot(env, config),
        LoggingModule,
        MetricsModule,
        HttpCoreModule.forRoot(cors, checks),
        ...AppModule.features(extraToolModules),
      ],
      controllers: [ServiceIndexController, ConsoleController],
    };
  }

  /**
   * The feature modules: what `loadAppConfig(env, AppModule.features())` validates the
   * variables of, all at once, before the app is created.
   */
  static features(extraToolModules?: readonly Type[]): ModuleImport[] {
    return [
      HealthModule,
      DatabaseModule,
      JobsModule,
      AuditModule,
      ApiKeysModule,
      AuditApiModule,
      UsageModule,
      BudgetsModule,
      OAuthModule,
      ToolsModule.forRoot(extraToolModules),
      RegistryModule,
      RuntimeModule,
      McpModule,
      A2aModule,
    ];
  }
}
