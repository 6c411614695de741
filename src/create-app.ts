import { type Server } from 'node:http';
import { type INestApplication, type Type } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { type NestFastifyApplication } from '@nestjs/platform-fastify';
import { type Logger } from 'pino';
import { AppModule } from './app.module';
import { type AppConfig, type Environment, loadAppConfig } from './core/config';
import {
  NEST_APPLICATION_OPTIONS,
  createHttpAdapter,
  configureFastify,
  isExpressApp,
} from './core/http/http-adapters';
import { CorsPolicy } from './core/http/cors';
import { EarlyRequestChecks } from './core/http/early-request-checks';
import { RouteCatalog } from './core/http/route-catalog.service';
import { instrumentServer } from './core/http/server-hooks';
import { NestLogger } from './core/logging/nest-logger';
import { ROOT_LOGGER } from './core/logging/root-logger';
import { MetricsService } from './core/metrics/metrics.service';
import { setupOpenApi } from './openapi';
import { serveConsole } from './console-site';

export interface CreateAppOptions {
  /** Environment variables; `process.env` by default. */
  env?: Environment;
  extraToolModules?: readonly Type[];
}

export interface CreatedApp {
  app: INestApplication;
  config: AppConfig;
}

/**
 * Builds the fully configured, initialised application on the configured HTTP adapter. The
 * server entry point and every test use this, so tests exercise exactly what users run.
 */
export async function createApp(options: CreateAppOptions = {}): Promise<CreatedApp> {
  const env = options.env ?? process.env;
  // Every variable of every module at once, before Nest starts: one message names them all.
  const config = loadAppConfig(env, AppModule.features(options.extraToolModules));
  const cors = new CorsPolicy();
  const checks = new EarlyRequestChecks();
  const app = await NestFactory.create(
    AppModule.forRoot({ env, config, cors, checks, extraToolModules: options.extraToolModules }),
    await createHttpAdapter(config, cors, checks),
    // A failure to start is reported once, by whoever called this: Nest's own report of it
    // (a stack, after its log of every module initialised) stays in the buffer, unflushed.
    { ...NEST_APPLICATION_OPTIONS, bufferLogs: true, autoFlushLogs: false },
  );
  app.useLogger(app.get(NestLogger));
  app.flushLogs();
  if (!isExpressApp(app)) configureFastify(app, config, cors, checks);
  setupOpenApi(app);
  serveConsole(app);
  await app.init();
  if (!isExpressApp(app))
    await (app as NestFastifyApplication).getHttpAdapter().getInstance().ready();
  await instrumentServer(
    app.getHttpServer() as Server,
    app.get(MetricsService),
    app.get(RouteCatalog),
    app.get<Logger>(ROOT_LOGGER),
    config.http.trustProxy,
  );
  return { app, config };
}
