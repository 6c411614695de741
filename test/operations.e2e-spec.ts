/** Health, Prometheus metrics and request ids. */
import { describeEachAdapter } from './support/test-app';

describeEachAdapter('Operations', (testApp) => {
  test('GET /health answers ok', async () => {
    const response = await testApp().http.get('/health');
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ status: 'ok', uptimeSeconds: expect.any(Number) });
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
});
