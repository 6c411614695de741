import { type Type } from '@nestjs/common';
import { Test, type TestingModule } from '@nestjs/testing';
import { type Principal } from '../../src/api-keys/principal';
import { AppModule } from '../../src/app.module';
import { loadAppConfig } from '../../src/core/config';
import { CorsPolicy } from '../../src/core/http/cors';
import { EarlyRequestChecks } from '../../src/core/http/early-request-checks';
import { NestLogger } from '../../src/core/logging/nest-logger';
import { createTestDatabase } from './test-database';

export interface ServiceModule {
  /** A provider of the running module, e.g. `RunsService`. */
  get<T>(type: Type<T>): T;
  close(): Promise<void>;
}

/**
 * The whole application as one Nest testing module, initialised but never listening: the real
 * database (a fresh one of its own), the real providers (the scripted one needs no key) and every
 * lifecycle hook, with no HTTP adapter. Service tests call the services directly, so a change to
 * the run loop is checked in seconds instead of through an app booted per adapter.
 */
export async function startServiceModule(env: Record<string, string> = {}): Promise<ServiceModule> {
  const database = await createTestDatabase();
  try {
    const environment = {
      LOG_LEVEL: 'silent',
      // Set by the jest setup (allow-loopback-tools.ts): tool servers of tests run on loopback.
      TOOL_URL_ALLOW: process.env.TOOL_URL_ALLOW,
      ...database.env,
      ...env,
    };
    // The same assembly as the server's: every variable of every feature validated at once.
    const config = loadAppConfig(environment, AppModule.features());
    const moduleRef: TestingModule = await Test.createTestingModule({
      imports: [
        AppModule.forRoot({
          env: environment,
          config,
          cors: new CorsPolicy(),
          checks: new EarlyRequestChecks(),
        }),
      ],
    }).compile();
    moduleRef.useLogger(moduleRef.get(NestLogger));
    await moduleRef.init();
    return {
      get: (type) => moduleRef.get(type),
      close: async () => {
        await moduleRef.close();
        await database.drop();
      },
    };
  } catch (error) {
    await database.drop();
    throw error;
  }
}

/**
 * One service module for the tests of the enclosing `describe`, started before them and closed
 * after them.
 */
export function useServiceModule(env: Record<string, string> = {}): () => ServiceModule {
  let started: ServiceModule | undefined;
  beforeAll(async () => {
    started = await startServiceModule(env);
  });
  afterAll(async () => {
    await started?.close();
  });
  return () => {
    if (!started) throw new Error('the service module did not start');
    return started;
  };
}

let principals = 0;

/** A caller of the services as an API key of `user` would be (no key is stored: none is read). */
export function principalOf(user: string): Principal {
  return { keyId: `service-test-key-${++principals}`, user, role: 'admin' };
}
