import { Global, Inject, Injectable, Module, type OnApplicationShutdown } from '@nestjs/common';
import { type Logger } from 'pino';
import { DataDirectoryConfig, provideFeatureConfig } from '../core/config';
import { ROOT_LOGGER } from '../core/logging/root-logger';
import { DATABASE, type DatabaseConnection } from './database';
import { DatabaseConfig } from './database.config';
import { DatabaseReadiness } from './database-readiness';
import { openDatabase } from './open-database';
import { Transactions } from './transactions';

const CONNECTION = Symbol('DATABASE_CONNECTION');

/** Closes the database when the app shuts down, releasing the embedded database's lock. */
@Injectable()
class DatabaseLifecycle implements OnApplicationShutdown {
  constructor(@Inject(CONNECTION) private readonly connection: DatabaseConnection) {}

  async onApplicationShutdown(): Promise<void> {
    await this.connection.close();
  }
}

/**
 * The migrated database, injected as `@Inject(DATABASE) db: Database` anywhere, and the
 * `Transactions` that repositories share units of work through.
 */
@Global()
@Module({
  providers: [
    provideFeatureConfig(DatabaseConfig),
    provideFeatureConfig(DataDirectoryConfig),
    {
      provide: CONNECTION,
      inject: [DatabaseConfig, DataDirectoryConfig, ROOT_LOGGER],
      useFactory: (config: DatabaseConfig, data: DataDirectoryConfig, logger: Logger) =>
        openDatabase(config, data, logger),
    },
    {
      provide: DATABASE,
      inject: [CONNECTION],
      useFactory: (connection: DatabaseConnection) => connection.db,
    },
    DatabaseLifecycle,
    DatabaseReadiness,
    Transactions,
  ],
  exports: [DATABASE, DatabaseConfig, DataDirectoryConfig, Transactions],
})
export class DatabaseModule {}
