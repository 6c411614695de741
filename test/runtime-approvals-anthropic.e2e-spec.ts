/**
 * Approvals through the real Anthropic SDK against a server that speaks its wire format: what the
 * model is sent after an approval, a rejection and an expiry.
 */
import {
  type FakeAnthropicServer,
  startFakeAnthropicServer,
} from './support/fake-anthropic-server';
import { type RuntimeUser, runtimeUser } from './support/runtime-client';
import { type EventStreamConnection } from './support/sse-client';
import { SELECTED_ADAPTER, type TestApp, startTestApp } from './support/test-app';
import { type ToolServer, startHttpToolServer } from './support/tool-servers';

interface ContentBlock {
  type: string;
  tool_use_id?: string;
  content?: unknown;
  is_error?: boolean;
}

let anthropic: FakeAnthropicServer;
let crm: ToolServer;

beforeAll(async () => {
  anthropic = await startFakeAnthropicServer();
  crm = await startHttpToolServer(() => ({ json: { customer_id: 'C-42' } }));
});

afterAll(async () => {
  await anthropic.close();
  await crm.close();
});

/** The tool_result blocks of the last request the model received. */
function lastToolResults(): ContentBlock[] {
  const { messages } = anthropic.requests[anthropic.requests.length - 1].body as {
    messages: { role: string; content: string | ContentBlock[] }[];
  };
  const last = messages[messages.length - 1];
  return Array.isArray(last.content)
    ? last.content.filter((block) => block.type === 'tool_result')
    : [];
}

/**
 * An app on the fake server with the approval-gated tool `create_customer`, for the tests of
 * `suite`. (Apps of one process share their configuration while they are open: one at a time.)
 */
function describeWithApp(
  title: string,
  approvalTimeoutSeconds: string,
  suite: (pausedRun: () => Promise<PausedRun>, user: () => RuntimeUser) => void,
): void {
  describe(title, () => {
    let app: TestApp;
    let alice: RuntimeUser;
    let toolId: string;

    beforeAll(async () => {
      app = await startTestApp(SELECTED_ADAPTER, {
        env: {
          ...anthropic.env,
          APPROVAL_TIMEOUT_SECONDS: approvalTimeoutSeconds,
        },
      });
      alice = await runtimeUser(app, 'alice');
      const created = await alice.post('/api/v1/tools', {
        name: 'create_customer',
        description: 'Creates a customer',
        parameters: { type: 'object', properties: { name: { type: 'string' } } },
        implementation: { type: 'http', url: crm.url },
      });
      toolId = created.body.id as string;
    });

    afterAll(async () => {
      await app.close();
    });

    suite(
      async () => {
        const seen = anthropic.requests.length;
        anthropic.push(
          {
            text: 'I will create a customer.',
            toolCalls: [
              { id: 'toolu_02XYZ', name: 'create_customer', input: { name: 'Test Corp' } },
            ],
          },
          { text: 'I cannot proceed without approval' },
        );
        const { sessionId } = await alice.session({ provider: 'anthropic', model: 'claude-test' }, [
          toolId,
        ]);
        const stream = await alice.stream(sessionId, {
          content: 'Create a customer named Test Corp',
        });
        const requested = await stream.waitFor((frame) => frame.event === 'approval_requested');
        expect(anthropic.requests.length).toBe(seen + 1);
        return { stream, approvalId: String(requested.data.approvalId) };
      },
      () => alice,
    );
  });
}

interface PausedRun {
  stream: EventStreamConnection;
  approvalId: string;
}

describeWithApp(
  'Approvals through the real Anthropic SDK (seed 002 flow 4)',
  '3600',
  (pausedRun, alice) => {
    test('approved: the tool runs and the model reads its result', async () => {
      const { stream, approvalId } = await pausedRun();
      await alice().post(`/api/v1/approvals/${approvalId}`, { decision: 'approve' });
      const frames = await stream.ended;
      expect(frames[frames.length - 1].data).toMatchObject({ type: 'complete', reason: 'success' });
      expect(lastToolResults()).toEqual([
        expect.objectContaining({
          tool_use_id: 'toolu_02XYZ',
          content: JSON.stringify({ customer_id: 'C-42' }),
        }),
      ]);
      expect(lastToolResults()[0].is_error).not.toBe(true);
    });

    test('rejected: the model reads "User rejected" as an error and answers', async () => {
      const { stream, approvalId } = await pausedRun();
      const calls = crm.requests.length;
      await alice().post(`/api/v1/approvals/${approvalId}`, { decision: 'reject' });
      const frames = await stream.ended;
      expect(frames[frames.length - 2].data).toMatchObject({
        type: 'message',
        content: 'I cannot proceed without approval',
      });
      expect(lastToolResults()).toEqual([
        expect.objectContaining({ tool_use_id: 'toolu_02XYZ', is_error: true }),
      ]);
      expect(JSON.stringify(lastToolResults()[0].content)).toContain('User rejected');
      expect(crm.requests.length).toBe(calls);
    });
  },
);

describeWithApp('An approval nobody decides (APPROVAL_TIMEOUT_SECONDS=1)', '1', (pausedRun) => {
  test('expired: the call resolves as "Approval expired" and the model answers', async () => {
    const { stream } = await pausedRun();
    const frames = await stream.ended;
    expect(frames.find((frame) => frame.event === 'approval_resolved')?.data).toMatchObject({
      approved: false,
      reason: 'Approval expired',
    });
    expect(JSON.stringify(lastToolResults()[0].content)).toContain('Approval expired');
    expect(frames[frames.length - 1].data).toMatchObject({ type: 'complete', reason: 'success' });
  });
});
