/**
 * Remote A2A agents served as tools: the official SDK's server as the remote agent (answering,
 * streaming, asking for input, failing, working until cancelled), called through `a2a` tools over
 * REST and from an agent's run, over both bindings, with remote cards that are missing, invalid,
 * huge, slow or point where tools may not go. A remote's question in an agent's run is the run's
 * approval, decided over REST or MCP and answered in the remote task, also between two toolhubs.
 */
import { type RemoteA2aAgent, startRemoteA2aAgent } from './support/remote-a2a-agent';
import { eventually } from './support/eventually';
import { agentTool, answering } from './support/agent-tool-fixtures';
import { McpClients } from './support/mcp-clients';
import { openTaskSession } from './support/mcp-task-sessions';
import { type RuntimeUser, listeningUrl, runtimeUser } from './support/runtime-client';
import {
  SELECTED_ADAPTER,
  type TestApp,
  describeOnAdapter,
  startTestApp,
} from './support/test-app';
import { type ToolServer, startHttpToolServer } from './support/tool-servers';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
/** Small enough that a card past it is quick to serve. */
const MAX_RESPONSE_BYTES = 64 * 1024;

let counter = 0;
const unique = (base: string) => `${base}_${++counter}_${process.pid}`;

describeOnAdapter(
  'A2A tools',
  (testApp) => {
    let alice: RuntimeUser;
    let streaming: RemoteA2aAgent;
    let blocking: RemoteA2aAgent;
    const servers: ToolServer[] = [];

    beforeAll(async () => {
      alice = await runtimeUser(testApp(), 'alice');
      streaming = await startRemoteA2aAgent({ streaming: true, binding: 'HTTP+JSON' });
      blocking = await startRemoteA2aAgent({ streaming: false, binding: 'JSONRPC' });
    });

    afterAll(async () => {
      await Promise.all([streaming, blocking, ...servers].map((server) => server.close()));
    });

    async function a2aTool(implementation: Record<string, unknown>) {
      const created = await alice.post('/api/v1/tools', {
        name: unique('ask_remote'),
        description: 'Asks a remote agent',
        implementation: { type: 'a2a', ...implementation },
        requires_approval: false,
      });
      expect(created.status).toBe(201);
      return created.body as { id: string; name: string; implementation: object };
    }

    async function cardServer(answer: Parameters<typeof startHttpToolServer>[0]) {
      const server = await startHttpToolServer(answer, '/.well-known/agent-card.json');
      servers.push(server);
      return server;
    }

    describe.each([
      ['streamed over HTTP+JSON', () => streaming],
      ['polled over JSON-RPC', () => blocking],
    ])('a remote agent %s', (_title, remote) => {
      test('answers the call with its reply, its task, its context and its artifacts', async () => {
        const tool = await a2aTool({ agent_card_url: remote().cardUrl });
        const called = await alice.post(`/api/tools/${tool.name}`, { message: 'answer Acme' });
        expect(called.status).toBe(200);
        const answer = called.body.result as Record<string, unknown>;
        expect(answer).toEqual({
          response: `Acme is fine (context ${String(answer.context_id)})`,
          task_id: expect.stringMatching(UUID) as string,
          context_id: expect.stringMatching(UUID) as string,
          artifacts: [
            {
              artifact_id: 'report',
              name: 'report.txt',
              description: 'What was found',
              parts: [{ text: 'Report on Acme' }],
            },
          ],
        });
      });

      test('continues a context the call names', async () => {
        const tool = await a2aTool({ agent_card_url: remote().cardUrl });
        const first = await alice.post(`/api/tools/${tool.name}`, { message: 'answer one' });
        const contextId = first.body.result.context_id as string;
        const next = await alice.post(`/api/tools/${tool.name}`, {
          message: 'answer two',
          context_id: contextId,
        });
        expect(next.status).toBe(200);
        expect(next.body.result.context_id).toBe(contextId);
        expect(next.body.result.task_id).not.toBe(first.body.result.task_id);
        expect(remote().messages.at(-1)).toMatchObject({ text: 'answer two', contextId });
      });

      test('a remote task that fails fails the call naming the task', async () => {
        const tool = await a2aTool({ agent_card_url: remote().cardUrl });
        const called = await alice.post(`/api/tools/${tool.name}`, { message: 'fail the export' });
        expect(called.status).toBe(502);
        expect(called.body.error).toMatchObject({
          code: 'A2A_TASK_FAILED',
          details: { task_id: expect.stringMatching(UUID) as string, state: 'failed' },
        });
        expect(called.body.error.message).toContain('ended failed: could not do the export');
        expect(called.body.error.message).toContain(called.body.error.details.task_id as string);
      });

      test('a remote task that asks for input ends the call with its question', async () => {
        const tool = await a2aTool({ agent_card_url: remote().cardUrl });
        const called = await alice.post(`/api/tools/${tool.name}`, { message: 'ask account' });
        expect(called.status).toBe(502);
        expect(called.body.error).toMatchObject({
          code: 'A2A_INPUT_REQUIRED',
          details: { state: 'input-required' },
        });
        expect(called.body.error.message).toContain('Which account do you mean?');
      });

      test.each([
        ['approved', 'approve', 'the Acme one', 'You said approve because the Acme one'],
        ['rejected', 'reject', undefined, 'You said reject'],
      ] as const)(
        "in an agent's run, the remote's question is the run's approval; %s, the answer goes back to the remote task",
        async (_title, decision, reason, answered) => {
          const tool = await a2aTool({ agent_card_url: remote().cardUrl });
          const { sessionId } = await alice.session(
            {
              provider: 'scripted',
              model: 'scripted',
              script: [
                {
                  text: 'Let me ask.',
                  tool_calls: [{ id: 't0', name: tool.name, args: { message: 'ask account' } }],
                },
                { text: 'Done.' },
              ],
            },
            [tool.id],
          );
          const stream = await alice.stream(sessionId, { content: 'Which account?' });
          const requested = await stream.waitFor((frame) => frame.event === 'approval_requested');
          const approvalId = String(requested.data.approvalId);
          const question = {
            remote_agent: 'remote_helper',
            remote_task_id: expect.stringMatching(UUID) as string,
            question: 'Which account do you mean?',
          };
          expect(requested.data).toMatchObject({
            toolUseId: 't0',
            toolName: tool.name,
            args: question,
            description: "The remote agent 'remote_helper' asks: Which account do you mean?",
            persistenceState: 'persisted',
          });
          const pending = await alice.get('/api/v1/approvals?status=pending&limit=100');
          expect(pending.body.items).toContainEqual(
            expect.objectContaining({
              id: approvalId,
              run_id: requested.data.runId,
              tool_name: tool.name,
              args: question,
            }),
          );
          const decided = await alice.post(`/api/v1/approvals/${approvalId}`, {
            decision,
            reason,
          });
          expect(decided.status).toBe(200);

          const frames = await stream.ended;
          expect(frames.find((frame) => frame.event === 'approval_resolved')?.data).toMatchObject({
            approvalId,
            toolUseId: 't0',
            approved: decision === 'approve',
            reason: reason ?? null,
          });
          const result = frames.find((frame) => frame.event === 'tool_result')?.data;
          expect(result).toMatchObject({ success: true, result: { response: answered } });
          expect(frames.at(-1)?.data).toMatchObject({ type: 'complete', reason: 'success' });
          // The answer went to the task that asked, in its context.
          const { task_id, context_id } = (result as { result: Record<string, string> }).result;
          expect(requested.data.args).toMatchObject({ remote_task_id: task_id });
          expect(remote().answers.at(-1)).toEqual({
            taskId: task_id,
            contextId: context_id,
            data: { decision, ...(reason && { reason }) },
            text: reason ?? '',
          });
          // The decision is the run's: a second one is refused.
          const again = await alice.post(`/api/v1/approvals/${approvalId}`, {
            decision: 'approve',
          });
          expect(again.status).toBe(409);
        },
      );

      test("the tool's time limit cancels the remote task", async () => {
        const tool = await a2aTool({ agent_card_url: remote().cardUrl });
        const called = await alice.post(`/api/tools/${tool.name}`, { message: 'slow' });
        expect(called.status).toBe(504);
        expect(called.body.error.code).toBe('EXECUTION_TIMEOUT');
        const slowTask = await eventually('the remote to be asked to cancel', () =>
          Promise.resolve(remote().cancelled.at(-1)),
        );
        expect(slowTask).toMatch(UUID);
      });
    });

    test('headers and secret headers reach the remote; the API shows only secret names', async () => {
      const tool = await a2aTool({
        agent_card_url: streaming.cardUrl,
        headers: { 'X-Client': 'toolhub-test' },
        secret_headers: { 'X-Remote-Key': 'remote-secret' },
        skill: 'answer',
      });
      expect(tool.implementation).toEqual({
        type: 'a2a',
        agent_card_url: streaming.cardUrl,
        headers: { 'X-Client': 'toolhub-test' },
        secret_header_names: ['X-Remote-Key'],
        skill: 'answer',
      });
      const seen = streaming.headers.length;
      const called = await alice.post(`/api/tools/${tool.name}`, { message: 'stream Acme' });
      expect(called.status).toBe(200);
      expect(called.body.result.response).toBe('Acme streamed');
      const sent = streaming.headers.slice(seen);
      expect(sent.length).toBeGreaterThanOrEqual(2);
      for (const headers of sent) {
        expect(headers).toMatchObject({
          'x-client': 'toolhub-test',
          'x-remote-key': 'remote-secret',
        });
      }
      expect(streaming.messages.at(-1)?.metadata).toEqual({ skill: 'answer' });
    });

    test('the card is fetched once and kept for the next calls', async () => {
      const tool = await a2aTool({ agent_card_url: blocking.cardUrl });
      const seen = blocking.headers.length;
      for (const message of ['answer a', 'answer b']) {
        expect((await alice.post(`/api/tools/${tool.name}`, { message })).status).toBe(200);
      }
      const cardFetches = blocking.headers
        .slice(seen)
        .filter((headers) => headers.accept === 'application/json' && !headers['content-type']);
      expect(cardFetches).toHaveLength(1);
    });

    test('a skill the card does not name fails the call', async () => {
      const tool = await a2aTool({ agent_card_url: streaming.cardUrl, skill: 'translate' });
      const called = await alice.post(`/api/tools/${tool.name}`, { message: 'answer x' });
      expect(called.status).toBe(502);
      expect(called.body.error.message).toBe(
        "The remote agent 'remote_helper' has no skill 'translate'",
      );
    });

    test('the kind supplies the parameters; bad input is refused before the remote is called', async () => {
      const tool = await a2aTool({ agent_card_url: streaming.cardUrl });
      const shown = await alice.get(`/api/v1/tools/${tool.id}`);
      expect(shown.body.parameters.required).toEqual(['message']);
      const seen = streaming.messages.length;
      for (const input of [{}, { message: '' }, { message: 'hi', extra: 1 }, { message: 3 }]) {
        const refused = await alice.post(`/api/tools/${tool.name}`, input);
        expect(refused.status).toBe(400);
        expect(refused.body.error.code).toBe('INVALID_INPUT');
      }
      expect(streaming.messages.length).toBe(seen);
    });

    describe('remote cards that cannot be used: a bounded, recorded failure', () => {
      test.each([
        [
          'missing',
          { status: 404, json: { error: 'no' } },
          'TOOL_EXECUTION_FAILED',
          'answered HTTP 404',
        ],
        [
          'not JSON',
          { text: '<html>' },
          'TOOL_EXECUTION_FAILED',
          'is not a valid agent card: it is not JSON',
        ],
        ['a JSON array', { json: [1, 2] }, 'TOOL_EXECUTION_FAILED', 'it is not a JSON object'],
        [
          'without interfaces',
          { json: { name: 'x', supportedInterfaces: [] } },
          'TOOL_EXECUTION_FAILED',
          'names no interface',
        ],
        [
          'huge',
          { json: { name: 'x', padding: 'x'.repeat(MAX_RESPONSE_BYTES * 2) } },
          'TOOL_RESPONSE_TOO_LARGE',
          'bytes',
        ],
      ] as const)('the card is %s', async (_title, answer, code, message) => {
        const server = await cardServer(() => answer);
        const tool = await a2aTool({ agent_card_url: server.url });
        const called = await alice.post(`/api/tools/${tool.name}`, { message: 'hi' });
        expect(called.status).toBe(502);
        expect(called.body.error.code).toBe(code);
        expect(called.body.error.message).toContain(message);
      });

      test('a card that never comes ends at the time limit', async () => {
        const server = await cardServer(() => 'hang');
        const tool = await a2aTool({ agent_card_url: server.url });
        const called = await alice.post(`/api/tools/${tool.name}`, { message: 'hi' });
        expect(called.status).toBe(504);
        expect(called.body.error.code).toBe('EXECUTION_TIMEOUT');
      });

      test('a card whose interface is at a forbidden address is refused before connecting', async () => {
        const server = await cardServer(() => ({
          json: {
            name: 'sneaky',
            supportedInterfaces: [
              {
                url: 'http://169.254.169.254/a2a',
                protocolBinding: 'JSONRPC',
                protocolVersion: '1.0',
              },
            ],
            capabilities: { streaming: false },
          },
        }));
        const tool = await a2aTool({ agent_card_url: server.url });
        const called = await alice.post(`/api/tools/${tool.name}`, { message: 'hi' });
        expect(called.status).toBe(502);
        expect(called.body.error.code).toBe('TOOL_URL_FORBIDDEN');
      });

      test('a card at a forbidden address is refused at registration', async () => {
        const refused = await alice.post('/api/v1/tools', {
          name: unique('ask_metadata'),
          description: 'Asks the metadata service',
          implementation: { type: 'a2a', agent_card_url: 'http://169.254.169.254/card.json' },
        });
        expect(refused.status).toBe(422);
        expect(JSON.stringify(refused.body.error)).toContain('agent_card_url');
      });
    });

    test("an agent's run calls the remote agent as a tool", async () => {
      const tool = await a2aTool({ agent_card_url: streaming.cardUrl });
      const { sessionId } = await alice.session(
        {
          provider: 'scripted',
          model: 'scripted',
          script: [
            {
              text: 'Let me ask.',
              tool_calls: [{ id: 't0', name: tool.name, args: { message: 'stream Globex' } }],
            },
            { text: 'Globex is streamed.' },
          ],
        },
        [tool.id],
      );
      const stream = await alice.stream(sessionId, { content: 'How is Globex?' });
      const frames = await stream.ended;
      const result = frames.find((frame) => frame.event === 'tool_result');
      expect(result?.data).toMatchObject({
        toolName: tool.name,
        success: true,
        result: expect.objectContaining({ response: 'Globex streamed' }) as object,
      });
      expect(frames.at(-1)?.data).toMatchObject({ type: 'complete', reason: 'success' });
    });

    test("a remote failure is a recorded tool failure in an agent's run, which goes on", async () => {
      const tool = await a2aTool({ agent_card_url: blocking.cardUrl });
      const { sessionId } = await alice.session(
        {
          provider: 'scripted',
          model: 'scripted',
          script: [
            {
              text: 'Let me ask.',
              tool_calls: [{ id: 't0', name: tool.name, args: { message: 'fail the sync' } }],
            },
            { text: 'The remote agent could not do it.' },
          ],
        },
        [tool.id],
      );
      const frames = await (await alice.stream(sessionId, { content: 'Sync it' })).ended;
      const result = frames.find((frame) => frame.event === 'tool_result');
      expect(result?.data).toMatchObject({ success: false, code: 'A2A_TASK_FAILED' });
      expect(String(result?.data.error)).toContain('could not do the sync');
      expect(frames.at(-1)?.data).toMatchObject({ type: 'complete', reason: 'success' });
    });

    test('an MCP caller hears the remote task advance as progress, then gets the answer', async () => {
      const clients = new McpClients();
      try {
        const tool = await a2aTool({ agent_card_url: streaming.cardUrl });
        const { client } = await clients.connectHttp(await listeningUrl(testApp()), 'a2a', {
          Authorization: alice.auth,
        });
        await client.listTools();
        const heard: string[] = [];
        const result = await client.callTool(
          { name: tool.name, arguments: { message: 'stream Initech' } },
          undefined,
          { onprogress: ({ message }) => heard.push(message ?? '') },
        );
        expect(result.isError).toBeFalsy();
        expect(result.structuredContent).toMatchObject({ response: 'Initech streamed' });
        expect(heard).toEqual([
          'submitted',
          'working: looking up Initech',
          'working: reading Initech',
          'completed: Initech streamed',
        ]);
      } finally {
        await clients.closeAll();
      }
    });

    test("cancelling a run whose call waits on the remote's question cancels its approval and the remote task", async () => {
      const tool = await a2aTool({ agent_card_url: streaming.cardUrl });
      const { sessionId } = await alice.session(
        answering('Never.', [{ name: tool.name, args: { message: 'ask region' } }]),
        [tool.id],
      );
      const stream = await alice.stream(sessionId, { content: 'Which region?' });
      const requested = await stream.waitFor((frame) => frame.event === 'approval_requested');
      const { remote_task_id: remoteTaskId } = requested.data.args as Record<string, string>;
      const cancelled = await alice.post(`/api/v1/runs/${String(requested.data.runId)}/cancel`);
      expect(cancelled.status).toBe(202);

      const frames = await stream.ended;
      expect(frames.at(-1)?.data).toMatchObject({ type: 'complete', reason: 'cancelled' });
      const approval = await alice.get(`/api/v1/approvals/${String(requested.data.approvalId)}`);
      expect(approval.body.status).toBe('cancelled');
      await eventually('the remote task to be cancelled', () =>
        Promise.resolve(streaming.cancelled.includes(remoteTaskId) || undefined),
      );
    });

    test("an MCP task caller is asked the remote's question as the agent tool's approval", async () => {
      const clients = new McpClients();
      try {
        const tool = await a2aTool({ agent_card_url: streaming.cardUrl });
        const name = await agentTool(
          alice,
          answering('Done.', [{ name: tool.name, args: { message: 'ask customer' } }]),
          [tool.id],
        );
        const asked: string[] = [];
        const { session } = await openTaskSession(
          clients,
          await listeningUrl(testApp()),
          alice.auth,
          (request) => {
            asked.push(request.params?.message as string);
            return Promise.resolve({ action: 'accept', content: { decision: 'approve' } } as never);
          },
        );
        const { outcome } = await (await session.callTool(name, { message: 'Ask' })).settle();
        if (outcome.status === 'failed') throw outcome.error;
        expect(outcome).toMatchObject({ status: 'completed' });
        expect(asked).toHaveLength(1);
        expect(asked[0]).toContain(tool.name);
        expect(asked[0]).toContain('Which customer do you mean?');
        expect(streaming.answers.at(-1)?.data).toEqual({ decision: 'approve' });
      } finally {
        await clients.closeAll();
      }
    });

    describe('two toolhub instances', () => {
      let other: TestApp;
      let bob: RuntimeUser;
      let otherOrigin: string;

      beforeAll(async () => {
        other = await startTestApp(SELECTED_ADAPTER);
        bob = await runtimeUser(other, 'bob');
        otherOrigin = await listeningUrl(other);
      }, 120_000);

      afterAll(async () => {
        await other?.close();
      });

      test('an agent on one delegates to an agent on the other over A2A', async () => {
        const served = await bob.post('/api/v1/agents', {
          name: unique('billing'),
          description: 'Knows the invoices',
          system_prompt: 'You know the invoices.',
          model_config: {
            provider: 'scripted',
            model: 'scripted',
            script: [{ text: 'Globex has 2 open invoices.' }],
          },
          a2a: { enabled: true },
        });
        expect(served.status).toBe(201);
        const base = `${otherOrigin}/a2a/agents/${String(served.body.id)}`;
        const tool = await a2aTool({
          agent_card_url: `${base}/.well-known/agent-card.json`,
          secret_headers: { Authorization: bob.auth },
        });
        const { sessionId } = await alice.session(
          {
            provider: 'scripted',
            model: 'scripted',
            script: [
              {
                text: 'Let me ask billing.',
                tool_calls: [
                  { id: 't0', name: tool.name, args: { message: 'Invoices of Globex?' } },
                ],
              },
              { text: 'Billing says: 2 open invoices.' },
            ],
          },
          [tool.id],
        );
        const frames = await (await alice.stream(sessionId, { content: 'Ask billing' })).ended;
        const result = frames.find((frame) => frame.event === 'tool_result')?.data.result as {
          response: string;
          task_id: string;
        };
        expect(result.response).toBe('Globex has 2 open invoices.');
        expect(frames.at(-1)?.data).toMatchObject({ type: 'complete', reason: 'success' });

        // On the other instance the task is a run of bob's, which answered.
        const task = await bob
          .get(`${base.replace(otherOrigin, '')}/tasks/${result.task_id}`)
          .set('A2A-Version', '1.0');
        expect(task.status).toBe(200);
        const runId = task.body.metadata.toolhub_run_id as string;
        const run = await bob.get(`/api/v1/runs/${runId}`);
        expect(run.body).toMatchObject({ status: 'completed' });
      });

      test.each([
        ['approving', 'approve', 'Created.', 'approved'],
        ['rejecting', 'reject', 'Not created.', 'rejected'],
      ] as const)(
        "an approval on the other instance is the calling run's approval; %s it on the caller decides it on the other",
        async (_title, decision, answer, status) => {
          const crm = await startHttpToolServer();
          servers.push(crm);
          const createCustomer = await bob.post('/api/v1/tools', {
            name: unique('create_customer'),
            parameters: { type: 'object' },
            implementation: { type: 'http', url: crm.url },
            requires_approval: true,
          });
          const served = await bob.post('/api/v1/agents', {
            name: unique('crm'),
            description: 'Creates customers',
            system_prompt: 'You create customers.',
            model_config: {
              provider: 'scripted',
              model: 'scripted',
              script: [
                {
                  text: 'Creating it.',
                  tool_calls: [
                    { id: 'b0', name: createCustomer.body.name, args: { name: 'Globex' } },
                  ],
                },
                { text: answer },
              ],
            },
            tool_ids: [createCustomer.body.id],
            a2a: { enabled: true },
          });
          expect(served.status).toBe(201);
          const tool = await a2aTool({
            agent_card_url: `${otherOrigin}/a2a/agents/${String(served.body.id)}/.well-known/agent-card.json`,
            secret_headers: { Authorization: bob.auth },
          });
          const { sessionId } = await alice.session(
            {
              provider: 'scripted',
              model: 'scripted',
              script: [
                {
                  text: 'Let me ask the CRM agent.',
                  tool_calls: [{ id: 't0', name: tool.name, args: { message: 'Create Globex' } }],
                },
                { text: 'The CRM agent answered.' },
              ],
            },
            [tool.id],
          );
          const stream = await alice.stream(sessionId, { content: 'Create Globex' });
          const requested = await stream.waitFor((frame) => frame.event === 'approval_requested');
          // The other instance's question names its tool and arguments.
          expect(String(requested.data.description)).toContain(createCustomer.body.name);
          const [remoteApproval] = (await bob.get('/api/v1/approvals?status=pending')).body
            .items as { id: string; tool_name: string }[];
          expect(remoteApproval.tool_name).toBe(createCustomer.body.name);

          const decided = await alice.post(
            `/api/v1/approvals/${String(requested.data.approvalId)}`,
            {
              decision,
              reason: 'checked by alice',
            },
          );
          expect(decided.status).toBe(200);
          const frames = await stream.ended;
          const result = frames.find((frame) => frame.event === 'tool_result')?.data;
          expect(result).toMatchObject({ success: true, result: { response: answer } });
          expect(frames.at(-1)?.data).toMatchObject({ type: 'complete', reason: 'success' });
          // The decision was taken on the other instance, as bob's, with alice's reason.
          const onOther = await bob.get(`/api/v1/approvals/${remoteApproval.id}`);
          expect(onOther.body).toMatchObject({ status, reason: 'checked by alice' });
          expect(crm.requests).toHaveLength(decision === 'approve' ? 1 : 0);
        },
      );
    });
  },
  { env: { TOOL_TIMEOUT_SECONDS: '2', TOOL_MAX_RESPONSE_BYTES: String(MAX_RESPONSE_BYTES) } },
);
