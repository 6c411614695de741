/**
 * Signed webhooks about agent runs, through the real HTTP API to a real receiver on loopback:
 * what is sent at each status change, the Standard Webhooks signature (checked with the
 * `standardwebhooks` package, as a receiver would), retries keeping the `webhook-id`, giving up,
 * addresses refused at the start and at delivery, delivery after a restart, and, on PostgreSQL,
 * two instances delivering each notice once.
 */
import dns from 'node:dns';
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { Webhook } from 'standardwebhooks';
import { DataDirectoryConfig } from '../src/core/config';
import { eventually } from './support/eventually';
import { type RuntimeUser, runtimeUser } from './support/runtime-client';
import { createTestDatabase, type TestDatabase } from './support/test-database';
import {
  SELECTED_ADAPTER,
  type TestApp,
  describeOnAdapter,
  startTestApp,
} from './support/test-app';
import { type ReceivedWebhook, startWebhookReceiver } from './support/webhook-receiver';

/** Quick polls and retries, so a test waits for conditions in well under a second. */
const FAST = {
  JOB_POLL_INTERVAL_MS: '500',
  WEBHOOK_RETRY_BASE_MS: '50',
  WEBHOOK_MAX_ATTEMPTS: '3',
};
const scripted = (script: unknown[]) => ({ provider: 'scripted', model: 'scripted', script });

const secretFileOf = (testApp: TestApp) =>
  join(testApp.app.get(DataDirectoryConfig, { strict: false }).DATA_DIR, 'webhook-secret');

/** The secret an app signs with: the one it generated in its data directory. */
function secretOf(testApp: TestApp): string {
  return readFileSync(secretFileOf(testApp), 'utf8').trim();
}

/** Throws unless the webhook verifies as a receiver would verify it. */
function verified(secret: string, hook: ReceivedWebhook): unknown {
  return new Webhook(secret).verify(hook.body, {
    'webhook-id': String(hook.headers['webhook-id']),
    'webhook-timestamp': String(hook.headers['webhook-timestamp']),
    'webhook-signature': String(hook.headers['webhook-signature']),
  });
}

/** Starts a run (202) and returns its id. */
async function startRun(user: RuntimeUser, sessionId: string, body: object): Promise<string> {
  const started = await user.post(`/api/v1/sessions/${sessionId}/runs`, body);
  expect(started.status).toBe(202);
  return (started.body as { run_id: string }).run_id;
}

/** The run's view once its webhook is no longer pending. */
const settledRun = (user: Pick<RuntimeUser, 'get'>, runId: string) =>
  eventually(`the webhook of run ${runId} to settle`, async () => {
    const run = await user.get(`/api/v1/runs/${runId}`);
    const webhook = (run.body as { webhook: { status: string } | null }).webhook;
    return webhook && webhook.status !== 'pending'
      ? (run.body as Record<string, unknown>)
      : undefined;
  });

describeOnAdapter(
  'Webhooks about agent runs',
  (testApp) => {
    let alice: RuntimeUser;

    beforeAll(async () => {
      alice = await runtimeUser(testApp(), 'alice');
    });

    test('a completed run is posted once, signed, with the run as GET shows it', async () => {
      const receiver = await startWebhookReceiver();
      try {
        const { sessionId } = await alice.session(scripted([{ text: 'Done ✓' }]));
        const runId = await startRun(alice, sessionId, {
          content: 'Hello',
          webhook_url: receiver.url,
        });

        const [hook] = await receiver.waitFor(1);
        const run = await settledRun(alice, runId);

        expect(verified(secretOf(testApp()), hook)).toEqual(hook.json);
        expect(hook.headers['content-type']).toBe('application/json');
        expect(hook.headers['webhook-id']).toEqual(expect.any(String));
        expect(Number(hook.headers['webhook-timestamp'])).toBeCloseTo(Date.now() / 1000, -2);
        const { webhook, ...view } = run;
        expect(hook.json).toEqual({
          type: 'run.completed',
          timestamp: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
          data: view,
        });
        expect(view).toMatchObject({ id: runId, status: 'completed' });
        expect(webhook).toEqual({ status: 'delivered', attempts: 1, last_error: null });
        expect(receiver.received).toHaveLength(1);
      } finally {
        await receiver.close();
      }
    });

    test('a workflow run waiting for an approval, then completed, is posted twice, as GET shows it', async () => {
      const receiver = await startWebhookReceiver();
      try {
        const tool = await alice.post('/api/v1/tools', {
          name: `approve_me_${Date.now()}`,
          parameters: { type: 'object' },
          implementation: { type: 'http', url: receiver.url },
        });
        const agent = await alice.post('/api/v1/agents', {
          name: `gated_${Date.now()}`,
          system_prompt: 'You are a test agent.',
          model_config: scripted([
            { text: 'Asking.', tool_calls: [{ id: 'toolu_1', name: tool.body.name, args: {} }] },
            { text: 'Asked.' },
          ]),
          tool_ids: [tool.body.id],
        });
        const workflow = await alice.post('/api/v1/workflows', {
          name: `hooked_${Date.now()}`,
          steps: [{ type: 'agent', id: agent.body.id }],
        });
        const started = await alice.post(`/api/v1/workflows/${workflow.body.id}/runs`, {
          input: { q: 1 },
          webhook_url: receiver.url,
        });
        expect(started.status).toBe(202);
        const id = started.body.id as string;
        const [waiting] = await receiver.waitFor(1);
        expect(verified(secretOf(testApp()), waiting)).toEqual(waiting.json);
        expect(waiting.json).toMatchObject({
          type: 'workflow_run.awaiting_approval',
          data: { id, status: 'awaiting_approval', steps: [{ status: 'awaiting_approval' }] },
        });
        const pending = await alice.get('/api/v1/approvals?status=pending');
        const approval = (pending.body.items as { id: string; run_id: string }[]).find(
          (item) =>
            item.run_id ===
            (waiting.json as unknown as { data: { steps: { run_id: string }[] } }).data.steps[0]
              .run_id,
        );
        await alice.post(`/api/v1/approvals/${approval?.id}`, { decision: 'approve' });
        // The approved tool call posts to the receiver too; then the workflow run completes.
        const hooks = await receiver.waitFor(3);
        const done = hooks.find(
          (hook) => (hook.json as { type?: string }).type === 'workflow_run.completed',
        );
        const view = await eventually('the workflow run’s webhook to settle', async () => {
          const run = (await alice.get(`/api/v1/workflow-runs/${id}`)).body as Record<
            string,
            unknown
          >;
          const webhook = run.webhook as { status: string } | null;
          return run.status === 'completed' && webhook?.status === 'delivered' ? run : undefined;
        });
        const { webhook, ...data } = view;
        expect(done?.json).toEqual({
          type: 'workflow_run.completed',
          timestamp: expect.any(String),
          data,
        });
        expect(webhook).toEqual({ status: 'delivered', attempts: 1, last_error: null });
      } finally {
        await receiver.close();
      }
    });

    test('the generated secret is kept in an owner-only file of the data directory', () => {
      const file = secretFileOf(testApp());
      expect(statSync(file).mode & 0o777).toBe(0o600);
      expect(secretOf(testApp())).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    });

    test('a run without webhook_url has webhook null and posts nothing', async () => {
      const { sessionId } = await alice.session(scripted([{ text: 'Quiet' }]));
      const runId = await startRun(alice, sessionId, { content: 'Hello' });
      const run = await eventually('the run to complete', async () => {
        const view = (await alice.get(`/api/v1/runs/${runId}`)).body as Record<string, unknown>;
        return view.status === 'completed' ? view : undefined;
      });
      expect(run.webhook).toBeNull();
    });

    test('an answer of 500 is retried with the same webhook-id until 200', async () => {
      const receiver = await startWebhookReceiver((_hook, index) => (index === 0 ? 500 : 200));
      try {
        const { sessionId } = await alice.session(scripted([{ text: 'Again' }]));
        const runId = await startRun(alice, sessionId, {
          content: 'Hello',
          webhook_url: receiver.url,
        });

        const [first, second] = await receiver.waitFor(2);
        const run = await settledRun(alice, runId);

        expect(second.headers['webhook-id']).toBe(first.headers['webhook-id']);
        expect(second.body).toBe(first.body);
        expect(verified(secretOf(testApp()), second)).toEqual(second.json);
        expect(run.webhook).toEqual({ status: 'delivered', attempts: 2, last_error: null });
      } finally {
        await receiver.close();
      }
    });

    test('a receiver that keeps failing is given up after WEBHOOK_MAX_ATTEMPTS', async () => {
      const receiver = await startWebhookReceiver(() => 503);
      try {
        const { sessionId } = await alice.session(scripted([{ text: 'Never heard' }]));
        const runId = await startRun(alice, sessionId, {
          content: 'Hello',
          webhook_url: receiver.url,
        });

        const run = await settledRun(alice, runId);

        expect(run.webhook).toEqual({
          status: 'failed',
          attempts: 3,
          last_error: 'the receiver answered HTTP 503',
        });
        expect(receiver.received).toHaveLength(3);
        expect(new Set(receiver.received.map((hook) => hook.headers['webhook-id'])).size).toBe(1);
      } finally {
        await receiver.close();
      }
    });

    test('a receiver that is down is retried, its error recorded', async () => {
      const receiver = await startWebhookReceiver();
      const url = receiver.url;
      await receiver.close();
      const { sessionId } = await alice.session(scripted([{ text: 'Nobody there' }]));
      const runId = await startRun(alice, sessionId, { content: 'Hello', webhook_url: url });

      const run = await settledRun(alice, runId);

      expect(run.webhook).toEqual({
        status: 'failed',
        attempts: 3,
        last_error: 'the connection failed: ECONNREFUSED',
      });
    });

    test('failed, awaiting_approval and cancelled are posted too', async () => {
      const receiver = await startWebhookReceiver();
      try {
        const failing = await alice.session(
          scripted([{ text: 'Oh', error: { message: 'Overloaded', code: 'overloaded_error' } }]),
        );
        const failedId = await startRun(alice, failing.sessionId, {
          content: 'Hello',
          webhook_url: receiver.url,
        });
        const listed = await alice.get('/api/v1/tools?search=encodePlantUML');
        const encodeId = (listed.body as { items: { id: string }[] }).items[0].id;
        const gated = await alice.session(
          scripted([
            {
              tool_calls: [
                { name: 'encodePlantUML', args: { code: '@startuml\nA -> B\n@enduml' } },
              ],
            },
            { text: 'Drawn' },
          ]),
          [encodeId],
        );
        const session = await alice.get(`/api/v1/sessions/${gated.sessionId}`);
        await alice.put(`/api/v1/agents/${String(session.body.agent_id)}/tools`, {
          tool_ids: [{ tool_id: encodeId, requires_approval: true }],
        });
        const pausedId = await startRun(alice, gated.sessionId, {
          content: 'Draw',
          webhook_url: receiver.url,
        });
        const [pausedHook] = await receiver.waitFor(1, (hook) => hook.json.data.id === pausedId);
        const cancelled = await alice.post(`/api/v1/runs/${pausedId}/cancel`);
        expect(cancelled.status).toBe(202);

        const [failedHook] = await receiver.waitFor(1, (hook) => hook.json.data.id === failedId);
        const pausedHooks = await receiver.waitFor(2, (hook) => hook.json.data.id === pausedId);

        expect(failedHook.json).toMatchObject({
          type: 'run.failed',
          data: { status: 'failed', error: { code: 'overloaded_error', message: 'Overloaded' } },
        });
        expect(pausedHook.json).toMatchObject({
          type: 'run.awaiting_approval',
          data: { status: 'awaiting_approval', finished_at: null },
        });
        expect(pausedHooks[1].json).toMatchObject({
          type: 'run.cancelled',
          data: { status: 'cancelled' },
        });
        // Each notice is a delivery of its own.
        expect(pausedHooks[1].headers['webhook-id']).not.toBe(pausedHook.headers['webhook-id']);
      } finally {
        await receiver.close();
      }
    });

    test.each([
      [
        'http://10.0.0.5/hooks',
        'WEBHOOK_URL_FORBIDDEN',
        'must not point at 10.0.0.5 (private address)',
      ],
      ['http://169.254.169.254/', 'WEBHOOK_URL_FORBIDDEN', '(link-local address)'],
      ['ftp://hooks.example.com/', 'WEBHOOK_URL_INVALID', 'absolute http:// or https:// URL'],
      ['not a url', 'WEBHOOK_URL_INVALID', 'absolute http:// or https:// URL'],
      ['', 'WEBHOOK_URL_INVALID', 'absolute http:// or https:// URL'],
      ['https://user:pw@hooks.example.com/', 'WEBHOOK_URL_INVALID', 'credentials'],
      [`https://hooks.example.com/${'é'.repeat(2048)}`, 'WEBHOOK_URL_INVALID', 'at most 2048'],
    ])(
      'webhook_url %j is refused at the start: 422 %s, and no run starts',
      async (url, code, message) => {
        const { sessionId } = await alice.session(scripted([{ text: 'Never' }]));
        const started = await alice.post(`/api/v1/sessions/${sessionId}/runs`, {
          content: 'Hello',
          webhook_url: url,
        });
        expect(started.status).toBe(422);
        expect(started.body).toEqual({
          success: false,
          error: expect.objectContaining({ code, message: expect.stringContaining(message) }),
        });
        const runs = await alice.get(`/api/v1/sessions/${sessionId}/events`);
        expect(runs.body.items).toEqual([]);
      },
    );

    test.each([123, null, ['http://x.example.com']])(
      'webhook_url %j of another type is 422',
      async (url) => {
        const { sessionId } = await alice.session(scripted([{ text: 'Never' }]));
        const started = await alice.post(`/api/v1/sessions/${sessionId}/runs`, {
          content: 'Hello',
          webhook_url: url,
        });
        expect(started.status).toBe(422);
        expect(started.body.success).toBe(false);
      },
    );

    test('a name that resolves to a forbidden address is refused at delivery, recorded, not retried', async () => {
      const receiver = await startWebhookReceiver();
      const realLookup = dns.lookup;
      // As a hostile (or rebinding) DNS server would answer: a private address.
      const lookup = jest.spyOn(dns, 'lookup').mockImplementation(((
        hostname: string,
        options: unknown,
        callback: (...args: unknown[]) => void,
      ) => {
        if (hostname !== 'hooks.rebinding.example') {
          return (realLookup as (...args: unknown[]) => void)(hostname, options, callback);
        }
        callback(null, [{ address: '10.0.0.5', family: 4 }]);
      }) as unknown as typeof dns.lookup);
      try {
        const { sessionId } = await alice.session(scripted([{ text: 'Secret' }]));
        const runId = await startRun(alice, sessionId, {
          content: 'Hello',
          webhook_url: 'http://hooks.rebinding.example/hooks',
        });

        const run = await settledRun(alice, runId);

        expect(run.webhook).toEqual({
          status: 'failed',
          attempts: 1,
          last_error: expect.stringContaining("'hooks.rebinding.example' is refused"),
        });
        expect(lookup).toHaveBeenCalledWith(
          'hooks.rebinding.example',
          expect.anything(),
          expect.any(Function),
        );
        expect(receiver.received).toEqual([]);
      } finally {
        lookup.mockRestore();
        await receiver.close();
      }
    });

    test('webhook_url is part of the idempotency key’s request', async () => {
      const receiver = await startWebhookReceiver();
      try {
        const { sessionId } = await alice.session(scripted([{ text: 'Once' }]));
        const path = `/api/v1/sessions/${sessionId}/runs`;
        const key = `hook-${Date.now()}`;
        const body = { content: 'Hello', webhook_url: receiver.url };
        const first = await alice.post(path, body).set('Idempotency-Key', key);
        const again = await alice.post(path, body).set('Idempotency-Key', key);
        const other = await alice
          .post(path, { ...body, webhook_url: `${receiver.url}/other` })
          .set('Idempotency-Key', key);
        expect(first.status).toBe(202);
        expect(again.body.run_id).toBe(first.body.run_id);
        expect(other.status).toBe(409);
        expect(other.body.error.code).toBe('IDEMPOTENCY_KEY_REUSED');
      } finally {
        await receiver.close();
      }
    });
  },
  { env: FAST },
);

describe(`Webhooks across a restart [${SELECTED_ADAPTER}]`, () => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await createTestDatabase();
  });

  afterAll(async () => {
    await database.drop();
  });

  test('a delivery pending when the app stops is made by the next start, with the same id', async () => {
    let refused!: () => void;
    const firstRefused = new Promise<void>((resolve) => (refused = resolve));
    const receiver = await startWebhookReceiver((_hook, index) => {
      if (index > 0) return 200;
      refused();
      return 500;
    });
    // The retry comes due seconds later, after the app has stopped.
    const env = { ...database.env, ...FAST, WEBHOOK_RETRY_BASE_MS: '3000' };
    const first = await startTestApp(SELECTED_ADAPTER, { env });
    let second: TestApp | undefined;
    try {
      const alice = await runtimeUser(first, 'alice');
      const { sessionId } = await alice.session(scripted([{ text: 'Across' }]));
      const runId = await startRun(alice, sessionId, {
        content: 'Hello',
        webhook_url: receiver.url,
      });
      await firstRefused;
      await first.close();
      // The retry was not yet due when the app stopped: only the next start can make it.
      expect(receiver.received).toHaveLength(1);

      second = await startTestApp(SELECTED_ADAPTER, { env });
      const restarted = second;
      const [before, after] = await receiver.waitFor(2);

      expect(after.headers['webhook-id']).toBe(before.headers['webhook-id']);
      expect(verified(secretOf(second), after)).toEqual(before.json);
      expect(after.json.data.id).toBe(runId);
      // Alice's key is stored: the run is read back after the restart.
      const run = await settledRun(
        { get: (path) => restarted.http.get(path).set('Authorization', alice.auth) },
        runId,
      );
      expect(run.webhook).toEqual({ status: 'delivered', attempts: 2, last_error: null });
    } finally {
      await second?.close();
      await receiver.close();
    }
  });
});

describe(`WEBHOOK_SECRET [${SELECTED_ADAPTER}]`, () => {
  test.each(['secret', 'whsec_', 'whsec_c2hvcnQ=', `whsec_${'!'.repeat(44)}`])(
    '%j stops the start with a message naming the form',
    async (secret) => {
      await expect(
        startTestApp(SELECTED_ADAPTER, { env: { WEBHOOK_SECRET: secret } }),
      ).rejects.toThrow(
        /WEBHOOK_SECRET must be `whsec_` followed by 24 to 64 random bytes in base64/,
      );
    },
  );

  test('a given secret signs the webhooks', async () => {
    const secret = `whsec_${Buffer.alloc(32, 7).toString('base64')}`;
    const receiver = await startWebhookReceiver();
    const app = await startTestApp(SELECTED_ADAPTER, { env: { ...FAST, WEBHOOK_SECRET: secret } });
    try {
      const alice = await runtimeUser(app, 'alice');
      const { sessionId } = await alice.session(scripted([{ text: 'Signed' }]));
      await startRun(alice, sessionId, { content: 'Hello', webhook_url: receiver.url });
      const [hook] = await receiver.waitFor(1);
      expect(verified(secret, hook)).toEqual(hook.json);
    } finally {
      await app.close();
      await receiver.close();
    }
  });
});

const describeOnPostgres = process.env.DATABASE_URL ? describe : describe.skip;

describeOnPostgres(`Webhooks with two instances on PostgreSQL [${SELECTED_ADAPTER}]`, () => {
  let database: TestDatabase;
  let a: TestApp;
  let b: TestApp;

  beforeAll(async () => {
    database = await createTestDatabase();
    const env = { ...database.env, ...FAST };
    a = await startTestApp(SELECTED_ADAPTER, { env });
    b = await startTestApp(SELECTED_ADAPTER, { env });
  });

  afterAll(async () => {
    await a?.close();
    await b?.close();
    await database.drop();
  });

  test('each notice is delivered once, signed with the one secret both instances share', async () => {
    const receiver = await startWebhookReceiver();
    try {
      const alice = await runtimeUser(a, 'alice');
      const runIds: string[] = [];
      for (let i = 0; i < 6; i++) {
        const { sessionId } = await alice.session(scripted([{ text: `Run ${i}` }]));
        runIds.push(
          await startRun(alice, sessionId, { content: 'Hello', webhook_url: receiver.url }),
        );
      }

      const hooks = await receiver.waitFor(runIds.length);
      for (const runId of runIds) await settledRun(alice, runId);

      expect(secretOf(a)).toBe(secretOf(b));
      expect(hooks.map((hook) => hook.json.data.id).sort()).toEqual([...runIds].sort());
      expect(new Set(hooks.map((hook) => hook.headers['webhook-id'])).size).toBe(runIds.length);
      for (const hook of hooks) expect(verified(secretOf(b), hook)).toEqual(hook.json);
      expect(receiver.received).toHaveLength(runIds.length);
    } finally {
      await receiver.close();
    }
  });
});
