import { type INestApplicationContext, Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { CoreConfigModule, type ModuleImport, OperatorError, loadAppConfig } from '../core/config';
import { LoggingModule } from '../core/logging/logging.module';
import { DataDirectoryInUseError } from '../database/data-directory-lock';
import { DatabaseModule } from '../database/database.module';

/**
 * Runs `work` with `features` on the configured database (the same DATA_DIR or DATABASE_URL as
 * the server), in an application context of its own, closed afterwards. `throughServer` says
 * how to do the same through a running server, which holds an embedded database.
 */
export async function withCommandContext(
  features: ModuleImport[],
  throughServer: string,
  work: (app: INestApplicationContext) => Promise<void>,
): Promise<void> {
  const modules = [DatabaseModule, ...features];
  const config = loadAppConfig(process.env, modules).withLogsOnStderr();
  @Module({ imports: [CoreConfigModule.forRoot(process.env, config), LoggingModule, ...modules] })
  class CommandModule {}
  // No Nest logger: a failure is reported once, by the entry point, without a stack.
  const app = await NestFactory.createApplicationContext(CommandModule, {
    logger: false,
    abortOnError: false,
  }).catch((error: unknown) => {
    throw error instanceof DataDirectoryInUseError
      ? new ServerHoldsDataError(error, throughServer)
      : error;
  });
  try {
    await work(app);
  } finally {
    await app.close();
  }
}

/** The embedded database is held by a running server: its API is the way in meanwhile. */
class ServerHoldsDataError extends OperatorError {
  constructor({ directory, holder }: DataDirectoryInUseError, throughServer: string) {
    super(
      `A running toolhub server (pid ${holder.pid} on ${holder.host}) holds the data directory ` +
        `${directory}, and its embedded database serves one process at a time. ${throughServer}, ` +
        'or stop it and run this command again.',
    );
  }
}
