import { Global, Module } from '@nestjs/common';
import { MetricsController } from './metrics.controller';
import { MetricsService } from './metrics.service';
import { TelemetryShutdown } from '../telemetry/telemetry-shutdown';

@Global()
@Module({
  controllers: [MetricsController],
  // Spans and OTLP metrics end with the app too.
  providers: [MetricsService, TelemetryShutdown],
  exports: [MetricsService],
})
export class MetricsModule {}
