import { Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { ApiKeyStoreModule } from '../api-keys/api-key-store.module';
import { ApiKeysService } from '../api-keys/api-keys.service';
import { CoreConfigModule, OperatorError, loadAppConfig } from '../core/config';
import { LoggingModule } from '../core/logging/logging.module';
import { DataDirectoryInUseError } from '../database/data-directory-lock';
import { DatabaseModule } from '../database/database.module';

/**
 * Runs `work` with the key service of the configured database (the same DATA_DIR or
 * DATABASE_URL as the server), in an application context of its own, closed afterwards.
 */
export async function withApiKeys(work: (keys: ApiKeysService) => Promise<void>): Promise<void> {
  const features = [DatabaseModule, ApiKeyStoreModule];
  const config = loadAppConfig(process.env, features).withLogsOnStderr();
  @Module({ imports: [CoreConfigModule.forRoot(process.env, config), LoggingModule, ...features] })
  class KeysCommandModule {}
  // No Nest logger: a failure is reported once, by the entry point, without a stack.
  const app = await NestFactory.createApplicationContext(KeysCommandModule, {
    logger: false,
    abortOnError: false,
  }).catch((error: unknown) => {
    throw error instanceof DataDirectoryInUseError ? new ServerHoldsDataError(error) : error;
  });
  try {
    await work(app.get(ApiKeysService));
  } finally {
    await app.close();
  }
}

/** The embedded database is held by a running server: the key API is the way in meanwhile. */
class ServerHoldsDataError extends OperatorError {
  constructor({ directory, holder }: DataDirectoryInUseError) {
    super(
      `A running toolhub server (pid ${holder.pid} on ${holder.host}) holds the data directory ` +
        `${directory}, and its embedded database serves one process at a time. Manage keys ` +
        'through that server instead (POST /api/v1/keys with an admin key; GET to list, ' +
        'DELETE /api/v1/keys/{id} to revoke), or stop it and run this command again.',
    );
  }
}
