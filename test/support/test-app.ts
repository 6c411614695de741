import { type INestApplication, type Type } from '@nestjs/common';
import request from 'supertest';
import type TestAgent from 'supertest/lib/agent';
import { createApp } from '../../src/create-app';
import { type HttpAdapterName } from '../../src/core/config';
import { createTestDatabase } from './test-database';

export const ADAPTERS: readonly HttpAdapterName[] = ['express', 'fastify'];

export interface TestApp {
  app: INestApplication;
  http: TestAgent;
  close(): Promise<void>;
}

/**
 * Boots the real application (same factory as `main.ts`) on one HTTP adapter, with a fresh
 * database of its own unless `env` names one.
 */
export async function startTestApp(
  adapter: HttpAdapterName,
  options: { env?: Record<string, string>; extraToolModules?: Type[] } = {},
): Promise<TestApp> {
  const ownsDatabase = !options.env?.DATA_DIR && !options.env?.DATABASE_URL;
  const database = ownsDatabase ? await createTestDatabase() : undefined;
  try {
    const { app } = await createApp({
      env: {
        LOG_LEVEL: 'silent',
        // Set by the jest setup (allow-loopback-tools.ts): tool servers of tests run on loopback.
        TOOL_URL_ALLOW: process.env.TOOL_URL_ALLOW,
        ...database?.env,
        ...options.env,
        HTTP_ADAPTER: adapter,
      },
      extraToolModules: options.extraToolModules,
    });
    return {
      app,
      http: request(app.getHttpServer()),
      close: async () => {
        await app.close();
        await database?.drop();
      },
    };
  } catch (error) {
    await database?.drop();
    throw error;
  }
}

/**
 * Runs a suite once per HTTP adapter against one booted app per adapter, so every acceptance
 * test proves both adapters behave the same.
 */
export function describeEachAdapter(
  title: string,
  suite: (app: () => TestApp) => void,
  options: { env?: Record<string, string>; extraToolModules?: Type[] } = {},
): void {
  describe.each(ADAPTERS)(`${title} [%s]`, (adapter) => {
    let testApp: TestApp | undefined;
    beforeAll(async () => {
      testApp = await startTestApp(adapter, options);
    });
    afterAll(async () => {
      await testApp?.close();
    });
    suite(() => {
      if (!testApp) throw new Error('the app did not start');
      return testApp;
    });
  });
}
