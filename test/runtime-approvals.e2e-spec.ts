/**
 * Tool calls that wait for the user's approval, decided over REST, durable across a restart, one
 * decision per parallel call, expiry and cancellation.
 */
import { type RuntimeUser, runtimeUser } from './support/runtime-client';
import { type SseFrame } from './support/sse-client';
import { createTestDatabase, type TestDatabase } from './support/test-database';
import { SELECTED_ADAPTER, describeOnAdapter, startTestApp } from './support/test-app';
import { type ToolServer, startHttpToolServer } from './support/tool-servers';

const DIAGRAM = '@startuml\nA -> B\n@enduml';
const typesOf = (frames: readonly SseFrame[]) => frames.map((frame) => frame.event);
const persisted = (frames: readonly SseFrame[]) =>
  frames.filter((frame) => frame.data.persistenceState === 'persisted');

interface Approval {
  id: string;
  run_id: string;
  tool_use_id: string;
  tool_name: string;
  status: string;
  args: Record<string, unknown>;
}

/** The approval script: a write the user must approve, then an answer either way. */
function approvalScript(toolName: string, args: Record<string, unknown>) {
  return {
    provider: 'scripted',
    model: 'scripted',
    script: [
      {
        text: 'I will create a customer.',
        tool_calls: [{ id: 'toolu_02XYZ', name: toolName, args }],
      },
      { text: 'Done, as you decided.' },
    ],
  };
}

describeOnAdapter('Approvals (seed 002 flow 4)', (testApp) => {
  let alice: RuntimeUser;
  let bob: RuntimeUser;
  let crm: ToolServer;
  let createCustomerId: string;
  let encodeToolId: string;

  beforeAll(async () => {
    alice = await runtimeUser(testApp(), 'alice');
    bob = await runtimeUser(testApp(), 'bob');
    crm = await startHttpToolServer();
    const created = await alice.post('/api/v1/tools', {
      name: `create_customer_${Date.now()}`,
      description: 'Creates a customer',
      parameters: { type: 'object', properties: { name: { type: 'string' } } },
      implementation: { type: 'http', url: crm.url },
    });
    expect(created.body.requires_approval).toBe(true);
    createCustomerId = created.body.id as string;
    const listed = await alice.get('/api/v1/tools?search=encodePlantUML');
    const encode = (listed.body as { items: { id: string; requires_approval: boolean }[] })
      .items[0];
    expect(encode.requires_approval).toBe(false);
    encodeToolId = encode.id;
  });

  afterAll(async () => {
    await crm.close();
  });

  async function pausedRun(toolName?: string) {
    const tool = await alice.get(`/api/v1/tools/${createCustomerId}`);
    const { sessionId } = await alice.session(
      approvalScript(toolName ?? (tool.body.name as string), { name: 'Test Corp' }),
      [createCustomerId],
    );
    const stream = await alice.stream(sessionId, { content: 'Create a customer named Test Corp' });
    const requested = await stream.waitFor((frame) => frame.event === 'approval_requested');
    const runId = String(requested.data.runId);
    return { sessionId, stream, requested, runId };
  }

  test('approve: tool_use, approval_requested, then approval_resolved, the tool runs, message, complete', async () => {
    const before = crm.requests.length;
    const { sessionId, stream, requested, runId } = await pausedRun();
    expect(requested.data).toMatchObject({
      toolUseId: 'toolu_02XYZ',
      args: { name: 'Test Corp' },
      persistenceState: 'persisted',
      description: expect.stringContaining('Test Corp') as string,
    });
    expect((await alice.get(`/api/v1/runs/${runId}`)).body.status).toBe('awaiting_approval');
    expect(crm.requests.length).toBe(before);
    const pending = await alice.get('/api/v1/approvals?status=pending');
    expect(pending.body.items.map((a: Approval) => a.id)).toContain(requested.data.approvalId);

    const decided = await alice.post(`/api/v1/approvals/${String(requested.data.approvalId)}`, {
      decision: 'approve',
    });
    expect(decided.status).toBe(200);
    expect(decided.body).toMatchObject({ status: 'approved', tool_use_id: 'toolu_02XYZ' });
    const frames = await stream.ended;
    expect(typesOf(persisted(frames))).toEqual([
      'user_message_sent',
      'message',
      'tool_use',
      'approval_requested',
      'approval_resolved',
      'tool_result',
      'message',
    ]);
    expect(frames.map((frame) => Number(frame.id))).toEqual(frames.map((_, index) => index));
    const numbers = persisted(frames).map((frame) => frame.data.sequenceNumber);
    expect(numbers).toEqual([0, 1, 2, 3, 4, 5, 6]);
    const resolved = frames.find((frame) => frame.event === 'approval_resolved')!.data;
    expect(resolved).toMatchObject({ approved: true, approvalId: requested.data.approvalId });
    const result = frames.find((frame) => frame.event === 'tool_result')!.data;
    expect(result).toMatchObject({ success: true, result: { received: { name: 'Test Corp' } } });
    expect(crm.requests.length).toBe(before + 1);
    expect(frames[frames.length - 1].data).toMatchObject({ type: 'complete', reason: 'success' });
    expect((await alice.get(`/api/v1/runs/${runId}`)).body.status).toBe('completed');
    const again = await alice.post(`/api/v1/approvals/${String(requested.data.approvalId)}`, {
      decision: 'reject',
    });
    expect(again.status).toBe(409);
    expect(again.body.error.code).toBe('APPROVAL_RESOLVED');
    const log = await alice.get(`/api/v1/sessions/${sessionId}/events`);
    expect(log.body.items).toHaveLength(7);
  });

  test('reject: the tool does not run, the model reads "User rejected" and answers', async () => {
    const before = crm.requests.length;
    const { stream, requested } = await pausedRun();
    await alice.post(`/api/v1/approvals/${String(requested.data.approvalId)}`, {
      decision: 'reject',
      reason: 'Not this one',
    });
    const frames = await stream.ended;
    expect(frames.find((f) => f.event === 'approval_resolved')!.data).toMatchObject({
      approved: false,
      reason: 'Not this one',
    });
    expect(frames.find((f) => f.event === 'tool_result')!.data).toMatchObject({
      success: false,
      error: 'User rejected',
    });
    expect(typesOf(frames).slice(-2)).toEqual(['message', 'complete']);
    expect(crm.requests.length).toBe(before);
  });

  test('a new run while an approval is pending is 409 PENDING_APPROVAL naming it; cancel resolves it', async () => {
    const { sessionId, stream, requested, runId } = await pausedRun();
    const refused = await alice.post(`/api/v1/sessions/${sessionId}/runs`, { content: 'and?' });
    expect(refused.status).toBe(409);
    expect(refused.body.error).toMatchObject({
      code: 'PENDING_APPROVAL',
      details: { approval_ids: [requested.data.approvalId] },
    });
    expect((await alice.post(`/api/v1/runs/${runId}/cancel`)).status).toBe(202);
    const frames = await stream.ended;
    expect(frames.slice(-3).map((frame) => frame.data)).toEqual([
      expect.objectContaining({
        type: 'approval_resolved',
        approved: false,
        reason: 'Run cancelled',
      }),
      expect.objectContaining({ type: 'tool_result', success: false, error: 'Run cancelled' }),
      expect.objectContaining({ type: 'complete', reason: 'cancelled' }),
    ]);
    expect((await alice.get(`/api/v1/runs/${runId}`)).body.status).toBe('cancelled');
    const approval = await alice.get(`/api/v1/approvals/${String(requested.data.approvalId)}`);
    expect(approval.body.status).toBe('cancelled');
  });

  test("another user's approval is 404 and cannot be decided", async () => {
    const { requested, runId } = await pausedRun();
    const id = String(requested.data.approvalId);
    expect((await bob.get(`/api/v1/approvals/${id}`)).status).toBe(404);
    const decided = await bob.post(`/api/v1/approvals/${id}`, { decision: 'approve' });
    expect(decided.status).toBe(404);
    expect(decided.body.error.code).toBe('APPROVAL_NOT_FOUND');
    expect((await bob.get('/api/v1/approvals')).body.items).toEqual([]);
    await alice.post(`/api/v1/runs/${runId}/cancel`);
  });

  test('422 for a decision that is neither approve nor reject', async () => {
    const { requested, runId } = await pausedRun();
    const response = await alice.post(`/api/v1/approvals/${String(requested.data.approvalId)}`, {
      decision: 'maybe',
    });
    expect(response.status).toBe(422);
    await alice.post(`/api/v1/runs/${runId}/cancel`);
  });

  test('parallel calls: one approval each, free tools run at once, one result per call whatever the order', async () => {
    const tool = await alice.get(`/api/v1/tools/${createCustomerId}`);
    const name = tool.body.name as string;
    const { sessionId } = await alice.session(
      {
        provider: 'scripted',
        model: 'scripted',
        script: [
          {
            tool_calls: [
              { id: 'toolu_a', name, args: { name: 'A' } },
              { id: 'toolu_free', name: 'encodePlantUML', args: { plantumlCode: DIAGRAM } },
              { id: 'toolu_b', name, args: { name: 'B' } },
            ],
          },
          { text: 'All answered.' },
        ],
      },
      [createCustomerId, encodeToolId],
    );
    const stream = await alice.stream(sessionId, { content: 'Create A and B, and draw' });
    await stream.waitFor(
      () => stream.frames.filter((frame) => frame.event === 'approval_requested').length === 2,
    );
    const requests = stream.frames.filter((frame) => frame.event === 'approval_requested');
    expect(requests.map((frame) => frame.data.toolUseId)).toEqual(['toolu_a', 'toolu_b']);
    const freeResult = stream.frames.find((frame) => frame.event === 'tool_result');
    expect(freeResult?.data).toMatchObject({ toolUseId: 'toolu_free', success: true });
    // Decided in the other order than requested.
    await alice.post(`/api/v1/approvals/${String(requests[1].data.approvalId)}`, {
      decision: 'approve',
    });
    await alice.post(`/api/v1/approvals/${String(requests[0].data.approvalId)}`, {
      decision: 'reject',
    });
    const frames = await stream.ended;
    const results = frames.filter((frame) => frame.event === 'tool_result');
    expect(results.map((frame) => frame.data.toolUseId).sort()).toEqual(
      ['toolu_a', 'toolu_b', 'toolu_free'].sort(),
    );
    expect(results.find((f) => f.data.toolUseId === 'toolu_a')!.data.success).toBe(false);
    expect(results.find((f) => f.data.toolUseId === 'toolu_b')!.data.success).toBe(true);
    expect(frames[frames.length - 1].data).toMatchObject({ type: 'complete', reason: 'success' });
  });

  test('an agent can require approval for a tool that needs none (PUT /agents/{id}/tools)', async () => {
    const { agentId, sessionId } = await alice.session(
      approvalScript('encodePlantUML', { plantumlCode: DIAGRAM }),
      [encodeToolId],
    );
    const relinked = await alice.put(`/api/v1/agents/${agentId}/tools`, {
      tool_ids: [{ tool_id: encodeToolId, requires_approval: true }],
    });
    expect(relinked.status).toBe(200);
    expect(relinked.body.tools).toEqual([
      expect.objectContaining({ id: encodeToolId, requires_approval: true }),
    ]);
    expect(relinked.body.tool_ids).toEqual([encodeToolId]);
    const stream = await alice.stream(sessionId, { content: 'Draw' });
    const requested = await stream.waitFor((frame) => frame.event === 'approval_requested');
    await alice.post(`/api/v1/runs/${String(requested.data.runId)}/cancel`);
    await stream.ended;
  });
});

describe('Approvals across a restart, and expiry', () => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await createTestDatabase();
  });

  afterAll(async () => {
    await database.drop();
  });

  test('approve after a restart: the run resumes from the stored events to complete, gap-free', async () => {
    const first = await startTestApp(SELECTED_ADAPTER, { env: database.env });
    let sessionId: string;
    let approvalId: string;
    let runId: string;
    const crm = await startHttpToolServer();
    try {
      const alice = await runtimeUser(first, 'alice');
      const created = await alice.post('/api/v1/tools', {
        name: 'create_customer',
        parameters: { type: 'object' },
        implementation: { type: 'http', url: crm.url },
      });
      ({ sessionId } = await alice.session(
        approvalScript('create_customer', { name: 'Test Corp' }),
        [created.body.id as string],
      ));
      const stream = await alice.stream(sessionId, { content: 'Create Test Corp' });
      const requested = await stream.waitFor((frame) => frame.event === 'approval_requested');
      approvalId = String(requested.data.approvalId);
      runId = String(requested.data.runId);
      stream.close();
    } finally {
      await first.close();
    }
    const second = await startTestApp(SELECTED_ADAPTER, { env: database.env });
    try {
      const alice = await runtimeUser(second, 'alice');
      expect((await alice.get(`/api/v1/runs/${runId}`)).body.status).toBe('awaiting_approval');
      const follow = await alice.follow(runId, { 'Last-Event-ID': '-1' });
      await follow.waitFor((frame) => frame.event === 'approval_requested');
      const decided = await alice.post(`/api/v1/approvals/${approvalId}`, { decision: 'approve' });
      expect(decided.status).toBe(200);
      const frames = await follow.ended;
      expect(frames[frames.length - 1].data).toMatchObject({ type: 'complete', reason: 'success' });
      expect(frames.find((f) => f.event === 'tool_result')!.data.success).toBe(true);
      const log = await alice.get(`/api/v1/sessions/${sessionId}/events`);
      const numbers = log.body.items.map(
        (event: { sequenceNumber: number }) => event.sequenceNumber,
      );
      expect(numbers).toEqual(numbers.map((_: unknown, index: number) => index));
      expect(log.body.items.map((event: { type: string }) => event.type)).toEqual([
        'user_message_sent',
        'message',
        'tool_use',
        'approval_requested',
        'approval_resolved',
        'tool_result',
        'message',
      ]);
      expect(crm.requests).toHaveLength(1);
    } finally {
      await second.close();
      await crm.close();
    }
    // Two app boots on one database, one after the other: a busy machine must not fail it.
  }, 120_000);

  test('an approval not decided in APPROVAL_TIMEOUT_SECONDS resolves as expired', async () => {
    const app = await startTestApp(SELECTED_ADAPTER, { env: { APPROVAL_TIMEOUT_SECONDS: '1' } });
    try {
      const alice = await runtimeUser(app, 'alice');
      const listed = await alice.get('/api/v1/tools?search=encodePlantUML');
      const encodeId = (listed.body as { items: { id: string }[] }).items[0].id;
      const { sessionId } = await alice.session(
        approvalScript('encodePlantUML', { plantumlCode: DIAGRAM }),
        [],
      );
      const session = await alice.get(`/api/v1/sessions/${sessionId}`);
      await alice.put(`/api/v1/agents/${String(session.body.agent_id)}/tools`, {
        tool_ids: [{ tool_id: encodeId, requires_approval: true }],
      });
      const stream = await alice.stream(sessionId, { content: 'Draw, later' });
      const frames = await stream.ended;
      expect(frames.find((f) => f.event === 'approval_resolved')!.data).toMatchObject({
        approved: false,
        reason: 'Approval expired',
      });
      expect(frames.find((f) => f.event === 'tool_result')!.data).toMatchObject({
        success: false,
        error: 'Approval expired',
      });
      expect(frames[frames.length - 1].data).toMatchObject({ type: 'complete', reason: 'success' });
    } finally {
      await app.close();
    }
  });
});
