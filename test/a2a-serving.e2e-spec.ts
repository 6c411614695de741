/**
 * toolhub's agents served over A2A to the official SDK's client: the agent card, both bindings,
 * blocking and streamed sends, a context continuing its session, an approval asked as
 * `input-required` and decided by a follow-up message, cancel, get and list, push notifications
 * to a real receiver that checks their Standard Webhooks signature, and bad input.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { type Part, type StreamResponse, type TaskPushNotificationConfig } from '@a2a-js/sdk';
import { type Client } from '@a2a-js/sdk/client';
import { Webhook } from 'standardwebhooks';
import { DataDirectoryConfig } from '../src/core/config';
import {
  TaskState,
  a2aClient,
  asTask,
  dataPart,
  textOf,
  textPart,
  userMessage,
} from './support/a2a-clients';
import { eventually } from './support/eventually';
import { type RuntimeUser, listeningUrl, runtimeUser } from './support/runtime-client';
import { describeOnAdapter } from './support/test-app';
import { type ToolServer, startHttpToolServer } from './support/tool-servers';
import {
  type ReceivedWebhook,
  type WebhookReceiver,
  startWebhookReceiver,
} from './support/webhook-receiver';

const scripted = (script: object[]) => ({ provider: 'scripted', model: 'scripted', script });

let agentCounter = 0;

/** The files' size limit of the suite's app: small, so a part over it is cheap to send. */
const FILE_LIMIT = 64 * 1024;

/** A file part carrying its bytes inline, as the protocol's `raw`. */
const inlineFile = (bytes: Buffer, filename: string, mediaType: string): Part => ({
  content: { $case: 'raw', value: bytes },
  mediaType,
  filename,
  metadata: undefined,
});

/** A push config of the task for the receiver, as the protocol's client gives one. */
const pushConfig = (
  taskId: string,
  url: string,
  extra: Partial<TaskPushNotificationConfig> = {},
): TaskPushNotificationConfig => ({
  tenant: '',
  id: '',
  taskId,
  url,
  token: '',
  authentication: undefined,
  ...extra,
});

describeOnAdapter(
  'A2A serving',
  (testApp) => {
    let alice: RuntimeUser;
    let bob: RuntimeUser;
    let origin: string;
    let crm: ToolServer;
    let receiver: WebhookReceiver;

    beforeAll(async () => {
      alice = await runtimeUser(testApp(), 'alice');
      bob = await runtimeUser(testApp(), 'bob');
      origin = await listeningUrl(testApp());
      crm = await startHttpToolServer();
      receiver = await startWebhookReceiver();
    });

    afterAll(async () => {
      await crm.close();
      await receiver.close();
    });

    /** Throws unless the push verifies as a Standard Webhooks receiver would verify it. */
    function verifiedPush(hook: ReceivedWebhook): StreamResponse {
      const dataDir = testApp().app.get(DataDirectoryConfig, { strict: false }).DATA_DIR;
      const secret = readFileSync(join(dataDir, 'webhook-secret'), 'utf8').trim();
      return new Webhook(secret).verify(hook.body, {
        'webhook-id': String(hook.headers['webhook-id']),
        'webhook-timestamp': String(hook.headers['webhook-timestamp']),
        'webhook-signature': String(hook.headers['webhook-signature']),
      }) as StreamResponse;
    }

    /** The pushes about a task received so far, as their JSON bodies. */
    const pushesOf = (taskId: string, state?: string) => (hook: ReceivedWebhook) => {
      const body = JSON.parse(hook.body) as {
        task?: { id: string; status: { state: string } };
        statusUpdate?: { taskId: string };
        artifactUpdate?: { taskId: string };
      };
      const id = body.task?.id ?? body.statusUpdate?.taskId ?? body.artifactUpdate?.taskId;
      return id === taskId && (state === undefined || body.task?.status.state === state);
    };

    /** An agent of the given script, served over A2A unless `a2a` says otherwise. */
    async function agent(script: object[], extra: Record<string, unknown> = {}): Promise<string> {
      const created = await alice.post('/api/v1/agents', {
        name: `a2a_agent_${++agentCounter}_${process.pid}`,
        description: 'Answers questions about customers',
        system_prompt: 'You are a test agent.',
        model_config: scripted(script),
        a2a: { enabled: true },
        ...extra,
      });
      expect(created.status).toBe(201);
      return created.body.id as string;
    }

    /** An agent that calls a tool needing approval (creating Test Corp), then answers. */
    async function agentNeedingApproval(): Promise<{ id: string; toolName: string }> {
      const tool = await alice.post('/api/v1/tools', {
        name: `create_customer_a2a_${++agentCounter}`,
        description: 'Creates a customer',
        parameters: { type: 'object', properties: { name: { type: 'string' } } },
        implementation: { type: 'http', url: crm.url },
      });
      expect(tool.body.requires_approval).toBe(true);
      const toolName = tool.body.name as string;
      const id = await agent(
        [
          {
            text: 'Creating it.',
            tool_calls: [{ id: 'toolu_1', name: toolName, args: { name: 'Test Corp' } }],
          },
          { text: 'Created Test Corp.' },
        ],
        { tool_ids: [tool.body.id as string] },
      );
      return { id, toolName };
    }

    const baseOf = (agentId: string) => `${origin}/a2a/agents/${agentId}`;

    describe('agent cards', () => {
      test('an agent is served only once a2a.enabled is set; its card names both bindings and the key scheme', async () => {
        const off = await agent([{ text: 'hi' }], { a2a: undefined });
        expect((await alice.get(`/api/v1/agents/${off}`)).body.a2a).toEqual({ enabled: false });
        const hidden = await alice.get(`/a2a/agents/${off}/.well-known/agent-card.json`);
        expect(hidden.status).toBe(404);
        expect(hidden.body.error.code).toBe('AGENT_NOT_FOUND');

        const on = await alice.put(`/api/v1/agents/${off}`, { a2a: { enabled: true } });
        expect(on.body.a2a).toEqual({ enabled: true });
        const card = await alice.get(`/a2a/agents/${off}/.well-known/agent-card.json`);
        expect(card.status).toBe(200);
        const base = baseOf(off).replace(origin, '');
        expect(card.body).toMatchObject({
          name: expect.stringMatching(/^a2a_agent_/) as string,
          description: 'Answers questions about customers',
          capabilities: { streaming: true, pushNotifications: true },
          securitySchemes: {
            toolhub_api_key: { httpAuthSecurityScheme: { scheme: 'bearer' } },
          },
          skills: [{ id: off, description: 'Answers questions about customers' }],
        });
        const interfaces = card.body.supportedInterfaces as {
          url: string;
          protocolBinding: string;
          protocolVersion: string;
        }[];
        expect(interfaces.map((i) => `${i.protocolBinding} ${i.protocolVersion}`)).toEqual([
          'JSONRPC 1.0',
          'HTTP+JSON 1.0',
          'JSONRPC 0.3',
        ]);
        expect(interfaces.every((i) => i.url.endsWith(base))).toBe(true);

        const listed = await alice.get('/a2a/agents');
        expect((listed.body.cards as { name: string }[]).map((c) => c.name)).toContain(
          card.body.name,
        );

        const off2 = await alice.put(`/api/v1/agents/${off}`, { a2a: { enabled: false } });
        expect(off2.body.a2a).toEqual({ enabled: false });
        expect((await alice.get(`/a2a/agents/${off}/.well-known/agent-card.json`)).status).toBe(
          404,
        );
      });

      test('every route needs an API key', async () => {
        const id = await agent([{ text: 'hi' }]);
        const card = await testApp().http.get(`/a2a/agents/${id}/.well-known/agent-card.json`);
        expect(card.status).toBe(401);
        const rpc = await testApp()
          .http.post(`/a2a/agents/${id}`)
          .send({ jsonrpc: '2.0', id: 1, method: 'GetTask', params: { id: 'x' } });
        expect(rpc.status).toBe(401);
      });
    });

    describe.each(['JSONRPC', 'HTTP+JSON'] as const)('over %s', (binding) => {
      const clientOf = async (agentId: string, user: RuntimeUser = alice): Promise<Client> =>
        a2aClient(baseOf(agentId), user.auth, binding);

      test('a blocking send runs the agent: the task completes with its answer, and is the run', async () => {
        const id = await agent([{ text: 'Acme has 3 open tickets.' }]);
        const client = await clientOf(id);
        const task = asTask(await client.sendMessage(userMessage([textPart('How is Acme?')])));
        expect(task.status?.state).toBe(TaskState.TASK_STATE_COMPLETED);
        expect(textOf(task.status?.message)).toBe('Acme has 3 open tickets.');
        expect(task.artifacts.map((a) => a.name)).toEqual(['response']);
        expect(textOf({ parts: task.artifacts[0].parts } as never)).toBe(
          'Acme has 3 open tickets.',
        );
        const runId = task.metadata?.toolhub_run_id as string;
        const run = await alice.get(`/api/v1/runs/${runId}`);
        expect(run.body.status).toBe('completed');
        const events = await alice.get(
          `/api/v1/sessions/${task.metadata?.toolhub_session_id as string}/events`,
        );
        expect(events.body.items[0]).toMatchObject({
          type: 'user_message_sent',
          content: 'How is Acme?',
        });

        const got = await client.getTask({ tenant: '', id: task.id });
        expect(got.status?.state).toBe(TaskState.TASK_STATE_COMPLETED);
        const listed = await client.listTasks({
          tenant: '',
          contextId: task.contextId,
          status: TaskState.TASK_STATE_UNSPECIFIED,
          pageToken: '',
          statusTimestampAfter: undefined,
        });
        expect(listed.tasks.map((t) => t.id)).toEqual([task.id]);

        const listOf = (filters: { historyLength?: number; statusTimestampAfter?: string }) =>
          client.listTasks({
            tenant: '',
            contextId: task.contextId,
            status: TaskState.TASK_STATE_UNSPECIFIED,
            pageToken: '',
            statusTimestampAfter: undefined,
            ...filters,
          });
        expect(task.history.length).toBeGreaterThan(1);
        const latest = await listOf({ historyLength: 1 });
        expect(latest.tasks[0].history).toEqual(task.history.slice(-1));
        const since = new Date(Date.parse(task.status?.timestamp ?? '') + 1000).toISOString();
        expect((await listOf({ statusTimestampAfter: since })).tasks).toEqual([]);
        const until = new Date(Date.parse(task.status?.timestamp ?? '') - 1000).toISOString();
        expect((await listOf({ statusTimestampAfter: until })).tasks.map((t) => t.id)).toEqual([
          task.id,
        ]);
      });

      test('a streamed send reports the run as it goes: task, working, the answer, completed', async () => {
        const id = await agent([{ text: 'Streaming along.' }]);
        const client = await clientOf(id);
        const kinds: string[] = [];
        const states: TaskState[] = [];
        for await (const event of client.sendMessageStream(userMessage([textPart('Go')]))) {
          const payload = event.payload!;
          kinds.push(payload.$case);
          if (payload.$case === 'statusUpdate') states.push(payload.value.status!.state);
        }
        expect(kinds[0]).toBe('task');
        expect(kinds).toContain('artifactUpdate');
        expect(states[0]).toBe(TaskState.TASK_STATE_WORKING);
        expect(states[states.length - 1]).toBe(TaskState.TASK_STATE_COMPLETED);
      });

      test('the same contextId continues the conversation in the same session', async () => {
        // Without a script, the scripted model echoes the user's last message.
        const id = await agent([]);
        const client = await clientOf(id);
        const first = asTask(await client.sendMessage(userMessage([textPart('One')])));
        const second = asTask(
          await client.sendMessage(userMessage([textPart('Two')], { contextId: first.contextId })),
        );
        expect(second.id).not.toBe(first.id);
        expect(second.contextId).toBe(first.contextId);
        expect(textOf(second.status?.message)).toBe('You said: Two');
        const sessionId = first.metadata?.toolhub_session_id as string;
        expect(second.metadata?.toolhub_session_id).toBe(sessionId);
        const events = await alice.get(`/api/v1/sessions/${sessionId}/events`);
        const said = (events.body.items as { type: string; content: string }[])
          .filter((event) => event.type === 'user_message_sent')
          .map((event) => event.content);
        expect(said).toEqual(['One', 'Two']);

        const other = asTask(await client.sendMessage(userMessage([textPart('Again')])));
        expect(other.contextId).not.toBe(first.contextId);
        expect(other.metadata?.toolhub_session_id).not.toBe(sessionId);
      });

      test('an approval is input-required naming the tool and its arguments; a follow-up decides it', async () => {
        const { id, toolName } = await agentNeedingApproval();
        const client = await clientOf(id);
        const before = crm.requests.length;
        const paused = asTask(
          await client.sendMessage(userMessage([textPart('Create Test Corp')])),
        );
        expect(paused.status?.state).toBe(TaskState.TASK_STATE_INPUT_REQUIRED);
        expect(textOf(paused.status?.message)).toContain(toolName);
        const asked = paused.status!.message!.parts.find((p) => p.content?.$case === 'data')!;
        expect(asked.content!.value).toMatchObject({
          tool_name: toolName,
          arguments: { name: 'Test Corp' },
        });
        expect(crm.requests.length).toBe(before);

        const notADecision = client.sendMessage(
          userMessage([textPart('yes please')], { taskId: paused.id, contextId: paused.contextId }),
        );
        await expect(notADecision).rejects.toThrow(/decision/);

        const done = asTask(
          await client.sendMessage(
            userMessage([dataPart({ decision: 'approve' })], {
              taskId: paused.id,
              contextId: paused.contextId,
            }),
          ),
        );
        expect(done.status?.state).toBe(TaskState.TASK_STATE_COMPLETED);
        expect(textOf(done.status?.message)).toBe('Created Test Corp.');
        expect(crm.requests.length).toBe(before + 1);
        const approvals = await alice.get('/api/v1/approvals?status=approved&limit=100');
        expect(
          (approvals.body.items as { tool_name: string }[]).some((a) => a.tool_name === toolName),
        ).toBe(true);
      });

      test("a task's push notification configs: created, read, listed, deleted; another user's task is not found; a forbidden address is INVALID_PARAMS", async () => {
        const id = await agent([{ text: 'Noted.' }]);
        const client = await clientOf(id);
        const task = asTask(await client.sendMessage(userMessage([textPart('Note this')])));
        const created = await client.createTaskPushNotificationConfig(
          pushConfig(task.id, receiver.url, {
            id: 'c1',
            token: 'tok-1',
            authentication: { scheme: 'Bearer', credentials: 'receiver-secret' },
          }),
        );
        expect(created).toMatchObject({ id: 'c1', taskId: task.id, url: receiver.url });
        const named = await client.createTaskPushNotificationConfig(
          pushConfig(task.id, `${receiver.url}/second`),
        );
        expect(named.id).not.toBe('');

        const got = await client.getTaskPushNotificationConfig({
          tenant: '',
          taskId: task.id,
          id: 'c1',
        });
        expect(got).toMatchObject({
          token: 'tok-1',
          authentication: { scheme: 'Bearer', credentials: 'receiver-secret' },
        });
        const listOf = async (user: Client) =>
          (
            await user.listTaskPushNotificationConfig({
              tenant: '',
              taskId: task.id,
              pageSize: 0,
              pageToken: '',
            })
          ).configs.map((config) => config.id);
        expect(await listOf(client)).toEqual(['c1', named.id]);

        const bobs = await clientOf(id, bob);
        await expect(listOf(bobs)).rejects.toThrow(/not found/i);
        await expect(
          bobs.createTaskPushNotificationConfig(pushConfig(task.id, receiver.url)),
        ).rejects.toThrow(/not found/i);
        await expect(
          bobs.deleteTaskPushNotificationConfig({ tenant: '', taskId: task.id, id: 'c1' }),
        ).rejects.toThrow(/not found/i);

        await expect(
          client.createTaskPushNotificationConfig(pushConfig(task.id, 'http://10.0.0.7/hooks')),
        ).rejects.toThrow(/push notification url must not point at 10\.0\.0\.7/i);
        await expect(
          client.createTaskPushNotificationConfig(pushConfig(task.id, 'ftp://example.com/hooks')),
        ).rejects.toThrow(/push notification url/i);

        await client.deleteTaskPushNotificationConfig({ tenant: '', taskId: task.id, id: 'c1' });
        expect(await listOf(client)).toEqual([named.id]);
        await expect(
          client.getTaskPushNotificationConfig({ tenant: '', taskId: task.id, id: 'c1' }),
        ).rejects.toThrow(/not found/i);
      });

      test('cancel cancels the run; another user does not see the task', async () => {
        const id = await agent([{ text: 'Thinking for ever.', hold: true }]);
        const client = await clientOf(id);
        const started = asTask(
          await client.sendMessage(userMessage([textPart('Hold on')], {}, true)),
        );
        const runId = started.metadata?.toolhub_run_id as string;
        await eventually('the run to be running', async () => {
          const run = await alice.get(`/api/v1/runs/${runId}`);
          return run.body.status === 'running' ? run : undefined;
        });
        const bobs = await clientOf(id, bob);
        await expect(bobs.getTask({ tenant: '', id: started.id })).rejects.toThrow(/not found/i);
        await expect(bobs.cancelTask({ tenant: '', id: started.id, metadata: {} })).rejects.toThrow(
          /not found/i,
        );

        const cancelled = await client.cancelTask({ tenant: '', id: started.id, metadata: {} });
        expect(cancelled.status?.state).toBe(TaskState.TASK_STATE_CANCELED);
        const run = await eventually('the run to end', async () => {
          const found = await alice.get(`/api/v1/runs/${runId}`);
          return found.body.status === 'running' ? undefined : found;
        });
        expect(run.body.status).toBe('cancelled');
      });
    });

    test("a message's push config receives the task's updates, signed as webhooks are, with its token and credentials: input-required, then the completed task", async () => {
      const { id, toolName } = await agentNeedingApproval();
      const client = await a2aClient(baseOf(id), alice.auth, 'JSONRPC');
      const request = userMessage([textPart('Create Test Corp')]);
      request.configuration!.taskPushNotificationConfig = pushConfig('', receiver.url, {
        token: 'task-token',
        authentication: { scheme: 'Bearer', credentials: 'receiver-secret' },
      });
      const paused = asTask(await client.sendMessage(request));
      expect(paused.status?.state).toBe(TaskState.TASK_STATE_INPUT_REQUIRED);

      const [asked] = await receiver.waitFor(1, pushesOf(paused.id, 'TASK_STATE_INPUT_REQUIRED'));
      const pushed = verifiedPush(asked) as unknown as { task: Record<string, unknown> };
      expect(pushed.task).toMatchObject({
        id: paused.id,
        status: { message: { parts: [{ text: expect.stringContaining(toolName) as string }, {}] } },
      });
      expect(asked.headers['content-type']).toBe('application/a2a+json');
      expect(asked.headers['x-a2a-notification-token']).toBe('task-token');
      expect(asked.headers.authorization).toBe('Bearer receiver-secret');

      await client.sendMessage(
        userMessage([dataPart({ decision: 'approve' })], {
          taskId: paused.id,
          contextId: paused.contextId,
        }),
      );
      const [done] = await receiver.waitFor(1, pushesOf(paused.id, 'TASK_STATE_COMPLETED'));
      const final = verifiedPush(done) as unknown as {
        task: { artifacts: { name: string }[]; status: { message: unknown } };
      };
      expect(final.task.artifacts.map((artifact) => artifact.name)).toEqual(['response']);
      expect(final.task.status.message).toMatchObject({ parts: [{ text: 'Created Test Corp.' }] });
      const all = receiver.received.filter(pushesOf(paused.id));
      // Every update once, each a delivery of its own.
      expect(new Set(all.map((hook) => hook.headers['webhook-id'])).size).toBe(all.length);
      expect(all.filter(pushesOf(paused.id, 'TASK_STATE_COMPLETED'))).toHaveLength(1);
    });

    test("inline file parts become the caller's uploads attached to the run; a file over the limit is INVALID_PARAMS; one the model cannot take fails the task", async () => {
      const id = await agent([{ text: 'Read it.' }]);
      const client = await a2aClient(baseOf(id), alice.auth, 'HTTP+JSON');
      const notes = Buffer.from('Meeting with Acme at noon.');
      const task = asTask(
        await client.sendMessage(
          userMessage([
            textPart('Summarize the notes'),
            inlineFile(notes, 'notes.txt', 'text/plain'),
          ]),
        ),
      );
      expect(task.status?.state).toBe(TaskState.TASK_STATE_COMPLETED);
      // The history links to the upload rather than holding the bytes.
      const sent = task.history[0].parts[1];
      expect(sent).toMatchObject({ filename: 'notes.txt', mediaType: 'text/plain' });
      expect(sent.content?.$case).toBe('url');
      const link = new URL(sent.content!.value as string);
      const content = await alice.get(link.pathname);
      expect(content.status).toBe(200);
      expect(content.text).toBe('Meeting with Acme at noon.');
      const events = await alice.get(
        `/api/v1/sessions/${task.metadata?.toolhub_session_id as string}/events`,
      );
      expect(events.body.items[0]).toMatchObject({
        type: 'user_message_sent',
        content: 'Summarize the notes',
        attachments: [{ name: 'notes.txt', mime_type: 'text/plain' }],
      });
      expect((await bob.get(link.pathname)).status).toBe(404);

      const sessionsBefore = (await alice.get('/api/v1/sessions')).body.total as number;
      const tooLarge = client.sendMessage(
        userMessage([
          textPart('Read this'),
          inlineFile(Buffer.alloc(FILE_LIMIT + 1, 'a'), 'big.txt', 'text/plain'),
        ]),
      );
      await expect(tooLarge).rejects.toThrow(/parts\[1\].*exceeds the maximum size/);
      expect((await alice.get('/api/v1/sessions')).body.total).toBe(sessionsBefore);

      const binary = asTask(
        await client.sendMessage(
          userMessage([
            textPart('Read this'),
            inlineFile(Buffer.from([0, 1, 2, 3, 255]), 'blob.bin', 'application/octet-stream'),
          ]),
        ),
      );
      expect(binary.status?.state).toBe(TaskState.TASK_STATE_FAILED);
      expect(textOf(binary.status?.message)).toMatch(/^ATTACHMENT_NOT_SUPPORTED: .*blob\.bin/);
    });

    test('a v0.3 client (no A2A-Version, v0.3 method and shapes) is served through the compatibility layer', async () => {
      const id = await agent([{ text: 'Hello from v1.' }]);
      const sent = await testApp()
        .http.post(`/a2a/agents/${id}`)
        .set('Authorization', alice.auth)
        .send({
          jsonrpc: '2.0',
          id: 'legacy-1',
          method: 'message/send',
          params: {
            message: {
              kind: 'message',
              messageId: 'legacy-message-1',
              role: 'user',
              parts: [{ kind: 'text', text: 'Hi from v0.3' }],
            },
          },
        });
      expect(sent.status).toBe(200);
      expect(sent.body).toMatchObject({
        jsonrpc: '2.0',
        id: 'legacy-1',
        result: {
          kind: 'task',
          status: {
            state: 'completed',
            message: { parts: [{ kind: 'text', text: 'Hello from v1.' }] },
          },
        },
      });
      const taskId = sent.body.result.id as string;
      const got = await testApp()
        .http.post(`/a2a/agents/${id}`)
        .set('Authorization', alice.auth)
        .send({ jsonrpc: '2.0', id: 2, method: 'tasks/get', params: { id: taskId } });
      expect(got.body.result).toMatchObject({
        id: taskId,
        kind: 'task',
        status: { state: 'completed' },
      });
    });

    test('a v1.0 client that leaves A2A-Version out is served in 1.0 on both bindings', async () => {
      const id = await agent([{ text: 'Hello without a header.' }]);
      const message = (messageId: string) => ({
        messageId,
        role: 'ROLE_USER',
        parts: [{ text: 'Hi from v1.0' }],
      });
      const rpc = await testApp()
        .http.post(`/a2a/agents/${id}`)
        .set('Authorization', alice.auth)
        .send({
          jsonrpc: '2.0',
          id: 1,
          method: 'SendMessage',
          params: { message: message('m-1') },
        });
      expect(rpc.status).toBe(200);
      expect(rpc.body).toMatchObject({
        id: 1,
        result: { task: { status: { state: 'TASK_STATE_COMPLETED' } } },
      });

      const rest = await testApp()
        .http.post(`/a2a/agents/${id}/message:send`)
        .set('Authorization', alice.auth)
        .send({ message: message('m-2') });
      expect(rest.status).toBe(200);
      expect(rest.body).toMatchObject({ task: { status: { state: 'TASK_STATE_COMPLETED' } } });
    });

    describe('bad input', () => {
      const rpc = (agentId: string, body: string | object) =>
        testApp()
          .http.post(`/a2a/agents/${agentId}`)
          .set('Authorization', alice.auth)
          .set('Content-Type', 'application/json')
          .set('A2A-Version', '1.0')
          .send(typeof body === 'string' ? body : JSON.stringify(body));

      test('malformed JSON, unknown methods and files by URL are JSON-RPC errors, never a 5xx', async () => {
        const id = await agent([{ text: 'hi' }]);
        const malformed = await rpc(id, '{"jsonrpc": "2.0", ');
        expect(malformed.status).toBe(400);
        expect(malformed.body).toMatchObject({ jsonrpc: '2.0', id: null, error: { code: -32700 } });

        for (const notARequest of [
          { jsonrpc: '1.0', id: 5, method: 'GetTask', params: { id: 'x' } },
          { jsonrpc: '2.0', id: 5, params: { id: 'x' } },
          { jsonrpc: '2.0', id: { nested: true }, method: 'GetTask', params: { id: 'x' } },
          [{ jsonrpc: '2.0', id: 5, method: 'GetTask', params: { id: 'x' } }],
        ]) {
          const refused = await rpc(id, notARequest);
          expect(refused.status).toBe(200);
          expect(refused.body).toMatchObject({ jsonrpc: '2.0', error: { code: -32600 } });
        }

        const unknown = await rpc(id, { jsonrpc: '2.0', id: 7, method: 'DoSomething', params: {} });
        expect(unknown.status).toBe(200);
        expect(unknown.body).toMatchObject({ id: 7, error: { code: -32601 } });

        const file = await rpc(id, {
          jsonrpc: '2.0',
          id: 8,
          method: 'SendMessage',
          params: {
            message: {
              messageId: 'm1',
              role: 'ROLE_USER',
              parts: [{ url: 'https://example.com/a.pdf', mediaType: 'application/pdf' }],
            },
          },
        });
        expect(file.status).toBe(200);
        expect(file.body).toMatchObject({
          id: 8,
          error: {
            code: -32602,
            message: expect.stringMatching(/not fetched from a URL/) as string,
          },
        });
      });

      test('a 10 MB message is refused before anything runs; a page token not given out or a bad list filter is INVALID_PARAMS', async () => {
        const id = await agent([{ text: 'hi' }]);
        const sessionsBefore = (await alice.get('/api/v1/sessions')).body.total as number;
        const huge = await rpc(id, {
          jsonrpc: '2.0',
          id: 9,
          method: 'SendMessage',
          params: {
            message: {
              messageId: 'm-huge',
              role: 'ROLE_USER',
              parts: [{ text: 'x'.repeat(10 * 1024 * 1024) }],
            },
          },
        });
        expect(huge.status).toBe(413);
        expect(huge.body).toMatchObject({ jsonrpc: '2.0', id: null, error: { code: -32000 } });
        expect((await alice.get('/api/v1/sessions')).body.total).toBe(sessionsBefore);

        const page = await rpc(id, {
          jsonrpc: '2.0',
          id: 10,
          method: 'ListTasks',
          params: { pageToken: 'not-a-token' },
        });
        expect(page.status).toBe(200);
        expect(page.body).toMatchObject({ id: 10, error: { code: -32602 } });

        for (const filter of [{ historyLength: -1 }, { statusTimestampAfter: '-1' }]) {
          const refused = await rpc(id, {
            jsonrpc: '2.0',
            id: 11,
            method: 'ListTasks',
            params: filter,
          });
          expect(refused.body).toMatchObject({ id: 11, error: { code: -32602 } });
        }
      });

      test("an unknown HTTP+JSON operation is 404; an unknown task is the protocol's not found", async () => {
        const id = await agent([{ text: 'hi' }]);
        const unknown = await alice
          .post(`/a2a/agents/${id}/message:shout`)
          .set('A2A-Version', '1.0')
          .send({});
        expect(unknown.status).toBe(404);
        const missing = await alice.get(`/a2a/agents/${id}/tasks/nope`).set('A2A-Version', '1.0');
        expect(missing.status).toBe(404);
      });
    });
  },
  // Deliveries are queue jobs: polled often, a push arrives well within a test's wait.
  { env: { JOB_POLL_INTERVAL_MS: '500', FILE_MAX_BYTES: String(FILE_LIMIT) } },
);
