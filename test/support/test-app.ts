import { type INestApplication, type Type } from '@nestjs/common';
import request from 'supertest';
import type TestAgent from 'supertest/lib/agent';
import { createApp } from '../../src/create-app';
import { type HttpAdapterName, loadAppConfig } from '../../src/core/config';
import { createTestDatabase } from './test-database';

/**
 * Which suites run on which adapter. Everything that differs between Express and Fastify is the
 * HTTP layer (src/core/http): body parsing and its limits, bad input, CORS and headers, multipart
 * uploads, SSE framing, the wire contract of the tool service, MCP over HTTP and the OpenAPI
 * document, and the server process. Suites of that contract run on both adapters
 * (`describeHttpContract`). Every other suite tests behaviour behind the adapter, the same code
 * on either, so it runs once (`describeOnAdapter`), on the adapter `HTTP_ADAPTER` names (Express
 * when unset, as the server's own default); CI runs the acceptance suites a second time with
 * `HTTP_ADAPTER=fastify`, so each one runs on each adapter. Setting `HTTP_ADAPTER` narrows the
 * contract suites to that adapter too: `npm run test:fastify` runs everything on Fastify only.
 */
export const SELECTED_ADAPTER: HttpAdapterName = loadAppConfig({
  HTTP_ADAPTER: process.env.HTTP_ADAPTER,
}).http.adapter;

export const CONTRACT_ADAPTERS: readonly HttpAdapterName[] = process.env.HTTP_ADAPTER
  ? [SELECTED_ADAPTER]
  : ['express', 'fastify'];

type TestAppOptions = { env?: Record<string, string>; extraToolModules?: Type[] };

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
  options: TestAppOptions = {},
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

/** Runs a suite of the HTTP contract once per adapter (both, unless `HTTP_ADAPTER` names one). */
export function describeHttpContract(
  title: string,
  suite: (app: () => TestApp) => void,
  options: TestAppOptions = {},
): void {
  describe.each(CONTRACT_ADAPTERS)(`${title} [%s]`, (adapter) => {
    describeWithApp(adapter, suite, options);
  });
}

/** Runs a behaviour suite once, on the adapter `HTTP_ADAPTER` selects (Express by default). */
export function describeOnAdapter(
  title: string,
  suite: (app: () => TestApp) => void,
  options: TestAppOptions = {},
): void {
  describe(`${title} [${SELECTED_ADAPTER}]`, () => {
    describeWithApp(SELECTED_ADAPTER, suite, options);
  });
}

/**
 * A safety net, not a measure: a boot (database, migrations, job queues) takes about a second,
 * but on a machine busy with other suites it can take many times that.
 */
const APP_BOOT_TIMEOUT_MS = 120_000;

/** One app booted for the whole suite, closed after it. */
function describeWithApp(
  adapter: HttpAdapterName,
  suite: (app: () => TestApp) => void,
  options: TestAppOptions,
): void {
  let testApp: TestApp | undefined;
  beforeAll(async () => {
    testApp = await startTestApp(adapter, options);
  }, APP_BOOT_TIMEOUT_MS);
  afterAll(async () => {
    await testApp?.close();
  }, APP_BOOT_TIMEOUT_MS);
  suite(() => {
    if (!testApp) throw new Error('the app did not start');
    return testApp;
  });
}
