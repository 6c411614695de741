import { Global, Module } from '@nestjs/common';
import { provideFeatureConfig } from '../core/config';
import { CorsPolicy } from '../core/http/cors';
import { EarlyRequestChecks } from '../core/http/early-request-checks';
import { ApiKeyAuthenticator } from './api-key-authenticator';
import { ApiKeyGuard } from './api-key.guard';
import { ApiKeyMetrics } from './api-key-metrics';
import { ApiKeyStoreModule } from './api-key-store.module';
import { ApiKeyVerifier } from './api-key-verifier';
import { ApiKeysConfig } from './api-keys.config';
import { ApiKeysController } from './api-keys.controller';
import { CurrentKeyController } from './current-key.controller';
import { FailedKeyAttempts } from './failed-key-attempts';
import { InitialAdminKey } from './initial-admin-key';

/**
 * API keys on the server: who calls (the authenticator and guard, for any feature's routes),
 * the keys API at `/api/v1/keys`, and the first admin key of a fresh database.
 */
@Global()
@Module({
  imports: [ApiKeyStoreModule],
  controllers: [ApiKeysController, CurrentKeyController],
  providers: [
    provideFeatureConfig(ApiKeysConfig),
    {
      provide: FailedKeyAttempts,
      inject: [ApiKeysConfig],
      useFactory: (config: ApiKeysConfig) => new FailedKeyAttempts(config.AUTH_FAILURES_PER_MINUTE),
    },
    ApiKeyMetrics,
    ApiKeyVerifier,
    ApiKeyAuthenticator,
    ApiKeyGuard,
    InitialAdminKey,
  ],
  exports: [ApiKeyStoreModule, ApiKeyAuthenticator, ApiKeyGuard, ApiKeyVerifier],
})
export class ApiKeysModule {
  constructor(
    checks: EarlyRequestChecks,
    authenticator: ApiKeyAuthenticator,
    cors: CorsPolicy,
    config: ApiKeysConfig,
  ) {
    // The whole API under /api/v1 needs a key, checked before a body is read.
    authenticator.identifyBeforeBody(checks, '/api/v1', 'required');
    // Browser apps send it, from the pages the deployment names.
    cors.allow('/api/v1/', {
      requestHeaders: ['Authorization', 'Content-Type'],
      origins: config.corsOrigins,
    });
  }
}
