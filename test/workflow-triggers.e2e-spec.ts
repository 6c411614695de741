/**
 * Webhook triggers through the real HTTP API: admins manage them, members read them; signed
 * deliveries to `/hooks/<id>` start runs of the workflow with the templated input, once per
 * `webhook-id`; bad signatures, stale timestamps and unknown or disabled triggers start nothing.
 */
import { Webhook } from 'standardwebhooks';
import { bearerFor } from './support/api-key';
import { eventually } from './support/eventually';
import { listeningUrl, type RuntimeUser, runtimeUser } from './support/runtime-client';
import { describeOnAdapter } from './support/test-app';
import { type ToolServer, startHttpToolServer } from './support/tool-servers';

interface TriggerView {
  id: string;
  workflow_id: string;
  type: string;
  enabled: boolean;
  verification: string;
  input: unknown;
  url: string;
  secret?: string;
}

let counter = 0;
const unique = (base: string) => `${base}_${++counter}`;

describeOnAdapter('workflow triggers', (app) => {
  let admin: RuntimeUser;
  let member: RuntimeUser;
  let base: string;
  let echo: ToolServer;
  let workflowId: string;

  beforeAll(async () => {
    admin = await runtimeUser(app(), 'alice');
    const memberKey = await bearerFor(app().app, 'member-key', 'bob', 'member');
    member = { ...admin, auth: memberKey };
    member.get = (path) => app().http.get(path).set('Authorization', memberKey);
    member.post = (path, body = {}) =>
      app().http.post(path).set('Authorization', memberKey).send(body);
    member.del = (path) => app().http.delete(path).set('Authorization', memberKey);
    base = await listeningUrl(app());
    echo = await startHttpToolServer();
    const tool = await admin.post('/api/v1/tools', {
      name: unique('echo'),
      parameters: { type: 'object' },
      implementation: { type: 'http', url: echo.url },
    });
    expect(tool.status).toBe(201);
    const workflow = await admin.post('/api/v1/workflows', {
      name: unique('on_push'),
      steps: [{ type: 'tool', id: tool.body.id as string }],
    });
    expect(workflow.status).toBe(201);
    workflowId = workflow.body.id as string;
  });

  afterAll(() => echo.close());

  async function createTrigger(body: object = {}): Promise<TriggerView> {
    const created = await admin.post(`/api/v1/workflows/${workflowId}/triggers`, {
      type: 'webhook',
      ...body,
    });
    expect(created.status).toBe(201);
    return created.body as TriggerView;
  }

  const patch = (user: RuntimeUser, id: string, body: object) =>
    app().http.patch(`/api/v1/triggers/${id}`).set('Authorization', user.auth).send(body);

  /** Posts `body` to the trigger, signed with `secret` as of `at` unless told otherwise. */
  function deliver(
    trigger: TriggerView,
    body: object,
    options: { secret?: string; id?: string; at?: Date; headers?: Record<string, string> } = {},
  ) {
    const text = JSON.stringify(body);
    const id = options.id ?? `msg_${unique('delivery')}`;
    const at = options.at ?? new Date();
    const signed = options.secret
      ? {
          'webhook-id': id,
          'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
          'webhook-signature': new Webhook(options.secret).sign(id, at, text),
        }
      : {};
    return app()
      .http.post(new URL(trigger.url).pathname)
      .set({ 'content-type': 'application/json', ...signed, ...options.headers })
      .send(text);
  }

  const untilCompleted = (runId: string) =>
    eventually(`workflow run ${runId} completed`, async () => {
      const run = await admin.get(`/api/v1/workflow-runs/${runId}`);
      const view = run.body as { status: string; input: unknown; output: unknown };
      return view.status === 'completed' ? view : undefined;
    });

  it('is created with a URL on this server and a secret shown once, then listed, read, changed and deleted', async () => {
    const created = await createTrigger({ input: { repo: '{{ input.body.repository }}' } });
    expect(created).toMatchObject({
      workflow_id: workflowId,
      type: 'webhook',
      enabled: true,
      verification: 'standard_webhooks',
      input: { repo: '{{ input.body.repository }}' },
      // No PUBLIC_URL: the server names itself by the port it listens on.
      url: `${base.replace('127.0.0.1', 'localhost')}/hooks/${created.id}`,
    });
    expect(created.secret).toMatch(/^whsec_[A-Za-z0-9+/]+={0,2}$/);

    const listed = await member.get(`/api/v1/workflows/${workflowId}/triggers`);
    expect(listed.status).toBe(200);
    expect((listed.body as TriggerView[]).map((t) => t.id)).toContain(created.id);
    expect((listed.body as TriggerView[]).every((t) => t.secret === undefined)).toBe(true);
    const read = await member.get(`/api/v1/triggers/${created.id}`);
    expect(read.status).toBe(200);
    expect(read.body).toEqual({ ...created, secret: undefined, updated_at: read.body.updated_at });
    expect(read.body).not.toHaveProperty('secret');

    const changed = await patch(admin, created.id, { enabled: false, input: null });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({ enabled: false, input: null });
    expect(changed.body).not.toHaveProperty('secret');

    const deleted = await admin.del(`/api/v1/triggers/${created.id}`);
    expect(deleted.body).toEqual({ deleted: true, id: created.id });
    expect((await admin.get(`/api/v1/triggers/${created.id}`)).body.error.code).toBe(
      'TRIGGER_NOT_FOUND',
    );
  });

  it('refuses a member’s writes, bad fields, an input template reading steps, and unknown ids', async () => {
    const trigger = await createTrigger();
    const byMember = await member.post(`/api/v1/workflows/${workflowId}/triggers`, {
      type: 'webhook',
    });
    expect(byMember.status).toBe(403);
    expect((await patch(member, trigger.id, { enabled: false })).status).toBe(403);
    expect((await member.del(`/api/v1/triggers/${trigger.id}`)).status).toBe(403);

    const badType = await admin.post(`/api/v1/workflows/${workflowId}/triggers`, {
      type: 'email',
    });
    expect(badType.status).toBe(422);
    const badTemplate = await admin.post(`/api/v1/workflows/${workflowId}/triggers`, {
      type: 'webhook',
      input: { x: '{{ steps.fetch.output }}' },
    });
    expect(badTemplate.status).toBe(422);
    expect(badTemplate.body.error.code).toBe('INVALID_TRIGGER_INPUT');
    expect(badTemplate.body.error.message).toContain('input.x');

    const noWorkflow = await admin.post(
      '/api/v1/workflows/00000000-0000-4000-8000-000000000000/triggers',
      { type: 'webhook' },
    );
    expect(noWorkflow.status).toBe(404);
    expect((await admin.get('/api/v1/triggers/not-a-uuid')).status).toBe(404);
    expect((await patch(admin, 'not-a-uuid', { enabled: true })).status).toBe(404);
  });

  it('starts a run with the templated input for a signed delivery, and the same run for the same webhook-id', async () => {
    const trigger = await createTrigger({
      input: { repo: '{{ input.body.repository.name }}', event: '{{ input.headers.x-event }}' },
    });
    const body = { repository: { name: 'toolhub' } };
    const headers = { 'x-event': 'push' };
    const first = await deliver(trigger, body, { secret: trigger.secret, id: 'msg_1', headers });
    expect(first.status).toBe(202);
    const runId = first.body.workflow_run_id as string;
    expect(runId).toMatch(/^[0-9a-f-]{36}$/);

    const run = await untilCompleted(runId);
    expect(run.input).toEqual({ repo: 'toolhub', event: 'push' });
    expect(run.output).toEqual({ received: { repo: 'toolhub', event: 'push' } });

    // A sender's retry: signed anew, the same id; no second run, no second call of the tool.
    const calls = echo.requests.length;
    const again = await deliver(trigger, body, { secret: trigger.secret, id: 'msg_1', headers });
    expect(again.status).toBe(202);
    expect(again.body).toEqual({ workflow_run_id: runId });
    expect(echo.requests.length).toBe(calls);

    const fires = await member.get(`/api/v1/triggers/${trigger.id}/fires`);
    expect(fires.status).toBe(200);
    expect(fires.body).toMatchObject({ total: 1, limit: 20, offset: 0 });
    expect(fires.body.items).toEqual([
      {
        id: expect.any(String),
        fired_at: expect.any(String),
        outcome: 'started',
        workflow_run_id: runId,
      },
    ]);
  });

  it('starts at most `deliveries_per_minute` runs in a minute of concurrent deliveries, and answers a repeated one with its run', async () => {
    const minute = () => Math.floor(Date.now() / 60_000);
    // The limit counts per clock minute: a burst that straddles two is sent again, whole.
    const burst = async () => {
      const trigger = await createTrigger({ verification: 'none', deliveries_per_minute: 3 });
      const started = minute();
      const answers = await Promise.all(
        Array.from({ length: 7 }, (_, i) =>
          deliver(trigger, { i }, { headers: { 'webhook-id': `flood_${i}` } }),
        ),
      );
      return minute() === started ? { trigger, answers } : undefined;
    };
    let sent = await burst();
    while (sent === undefined) sent = await burst();
    const { trigger, answers } = sent;

    const accepted = answers.filter((answer) => answer.status === 202);
    const refused = answers.filter((answer) => answer.status === 429);
    expect(accepted).toHaveLength(3);
    expect(refused).toHaveLength(4);
    for (const answer of refused) {
      expect(answer.body.error.code).toBe('TRIGGER_RATE_LIMITED');
      const retryAfter = Number(answer.headers['retry-after']);
      expect(retryAfter).toBeGreaterThanOrEqual(1);
      expect(retryAfter).toBeLessThanOrEqual(60);
      expect(answer.headers['ratelimit-policy']).toBe('"trigger";q=3;w=60');
    }
    const fires = await member.get(`/api/v1/triggers/${trigger.id}/fires`);
    expect(fires.body.total).toBe(3);

    // A sender's retry of an accepted delivery still gets its run, with the minute used up.
    const acceptedIndex = answers.findIndex((answer) => answer.status === 202);
    const again = await deliver(
      trigger,
      {},
      { headers: { 'webhook-id': `flood_${acceptedIndex}` } },
    );
    expect(again.status).toBe(202);
    expect(again.body).toEqual(accepted[0].body);

    const limits = [0, 10_001, 2.5, '60'];
    for (const deliveries_per_minute of limits) {
      expect((await patch(admin, trigger.id, { deliveries_per_minute })).status).toBe(422);
    }
    const raised = await patch(admin, trigger.id, { deliveries_per_minute: 1000 });
    expect(raised.body.deliveries_per_minute).toBe(1000);
  });

  it('refuses a wrong signature, another trigger’s secret, a stale timestamp and a missing signature with 401', async () => {
    const trigger = await createTrigger();
    const other = await createTrigger();
    const body = { ok: true };
    const fiveMinutesAndMoreAgo = new Date(Date.now() - 6 * 60 * 1000);
    const refused = [
      await deliver(trigger, body, { secret: other.secret }),
      await deliver(trigger, body, { secret: trigger.secret, at: fiveMinutesAndMoreAgo }),
      await deliver(trigger, body),
      await deliver(trigger, body, {
        secret: trigger.secret,
        headers: { 'webhook-signature': 'v1,AAAA' },
      }),
    ];
    expect(refused.map((response) => response.status)).toEqual([401, 401, 401, 401]);
    expect(refused[0].body.error.code).toBe('INVALID_SIGNATURE');
    const fires = await admin.get(`/api/v1/triggers/${trigger.id}/fires`);
    expect(fires.body.total).toBe(0);
  });

  it('answers 404 for an unknown or disabled trigger, and starts again once enabled', async () => {
    const trigger = await createTrigger();
    const unknown = { ...trigger, url: `${base}/hooks/00000000-0000-4000-8000-000000000000` };
    expect((await deliver(unknown, {}, { secret: trigger.secret })).status).toBe(404);
    expect((await deliver({ ...trigger, url: `${base}/hooks/x` }, {})).status).toBe(404);

    expect((await patch(admin, trigger.id, { enabled: false })).status).toBe(200);
    const disabled = await deliver(trigger, {}, { secret: trigger.secret });
    expect(disabled.status).toBe(404);
    expect(disabled.body.error.code).toBe('TRIGGER_NOT_FOUND');

    expect((await patch(admin, trigger.id, { enabled: true })).status).toBe(200);
    expect((await deliver(trigger, {}, { secret: trigger.secret })).status).toBe(202);
  });

  it('with verification none, starts a run without a signature, its input the body', async () => {
    const trigger = await createTrigger({ verification: 'none' });
    expect(trigger.secret).toBeUndefined();
    const delivered = await deliver(trigger, { hello: 'world' });
    expect(delivered.status).toBe(202);
    const run = await untilCompleted(delivered.body.workflow_run_id as string);
    expect(run.input).toEqual({ hello: 'world' });
  });

  it('refuses a body over the server’s limit with 413 and starts nothing', async () => {
    const trigger = await createTrigger({ verification: 'none' });
    const tooLarge = await deliver(trigger, { blob: 'x'.repeat(2 * 1024 * 1024) });
    expect(tooLarge.status).toBe(413);
    const fires = await admin.get(`/api/v1/triggers/${trigger.id}/fires`);
    expect(fires.body.total).toBe(0);
  });
});
