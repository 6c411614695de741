import { once } from 'node:events';
import { type Server, createServer } from 'node:http';
import { type AddressInfo } from 'node:net';
import { Controller, Get, Post } from '@nestjs/common';
import { DiscoveryModule } from '@nestjs/core';
import { Test, type TestingModule } from '@nestjs/testing';
import { SpanKind } from '@opentelemetry/api';
import { useHttpInstrumentation } from '../../../test/support/http-instrumentation';
import { useInMemoryTracing } from '../../../test/support/in-memory-tracing';
import { HTTP_INSTRUMENTATION_CONFIG } from '../telemetry/http-instrumentation.config';
import { CorsPolicy } from './cors';
import { RouteCatalog } from './route-catalog.service';
import { nameServerSpansByRoute } from './route-spans';

@Controller('api/v1/sessions')
class SessionsController {
  @Get()
  list(): void {}

  @Post(':id/runs')
  run(): void {}
}

@Controller('health')
class HealthController {
  @Get()
  live(): void {}

  @Get('ready')
  ready(): void {}
}

/**
 * The HTTP instrumentation as the server configures it, on a real socket: whatever the route,
 * the server span's name and attributes. The server answers every request itself, so what is
 * tested is the naming alone, the same under either adapter.
 */
describe('HTTP server spans', () => {
  const spans = useInMemoryTracing();
  useHttpInstrumentation(HTTP_INSTRUMENTATION_CONFIG);
  let moduleRef: TestingModule;
  let server: Server;
  let baseUrl: string;

  beforeAll(async () => {
    moduleRef = await Test.createTestingModule({
      imports: [DiscoveryModule],
      controllers: [SessionsController, HealthController],
      providers: [RouteCatalog, { provide: CorsPolicy, useValue: new CorsPolicy() }],
    }).compile();
    await moduleRef.init();
    server = createServer((_request, response) => response.end('ok'));
    nameServerSpansByRoute(server, moduleRef.get(RouteCatalog));
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
    await moduleRef.close();
  });

  /** The server span of the one request sent, once it has ended. */
  async function spanOf(method: string, path: string, headers: Record<string, string> = {}) {
    const response = await fetch(`${baseUrl}${path}`, { method, headers });
    await response.text();
    return spans.ended((span) => span.kind === SpanKind.SERVER);
  }

  it('names a span by the route template and method, and sets http.route', async () => {
    const span = await spanOf('POST', '/api/v1/sessions/ses_42/runs');
    expect(span.name).toBe('POST /api/v1/sessions/:id/runs');
    expect(span.attributes['http.route']).toBe('/api/v1/sessions/:id/runs');
    expect(span.attributes['url.path']).toBe('/api/v1/sessions/ses_42/runs');
    expect(span.attributes['http.response.status_code']).toBe(200);
  });

  it('records neither the query nor the key a request carries', async () => {
    const span = await spanOf('POST', '/api/v1/sessions/ses_42/runs?stream=true&token=q-secret', {
      Authorization: 'Bearer th_key-secret',
    });
    expect(span.name).toBe('POST /api/v1/sessions/:id/runs');
    expect(span.attributes).not.toHaveProperty('url.query');
    expect(span.attributes['url.path']).toBe('/api/v1/sessions/ses_42/runs');
    const recorded = JSON.stringify(span.attributes);
    expect(recorded).not.toContain('secret');
    expect(recorded).not.toContain('stream=true');
  });

  it('names HEAD by the GET route that answers it', async () => {
    const span = await spanOf('HEAD', '/api/v1/sessions/');
    expect(span.name).toBe('HEAD /api/v1/sessions');
  });

  it.each([
    ['GET', '/nowhere/ses_42'],
    // A known path, but no route serves GET there (405): no route matched.
    ['GET', '/api/v1/sessions/ses_42/runs'],
  ])('names %s %s, which no route serves, by its method alone', async (method, path) => {
    const span = await spanOf(method, path);
    expect(span.name).toBe(method);
    expect(span.attributes).not.toHaveProperty('http.route');
  });

  it.each(['/health', '/health/ready', '/health/', '/metrics?name=x'])(
    'starts no span for a probe or scrape of %s',
    async (path) => {
      const response = await fetch(`${baseUrl}${path}`);
      expect(await response.text()).toBe('ok');
      // A traced request's span starts before the server answers it.
      expect(spans.started()).toEqual([]);
    },
  );

  it('starts spans again for other paths after a probe', async () => {
    await (await fetch(`${baseUrl}/health`)).text();
    const span = await spanOf('GET', '/api/v1/sessions');
    expect(span.name).toBe('GET /api/v1/sessions');
    expect(spans.started()).toHaveLength(1);
  });
});
