import { type DynamicModule, Module } from '@nestjs/common';
import { APP_FILTER, APP_GUARD, DiscoveryModule } from '@nestjs/core';
import { UploadsOnlyWhereAccepted } from './accepts-uploads';
import { CorsPolicy } from './cors';
import { EarlyRequestChecks } from './early-request-checks';
import { GlobalExceptionFilter } from './global-exception.filter';
import { PublicUrl } from './public-url';
import { RouteCatalog } from './route-catalog.service';

@Module({})
export class HttpCoreModule {
  /**
   * `cors` is the policy the adapters apply, `checks` what they run before reading a body;
   * features add to both through injection.
   */
  static forRoot(cors: CorsPolicy, checks: EarlyRequestChecks): DynamicModule {
    return {
      module: HttpCoreModule,
      global: true,
      imports: [DiscoveryModule],
      providers: [
        RouteCatalog,
        PublicUrl,
        { provide: CorsPolicy, useValue: cors },
        { provide: EarlyRequestChecks, useValue: checks },
        { provide: APP_FILTER, useClass: GlobalExceptionFilter },
        { provide: APP_GUARD, useClass: UploadsOnlyWhereAccepted },
      ],
      exports: [RouteCatalog, PublicUrl, CorsPolicy, EarlyRequestChecks],
    };
  }
}
