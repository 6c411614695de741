import { Global, Module } from '@nestjs/common';
import { APP_FILTER, DiscoveryModule } from '@nestjs/core';
import { GlobalExceptionFilter } from './global-exception.filter';
import { RouteCatalog } from './route-catalog.service';

@Global()
@Module({
  imports: [DiscoveryModule],
  providers: [RouteCatalog, { provide: APP_FILTER, useClass: GlobalExceptionFilter }],
  exports: [RouteCatalog],
})
export class HttpCoreModule {}
