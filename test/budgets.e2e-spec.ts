/**
 * Budgets over real HTTP and the official MCP client: admins manage them, bad input is a 4xx
 * envelope, and a used-up budget refuses REST tool calls (429 with Retry-After and the
 * RateLimit fields), test-runs, run and workflow-run starts, and MCP calls (a JSON-RPC error
 * whose data names the code), each refusal recorded in the audit log.
 */
import { ApiKeysService } from '../src/api-keys/api-keys.service';
import { BUDGET_EXCEEDED_RPC_CODE } from '../src/mcp/budget-refusal';
import { bearerFor } from './support/api-key';
import { McpClients, callTool, rejectionOf } from './support/mcp-clients';
import { listeningUrl, runtimeUser } from './support/runtime-client';
import { SELECTED_ADAPTER, type TestApp, startTestApp } from './support/test-app';

const BUDGETS = '/api/v1/budgets';
const DIAGRAM = { plantumlCode: '@startuml\nA -> B\n@enduml' };

interface Budget {
  id: string;
  used: Record<string, number>;
  resets_at: string;
  window_start: string;
}

describe('Budgets over HTTP', () => {
  let testApp: TestApp;
  let admin: string;
  const clients = new McpClients();

  beforeAll(async () => {
    testApp = await startTestApp(SELECTED_ADAPTER);
    admin = await bearerFor(testApp.app, 'admin');
  });

  afterAll(async () => {
    await clients.closeAll();
    await testApp?.close();
  });

  const create = (body: object) =>
    testApp.http.post(BUDGETS).set('Authorization', admin).send(body);
  const view = async (id: string) =>
    (await testApp.http.get(`${BUDGETS}/${id}`).set('Authorization', admin)).body as Budget;
  const callEncode = (auth: string) =>
    testApp.http.post('/api/tools/encodePlantUML').set('Authorization', auth).send(DIAGRAM);

  test('an admin creates, reads, lists and deletes a budget; its view shows use and reset', async () => {
    const created = await create({ scope: { user: 'zed' }, period: 'day', limits: { runs: 5 } });
    expect(created.status).toBe(201);
    const budget = created.body as Budget;
    expect(created.body).toMatchObject({
      scope: { user: 'zed' },
      period: 'day',
      limits: { runs: 5 },
      used: { runs: 0 },
    });
    const start = new Date(budget.window_start);
    expect(start.getUTCHours()).toBe(0);
    expect(new Date(budget.resets_at).getTime() - start.getTime()).toBe(86_400_000);
    expect(await view(budget.id)).toEqual(budget);
    const listed = await testApp.http.get(BUDGETS).set('Authorization', admin);
    expect((listed.body as { items: Budget[] }).items).toContainEqual(budget);

    const deleted = await testApp.http
      .delete(`${BUDGETS}/${budget.id}`)
      .set('Authorization', admin);
    expect(deleted.body).toEqual({ deleted: true, id: budget.id });
    const gone = await testApp.http.get(`${BUDGETS}/${budget.id}`).set('Authorization', admin);
    expect(gone.status).toBe(404);
    expect(gone.body).toMatchObject({ success: false, error: { code: 'BUDGET_NOT_FOUND' } });
    const again = await testApp.http.delete(`${BUDGETS}/${budget.id}`).set('Authorization', admin);
    expect(again.status).toBe(404);
    const notAnId = await testApp.http.get(`${BUDGETS}/not-an-id`).set('Authorization', admin);
    expect(notAnId.status).toBe(404);
  });

  test.each([
    ['no limit', { scope: { user: 'a' }, period: 'day', limits: {} }, 'limits'],
    [
      'a negative limit',
      { scope: { user: 'a' }, period: 'day', limits: { runs: -1 } },
      'limits.runs',
    ],
    [
      'a fractional limit',
      { scope: { user: 'a' }, period: 'day', limits: { tokens: 1.5 } },
      'limits.tokens',
    ],
    [
      'user and key_id',
      { scope: { user: 'a', key_id: 'k' }, period: 'day', limits: { runs: 1 } },
      'scope',
    ],
    ['an empty scope', { scope: {}, period: 'day', limits: { runs: 1 } }, 'scope'],
    ['an unknown period', { scope: { user: 'a' }, period: 'week', limits: { runs: 1 } }, 'period'],
    ['no scope', { period: 'day', limits: { runs: 1 } }, 'scope'],
  ])('a budget with %s is refused with 422', async (_case, body, field) => {
    const response = await create(body);
    expect(response.status).toBe(422);
    const error = (response.body as { error: { code: string; details: { field: string }[] } })
      .error;
    expect(error.code).toBe('VALIDATION_ERROR');
    expect(error.details.map((issue) => issue.field)).toContain(field);
  });

  test('members get 403 on every budget route', async () => {
    const member = await bearerFor(testApp.app, 'member', 'mia', 'member');
    const created = await create({ scope: { user: 'mia' }, period: 'day', limits: { runs: 1 } });
    const id = (created.body as Budget).id;
    const responses = await Promise.all([
      testApp.http.get(BUDGETS).set('Authorization', member),
      testApp.http.get(`${BUDGETS}/${id}`).set('Authorization', member),
      testApp.http.delete(`${BUDGETS}/${id}`).set('Authorization', member),
      testApp.http
        .post(BUDGETS)
        .set('Authorization', member)
        .send({ scope: { user: 'mia' }, period: 'day', limits: { runs: 9 } }),
    ]);
    expect(responses.map((response) => response.status)).toEqual([403, 403, 403, 403]);
  });

  test('REST tool calls past a key’s budget get 429 with Retry-After and the RateLimit fields', async () => {
    const { id: keyId, key } = await testApp.app
      .get(ApiKeysService)
      .create({ name: 'limited', user: 'bob', role: 'member' });
    const auth = `Bearer ${key}`;
    const created = await create({
      scope: { key_id: keyId },
      period: 'month',
      limits: { tool_calls: 2 },
    });
    const budget = created.body as Budget;
    expect((await callEncode(auth)).status).toBe(200);
    expect((await callEncode(auth)).status).toBe(200);
    const refused = await callEncode(auth);
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({
      success: false,
      error: { code: 'BUDGET_EXCEEDED', details: { budget_id: budget.id, limit: 2 } },
    });
    const retryAfter = Number(refused.headers['retry-after']);
    const untilReset = (new Date(budget.resets_at).getTime() - Date.now()) / 1000;
    expect(retryAfter).toBeGreaterThan(0);
    expect(Math.abs(retryAfter - untilReset)).toBeLessThan(60);
    expect(refused.headers['ratelimit-policy']).toMatch(
      new RegExp(`^"budget-${budget.id}";q=2;w=\\d+$`),
    );
    expect(refused.headers.ratelimit).toBe(`"budget-${budget.id}";r=0;t=${retryAfter}`);
    expect((await view(budget.id)).used).toEqual({ tool_calls: 2 });
    // Another key of the same user is not limited by this key's budget.
    expect((await callEncode(await bearerFor(testApp.app, 'other', 'bob'))).status).toBe(200);

    const audit = await testApp.http
      .get('/api/v1/audit?type=budget.exceeded&user=bob')
      .set('Authorization', admin);
    expect((audit.body as { items: unknown[] }).items).toEqual([
      expect.objectContaining({
        type: 'budget.exceeded',
        user: 'bob',
        key_id: keyId,
        transport: 'rest',
        target: budget.id,
        outcome: 'denied',
        error_code: 'BUDGET_EXCEEDED',
        details: { budget_id: budget.id, dimension: 'tool_calls', limit: 2, period: 'month' },
      }),
    ]);
  });

  test('over MCP a refused call is a JSON-RPC error whose data carries the code and retry_after', async () => {
    const auth = await bearerFor(testApp.app, 'mcp', 'maude');
    await create({ scope: { user: 'maude' }, period: 'month', limits: { tool_calls: 1 } });
    const { client } = await clients.connectHttp(await listeningUrl(testApp), 'budgets', {
      Authorization: auth,
    });
    const first = await callTool(client, 'encodePlantUML', DIAGRAM);
    expect(first.isError).toBeFalsy();
    const error = (await rejectionOf(callTool(client, 'encodePlantUML', DIAGRAM))) as {
      code: number;
      data: { code: string; retry_after: number };
    };
    expect(error.code).toBe(BUDGET_EXCEEDED_RPC_CODE);
    expect(error.data.code).toBe('BUDGET_EXCEEDED');
    expect(error.data.retry_after).toBeGreaterThan(0);
  });

  test('a used-up budget refuses test-runs, run starts and workflow-run starts with 429', async () => {
    const user = await runtimeUser(testApp, 'tess');
    const tools = await user.get('/api/v1/tools?search=encodePlantUML');
    const toolId = (tools.body as { items: { id: string; name: string }[] }).items.find(
      (tool) => tool.name === 'encodePlantUML',
    )!.id;
    const { sessionId } = await user.session();
    const workflow = await user.post('/api/v1/workflows', {
      name: `budgeted_${process.pid}`,
      steps: [{ type: 'tool', id: toolId, input: DIAGRAM }],
    });
    expect(workflow.status).toBe(201);
    await create({ scope: { user: 'tess' }, period: 'month', limits: { tool_calls: 0, runs: 0 } });

    const testRun = await user.post(`/api/v1/tools/${toolId}/test`, { params: DIAGRAM });
    const run = await user.post(`/api/v1/sessions/${sessionId}/runs`, { content: 'Hello' });
    const workflowRun = await user.post(
      `/api/v1/workflows/${(workflow.body as { id: string }).id}/runs`,
      { input: {} },
    );
    for (const response of [testRun, run, workflowRun]) {
      expect(response.status).toBe(429);
      expect(response.body).toMatchObject({ error: { code: 'BUDGET_EXCEEDED' } });
      expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
    }
  });
});
