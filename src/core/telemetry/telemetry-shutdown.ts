import { Injectable, type OnApplicationShutdown } from '@nestjs/common';
import { stopTelemetry } from './start-telemetry';

/** Sends the spans and metrics still buffered as the app closes (nothing when telemetry is off). */
@Injectable()
export class TelemetryShutdown implements OnApplicationShutdown {
  async onApplicationShutdown(): Promise<void> {
    await stopTelemetry();
  }
}
