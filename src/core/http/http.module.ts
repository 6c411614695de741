import { type DynamicModule, Module } from '@nestjs/common';
import { APP_FILTER, DiscoveryModule } from '@nestjs/core';
import { CorsPolicy } from './cors';
import { GlobalExceptionFilter } from './global-exception.filter';
import { RouteCatalog } from './route-catalog.service';

@Module({})
export class HttpCoreModule {
  /** `cors` is the policy the adapters apply; features add to it through injection. */
  static forRoot(cors: CorsPolicy): DynamicModule {
    return {
      module: HttpCoreModule,
      global: true,
      imports: [DiscoveryModule],
      providers: [
        RouteCatalog,
        { provide: CorsPolicy, useValue: cors },
        { provide: APP_FILTER, useClass: GlobalExceptionFilter },
      ],
      exports: [RouteCatalog, CorsPolicy],
    };
  }
}
