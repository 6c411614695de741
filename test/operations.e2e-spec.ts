/** Health, readiness, the index at `/`, Prometheus metrics and request ids. */
import { HealthChecks } from '../src/core/health/health-checks';
import { describeHttpContract } from './support/test-app';

describeHttpContract('Operations', (testApp) => {
  test('GET /health answers ok', async () => {
    const response = await testApp().http.get('/health');
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ status: 'ok', uptimeSeconds: expect.any(Number) });
  });

  test('GET / points to the docs, the tools, the console and health, each of which answers', async () => {
    const http = testApp().http;
    const index = await http.get('/');
    expect(index.status).toBe(200);
    expect(index.body).toEqual({
      name: 'toolhub',
      docs: '/docs',
      openapi: '/docs-json',
      tools: '/api/tools',
      console: '/console',
      health: '/health',
    });
    const { docs, openapi, tools, console, health } = index.body;
    for (const path of [docs, openapi, tools, console, health]) {
      expect([path, (await http.get(path)).status]).toEqual([path, 200]);
    }
  });

  test('GET /health/ready answers ok once the database answers', async () => {
    const response = await testApp().http.get('/health/ready');
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ status: 'ok', checks: { database: 'ok' } });
  });

  test('GET /metrics counts invocations by tool, errors by code and latency by route', async () => {
    const http = testApp().http;
    await http.post('/api/tools/encodePlantUML').send({ plantumlCode: 'A -> B' });
    await http.post('/api/tools/encodePlantUML').send({ plantumlCode: '' });
    await http.post('/api/tools/no-such-tool-1').send({});
    await http.post('/api/tools/no-such-tool-2').send({});

    const response = await http.get('/metrics');
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/plain/);
    const metrics = response.text;
    expect(metrics).toMatch(
      /toolhub_tool_invocations_total\{tool="encodePlantUML",transport="rest",outcome="ok"\} [1-9]/,
    );
    expect(metrics).toMatch(
      /toolhub_tool_invocations_total\{tool="encodePlantUML",transport="rest",outcome="EMPTY_CODE"\} [1-9]/,
    );
    expect(metrics).toMatch(/toolhub_errors_total\{code="TOOL_NOT_FOUND"\} [2-9]/);
    expect(metrics).toMatch(
      /toolhub_http_request_duration_seconds_count\{method="POST",route="\/api\/tools\/:toolName",status="200"\} [1-9]/,
    );
    expect(metrics).toMatch(
      /toolhub_http_request_duration_seconds_count\{method="POST",route="\/api\/tools\/:toolName",status="404"\} [2-9]/,
    );
    expect(metrics).toMatch(
      /toolhub_http_request_duration_seconds_bucket\{le="\+Inf",method="POST",route="\/api\/tools\/:toolName",status="200"\} [1-9]/,
    );
    // Names a client makes up never become label values (bounded cardinality).
    expect(metrics).not.toContain('no-such-tool');
  });

  test('a sane X-Request-Id is echoed, anything else is replaced by a UUID', async () => {
    const http = testApp().http;
    const given = await http.get('/health').set('X-Request-Id', 'agent-42.call:7');
    expect(given.headers['x-request-id']).toBe('agent-42.call:7');
    const generated = await http.get('/health');
    expect(generated.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    const hostile = await http.get('/health').set('X-Request-Id', 'x'.repeat(500));
    expect(hostile.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  // Last: the failing check it registers stays registered in this app.
  test('GET /health/ready answers 503 NOT_READY, naming what failed, while liveness stays ok', async () => {
    const { app, http } = testApp();
    // As a feature registers its check; this one's dependency is down.
    app
      .get(HealthChecks)
      .register('queue', () => Promise.reject(new Error('connect ECONNREFUSED')));
    const response = await http.get('/health/ready');
    expect(response.status).toBe(503);
    expect(response.body).toEqual({
      success: false,
      error: {
        code: 'NOT_READY',
        message: 'Not ready: queue failed',
        details: { checks: { database: 'ok', queue: 'failed: connect ECONNREFUSED' } },
      },
    });
    expect((await http.get('/health')).status).toBe(200);
  });
});
