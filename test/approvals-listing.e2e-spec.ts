/**
 * `GET /api/v1/approvals`: the inbox the console reads. A page of the caller's own approvals,
 * newest first, filtered by status, with the paging of every list and its bad input refused.
 */
import { eventually } from './support/eventually';
import { type RuntimeUser, runtimeUser } from './support/runtime-client';
import { describeOnAdapter } from './support/test-app';
import { type ToolServer, startHttpToolServer } from './support/tool-servers';

interface Approval {
  id: string;
  run_id: string;
  status: string;
  created_at: string;
}

interface ApprovalPage {
  items: Approval[];
  total: number;
  limit: number;
  offset: number;
}

describeOnAdapter('GET /api/v1/approvals', (testApp) => {
  let alice: RuntimeUser;
  let bob: RuntimeUser;
  let crm: ToolServer;
  /** Alice's paused runs, oldest first. */
  const runIds: string[] = [];

  const page = async (user: RuntimeUser, query: string): Promise<ApprovalPage> => {
    const response = await user.get(`/api/v1/approvals${query}`);
    expect(response.status).toBe(200);
    return response.body as ApprovalPage;
  };

  beforeAll(async () => {
    alice = await runtimeUser(testApp(), 'alice');
    bob = await runtimeUser(testApp(), 'bob');
    crm = await startHttpToolServer();
    const tool = await alice.post('/api/v1/tools', {
      name: 'create_customer',
      description: 'Creates a customer',
      parameters: { type: 'object', properties: { name: { type: 'string' } } },
      implementation: { type: 'http', url: crm.url },
    });
    const script = [
      { tool_calls: [{ name: 'create_customer', args: { name: 'Test Corp' } }] },
      { text: 'Done.' },
    ];
    for (let run = 0; run < 3; run++) {
      const { sessionId } = await alice.session(
        { provider: 'scripted', model: 'scripted', script },
        [tool.body.id as string],
      );
      const started = await alice.post(`/api/v1/sessions/${sessionId}/runs`, { content: 'Go' });
      const runId = started.body.run_id as string;
      runIds.push(runId);
      // One at a time, so their order of creation is certain.
      await eventually(`run ${run} to wait for its approval`, async () =>
        (await page(alice, '?status=pending')).items.some((a) => a.run_id === runId)
          ? true
          : undefined,
      );
    }
  });

  afterAll(async () => {
    await crm.close();
  });

  test('pages my pending approvals, newest first, with their total', async () => {
    const first = await page(alice, '?status=pending&limit=2');
    expect(first).toMatchObject({ total: 3, limit: 2, offset: 0 });
    const second = await page(alice, '?status=pending&limit=2&offset=2');
    expect(second).toMatchObject({ total: 3, limit: 2, offset: 2 });
    const listed = [...first.items, ...second.items];
    expect(listed.map((approval) => approval.run_id)).toEqual([...runIds].reverse());
    expect(listed.every((approval) => approval.status === 'pending')).toBe(true);
  });

  test("nobody else's approvals are in my list, whatever the status", async () => {
    expect(await page(bob, '?status=pending')).toEqual({
      items: [],
      total: 0,
      limit: 20,
      offset: 0,
    });
    expect((await page(bob, '')).total).toBe(0);
  });

  test('a decided approval leaves the pending list for its own status', async () => {
    const [newest] = (await page(alice, '?status=pending&limit=1')).items;
    const decided = await alice.post(`/api/v1/approvals/${newest.id}`, { decision: 'reject' });
    expect(decided.status).toBe(200);
    const pending = await page(alice, '?status=pending');
    expect(pending.total).toBe(2);
    expect(pending.items.map((approval) => approval.id)).not.toContain(newest.id);
    const rejected = await page(alice, '?status=rejected');
    expect(rejected.items.map((approval) => approval.id)).toEqual([newest.id]);
    expect((await page(alice, '')).total).toBe(3);
  });

  test.each([
    ['an unknown status', '?status=waiting', 'status'],
    ['an empty status', '?status=', 'status'],
    ['a limit of 0', '?limit=0', 'limit'],
    ['a limit over 100', '?limit=101', 'limit'],
    ['a negative offset', '?offset=-1', 'offset'],
    ['a limit that is not a number', '?limit=ten', 'limit'],
  ])('%s is a 422 naming the field', async (_what, query, field) => {
    const response = await alice.get(`/api/v1/approvals${query}`);
    expect(response.status).toBe(422);
    expect(response.body.error.code).toBe('VALIDATION_ERROR');
    expect(JSON.stringify(response.body.error)).toContain(field);
  });

  test('without a key it is a 401 envelope', async () => {
    const response = await testApp().http.get('/api/v1/approvals?status=pending');
    expect(response.status).toBe(401);
    expect(response.body).toEqual({
      success: false,
      error: { code: 'UNAUTHORIZED', message: expect.any(String) },
    });
  });
});
