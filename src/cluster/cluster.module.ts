import { Inject, Injectable, Module, type OnApplicationShutdown } from '@nestjs/common';
import { type Logger } from 'pino';
import { provideFeatureConfig } from '../core/config';
import { ROOT_LOGGER } from '../core/logging/root-logger';
import { DATABASE } from '../database/database';
import { DatabaseConfig } from '../database/database.config';
import { ClusterBus, ClusterInstance, LiveEventBus } from './cluster-buses';
import { ClusterConfig } from './cluster.config';
import { InProcessBus, type MessageBus } from './message-bus';
import { PostgresBus } from './postgres-bus';

/** Closes the buses' own connections when the app shuts down. */
@Injectable()
class ClusterLifecycle implements OnApplicationShutdown {
  constructor(
    @Inject(ClusterBus) private readonly notices: MessageBus,
    @Inject(LiveEventBus) private readonly live: MessageBus,
  ) {}

  async onApplicationShutdown(): Promise<void> {
    for (const bus of new Set([this.live, this.notices])) await bus.close?.();
  }
}

/** What several instances on one PostgreSQL share: change notices and live run events. */
@Module({
  providers: [
    provideFeatureConfig(ClusterConfig),
    ClusterInstance,
    {
      provide: ClusterBus,
      // After the database (DATABASE): a start waits for an unreachable server there, once.
      inject: [DatabaseConfig, ClusterInstance, ROOT_LOGGER, DATABASE],
      useFactory: async (database: DatabaseConfig, instance: ClusterInstance, logger: Logger) => {
        if (database.DATABASE_URL === '') return new InProcessBus();
        const bus = new PostgresBus(database.DATABASE_URL, instance.id, logger);
        await bus.start();
        return bus;
      },
    },
    {
      provide: LiveEventBus,
      inject: [ClusterConfig, DatabaseConfig, ClusterInstance, ClusterBus, ROOT_LOGGER],
      useFactory: async (
        config: ClusterConfig,
        database: DatabaseConfig,
        instance: ClusterInstance,
        notices: MessageBus,
        logger: Logger,
      ) => {
        // The embedded database serves one process: there is nobody to tell.
        if (config.REDIS_URL === '' || database.DATABASE_URL === '') return notices;
        // Loaded only here: a server without Redis never needs ioredis.
        const { RedisBus } = await import('./redis-bus');
        const bus = new RedisBus(config.REDIS_URL, instance.id, logger);
        await bus.start();
        return bus;
      },
    },
    ClusterLifecycle,
  ],
  exports: [ClusterConfig, ClusterInstance, ClusterBus, LiveEventBus],
})
export class ClusterModule {}
