/**
 * The audit log over real HTTP and the official MCP client: every audited action leaves exactly
 * one entry with the right fields, tool calls carry a hash of their arguments and never the
 * values, the chain stays gap-free and verifiable under concurrent writes, paging and export
 * agree, and a row changed in the database is found (API and CLI).
 */
import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { canonicalize } from 'json-canonicalize';
import { AuditRetention } from '../src/audit/audit-retention';
import { DATABASE, type Database } from '../src/database/database';
import { bearerFor } from './support/api-key';
import { eventually } from './support/eventually';
import { McpClients, callTool } from './support/mcp-clients';
import { echoTool, startUpstreamMcpServer } from './support/upstream-mcp-server';
import { CLI, runBuilt } from './support/run-built';
import { type RuntimeUser, listeningUrl, runtimeUserOver } from './support/runtime-client';
import { SELECTED_ADAPTER, type TestApp, startTestApp } from './support/test-app';
import { type TestDatabase, createTestDatabase } from './support/test-database';

interface Entry {
  id: string;
  seq: number;
  at: string;
  type: string;
  user: string;
  key_id?: string;
  transport?: string;
  target?: string;
  outcome: string;
  error_code?: string;
  duration_ms?: number;
  details: Record<string, unknown>;
  prev_hash: string;
  hash: string;
}

interface AuditPage {
  items: Entry[];
  next_cursor: string | null;
}

const DIAGRAM = '@startml\nBob -> Alice : a secret greeting\n@enduml'.replace(
  'startml',
  'startuml',
);
const scripted = (script: unknown[]) => ({ provider: 'scripted', model: 'scripted', script });
const sha256 = (value: unknown) => createHash('sha256').update(canonicalize(value)).digest('hex');

describe(`audit log [${SELECTED_ADAPTER}]`, () => {
  let database: TestDatabase;
  let testApp: TestApp | undefined;
  const app = () => testApp!;
  let base: string;
  let root: RuntimeUser;
  let rootKeyId: string;
  const mcp = new McpClients();

  beforeAll(async () => {
    database = await createTestDatabase();
    testApp = await startTestApp(SELECTED_ADAPTER, { env: database.env });
    base = await listeningUrl(testApp);
    const auth = await bearerFor(testApp.app, 'root-key', 'root');
    root = runtimeUserOver(testApp.http, base, auth, 'root');
    rootKeyId = ((await root.get('/api/v1/me')).body as { key_id: string }).key_id;
  });

  afterAll(async () => {
    await mcp.closeAll();
    await testApp?.close();
    await database?.drop();
  });

  async function entries(query: Record<string, string | number> = {}): Promise<Entry[]> {
    const response = await root.get(
      `/api/v1/audit?${new URLSearchParams({ limit: '500', ...stringsOf(query) }).toString()}`,
    );
    expect(response.status).toBe(200);
    return (response.body as AuditPage).items;
  }

  async function verify(): Promise<{ ok: boolean; checked: number; first_bad_seq?: number }> {
    const response = await root.get('/api/v1/audit/verify');
    expect(response.status).toBe(200);
    return response.body as { ok: boolean; checked: number; first_bad_seq?: number };
  }

  async function encodeToolId(): Promise<string> {
    const listed = await root.get('/api/v1/tools?search=encodePlantUML');
    const tool = (listed.body as { items: { id: string; name: string }[] }).items.find(
      (item) => item.name === 'encodePlantUML',
    );
    return tool!.id;
  }

  const byRoot = {
    user: 'root',
    key_id: expect.any(String) as string,
    transport: 'rest',
    outcome: 'ok',
  };

  test('key, tool, agent and workflow changes each leave one entry naming who made them', async () => {
    const key = await root.post('/api/v1/keys', {
      name: 'bob laptop',
      user: 'bob',
      role: 'member',
    });
    expect(key.status).toBe(201);
    const keyId = (key.body as { id: string }).id;
    expect((await root.del(`/api/v1/keys/${keyId}`)).status).toBe(200);

    const tool = await root.post('/api/v1/tools', {
      name: 'audited_tool',
      parameters: { type: 'object' },
      implementation: { type: 'http', url: 'http://127.0.0.1:9/never' },
    });
    expect(tool.status).toBe(201);
    const toolId = (tool.body as { id: string }).id;
    // Refused (the name is taken): nothing happened, so nothing is recorded.
    const taken = await root.post('/api/v1/tools', {
      name: 'audited_tool',
      parameters: { type: 'object' },
      implementation: { type: 'http', url: 'http://127.0.0.1:9/never' },
    });
    expect(taken.status).toBe(409);
    expect((await root.put(`/api/v1/tools/${toolId}`, { description: 'changed' })).status).toBe(
      200,
    );

    const agent = await root.post('/api/v1/agents', {
      name: 'audited_agent',
      system_prompt: 'You are a test agent.',
      model_config: scripted([]),
    });
    expect(agent.status).toBe(201);
    const agentId = (agent.body as { id: string }).id;
    expect((await root.put(`/api/v1/agents/${agentId}`, { description: 'changed' })).status).toBe(
      200,
    );

    const workflow = await root.post('/api/v1/workflows', {
      name: 'audited_workflow',
      steps: [{ type: 'tool', id: toolId }],
    });
    expect(workflow.status).toBe(201);
    const workflowId = (workflow.body as { id: string }).id;
    expect(
      (await root.put(`/api/v1/workflows/${workflowId}`, { description: 'changed' })).status,
    ).toBe(200);
    expect((await root.del(`/api/v1/workflows/${workflowId}`)).status).toBe(200);
    expect((await root.del(`/api/v1/agents/${agentId}`)).status).toBe(200);
    expect((await root.del(`/api/v1/tools/${toolId}`)).status).toBe(200);

    const keyEntries = [
      ...(await entries({ type: 'key.created' })),
      ...(await entries({ type: 'key.revoked' })),
    ].filter((entry) => entry.target === keyId);
    expect(keyEntries).toEqual([
      expect.objectContaining({
        ...byRoot,
        key_id: rootKeyId,
        type: 'key.created',
        details: { key_id: keyId, name: 'bob laptop', user: 'bob', role: 'member' },
      }),
      expect.objectContaining({ ...byRoot, key_id: rootKeyId, type: 'key.revoked' }),
    ]);
    const changes = async (name: string) =>
      (await entries({ user: 'root' }))
        .filter((entry) => entry.target === name)
        .map((entry) => [entry.type, entry.outcome, entry.transport, entry.key_id]);
    for (const [name, kind, id] of [
      ['audited_tool', 'tool', toolId],
      ['audited_agent', 'agent', agentId],
      ['audited_workflow', 'workflow', workflowId],
    ]) {
      expect(await changes(name)).toEqual(
        ['created', 'updated', 'deleted'].map((what) => [
          `${kind}.${what}`,
          'ok',
          'rest',
          rootKeyId,
        ]),
      );
      const [created] = (await entries({ type: `${kind}.created` })).filter(
        (entry) => entry.target === name,
      );
      expect(created.details).toEqual({ id, name });
    }
  });

  test('tool calls over REST, MCP, test-runs, runs and workflows: transport, hash of the arguments, never their values', async () => {
    const args = { plantumlCode: DIAGRAM };
    expect((await root.post('/api/tools/encodePlantUML', args)).status).toBe(200);
    expect((await root.post('/api/tools/encodePlantUML', { plantumlCode: 42 })).status).toBe(400);

    const { client } = await mcp.connectHttp(base, 'audit-e2e', { Authorization: root.auth });
    const viaMcp = await callTool(client, 'encodePlantUML', args);
    expect(viaMcp.isError).toBeFalsy();

    const toolId = await encodeToolId();
    expect((await root.post(`/api/v1/tools/${toolId}/test`, { params: args })).status).toBe(200);

    const { sessionId } = await root.session(
      scripted([
        { text: 'Drawing.', tool_calls: [{ id: 'toolu_1', name: 'encodePlantUML', args }] },
        { text: 'Done.' },
      ]),
      [toolId],
    );
    const frames = await (await root.stream(sessionId, { content: 'draw' })).ended;
    const runId = (frames[0].data as { runId: string }).runId;

    const workflow = await root.post('/api/v1/workflows', {
      name: 'audited_draw',
      steps: [{ type: 'tool', id: toolId, input: args }],
    });
    const started = await root.post(
      `/api/v1/workflows/${(workflow.body as { id: string }).id}/runs`,
      {
        input: {},
      },
    );
    expect(started.status).toBe(202);
    const workflowRunId = (started.body as { id: string }).id;
    await eventually('the workflow run to complete', async () => {
      const run = (await root.get(`/api/v1/workflow-runs/${workflowRunId}`)).body as {
        status: string;
      };
      return run.status === 'completed' ? run : undefined;
    });

    const calls = await entries({ type: 'tool.called', tool: 'encodePlantUML' });
    const hash = sha256(args);
    const common = { type: 'tool.called', user: 'root', target: 'encodePlantUML' };
    const details = { tool_name: 'encodePlantUML', tool_id: toolId, args_sha256: hash };
    expect(calls).toEqual([
      expect.objectContaining({
        ...common,
        key_id: rootKeyId,
        transport: 'rest',
        outcome: 'ok',
        details,
      }),
      expect.objectContaining({
        ...common,
        key_id: rootKeyId,
        transport: 'rest',
        outcome: 'error',
        error_code: 'EMPTY_CODE',
        details: { ...details, args_sha256: sha256({ plantumlCode: 42 }) },
      }),
      expect.objectContaining({
        ...common,
        key_id: rootKeyId,
        transport: 'mcp',
        outcome: 'ok',
        details,
      }),
      expect.objectContaining({ ...common, key_id: rootKeyId, transport: 'test_run', details }),
      // A run's and a workflow run's calls are the key's that started them.
      expect.objectContaining({
        ...common,
        key_id: rootKeyId,
        transport: 'run',
        details: { ...details, run_id: runId },
      }),
      expect.objectContaining({
        ...common,
        key_id: rootKeyId,
        transport: 'workflow',
        details: { ...details, workflow_run_id: workflowRunId },
      }),
    ]);
    for (const call of calls) expect(call.duration_ms).toBeGreaterThan(0);
    expect(JSON.stringify(calls)).not.toContain('secret greeting');
  });

  test('a source created, changed, its change decided and deleted: one entry each', async () => {
    const upstream = await startUpstreamMcpServer('modern', [echoTool('first')]);
    try {
      const created = await root.post('/api/v1/tool-sources', {
        name: 'audited_source',
        type: 'mcp',
        url: upstream.url,
        on_change: 'quarantine',
      });
      expect(created.status).toBe(201);
      const source = created.body as { id: string };
      const changed = await app()
        .http.patch(`/api/v1/tool-sources/${source.id}`)
        .set('Authorization', root.auth)
        .send({ description: 'changed' });
      expect(changed.status).toBe(200);
      upstream.tools.set('second', echoTool('second'));
      expect((await root.post(`/api/v1/tool-sources/${source.id}/sync`, {})).status).toBe(202);
      const change = await eventually('the added tool to wait for review', async () => {
        const listed = await root.get(`/api/v1/tool-sources/${source.id}/changes?status=pending`);
        return (listed.body as { items: { id: string }[] }).items[0];
      });
      const decided = await root.post(`/api/v1/tool-sources/${source.id}/changes/${change.id}`, {
        decision: 'reject',
      });
      expect(decided.status).toBe(200);
      expect((await root.del(`/api/v1/tool-sources/${source.id}`)).status).toBe(200);

      const recorded = (await entries({ user: 'root' })).filter(
        (entry) => entry.target === 'audited_source',
      );
      expect(recorded.map((entry) => [entry.type, entry.key_id, entry.transport])).toEqual(
        ['source.created', 'source.updated', 'source.change_decided', 'source.deleted'].map(
          (type) => [type, rootKeyId, 'rest'],
        ),
      );
      expect(recorded[2].details).toEqual({
        source_id: source.id,
        change_id: change.id,
        change: 'added',
        decision: 'rejected',
        tool_id: expect.any(String) as string,
      });
    } finally {
      await upstream.close();
    }
  });

  test('an approval decided leaves one entry naming who decided it and how', async () => {
    const tool = await root.post('/api/v1/tools', {
      name: 'audited_guarded',
      parameters: { type: 'object' },
      implementation: { type: 'http', url: 'http://127.0.0.1:9/never' },
      requires_approval: true,
    });
    const toolId = (tool.body as { id: string }).id;
    const { sessionId } = await root.session(
      scripted([
        { text: 'Asking.', tool_calls: [{ id: 'toolu_9', name: 'audited_guarded', args: {} }] },
        { text: 'Understood.' },
      ]),
      [toolId],
    );
    const stream = await root.stream(sessionId, { content: 'go' });
    const requested = await stream.waitFor((frame) => frame.event === 'approval_requested');
    const approvalId = String(requested.data.approvalId);
    const decided = await root.post(`/api/v1/approvals/${approvalId}`, { decision: 'reject' });
    expect(decided.status).toBe(200);
    await stream.ended;

    const decisions = (await entries({ type: 'approval.decided' })).filter(
      (entry) => entry.target === approvalId,
    );
    expect(decisions).toEqual([
      expect.objectContaining({
        ...byRoot,
        key_id: rootKeyId,
        details: {
          approval_id: approvalId,
          run_id: requested.data.runId,
          tool_name: 'audited_guarded',
          decision: 'rejected',
        },
      }),
    ]);
  });

  test('300 concurrent tool calls leave 300 entries, seq without gaps, and the chain verifies', async () => {
    const before = (await entries({ type: 'tool.called' })).length;
    const responses = await Promise.all(
      Array.from({ length: 300 }, (_, i) =>
        root.post('/api/tools/encodePlantUML', {
          plantumlCode: `@startuml\nA -> B : ${i}\n@enduml`,
        }),
      ),
    );
    expect(responses.every((response) => response.status === 200)).toBe(true);
    const all = await everyEntry();
    expect(all.map((entry) => entry.seq)).toEqual(all.map((_, i) => i + 1));
    expect(all.filter((entry) => entry.type === 'tool.called')).toHaveLength(before + 300);
    expect(await verify()).toEqual({ ok: true, checked: all.length });
  });

  async function everyEntry(query: Record<string, string> = {}, limit = 100): Promise<Entry[]> {
    const all: Entry[] = [];
    let cursor: string | null | undefined;
    do {
      const page = await root.get(
        `/api/v1/audit?${new URLSearchParams({ ...query, limit: String(limit), ...(cursor ? { cursor } : {}) }).toString()}`,
      );
      expect(page.status).toBe(200);
      const body = page.body as AuditPage;
      all.push(...body.items);
      cursor = body.next_cursor;
    } while (cursor);
    return all;
  }

  test('paging while entries are written sees each entry once; the export equals the listing', async () => {
    const writing = Promise.all(
      Array.from({ length: 60 }, () =>
        root.post('/api/tools/encodePlantUML', { plantumlCode: DIAGRAM }),
      ),
    );
    const paged = await everyEntry({}, 7);
    await writing;
    const seqs = paged.map((entry) => entry.seq);
    expect(seqs).toEqual(seqs.map((_, i) => i + 1));

    const listed = await everyEntry({ type: 'tool.called' }, 50);
    const exported = await root.get('/api/v1/audit/export?type=tool.called');
    expect(exported.status).toBe(200);
    expect(exported.headers['content-type']).toMatch(/^application\/x-ndjson/);
    const lines = (exported.text ?? '')
      .trimEnd()
      .split('\n')
      .map((line) => JSON.parse(line) as Entry);
    expect(lines).toEqual(listed);
  });

  test('bad filters and cursors are refused; a member reads only their own entries', async () => {
    const unknownType = await root.get('/api/v1/audit?type=tool.exploded');
    expect(unknownType.status).toBe(422);
    const backwards = await root.get(
      '/api/v1/audit?from=2026-11-02T00:00:00Z&to=2026-11-01T00:00:00Z',
    );
    expect(backwards.status).toBe(422);
    expect(backwards.body).toMatchObject({ success: false, error: { code: 'VALIDATION_ERROR' } });
    const page = (await root.get('/api/v1/audit?limit=1&type=tool.called')).body as AuditPage;
    const otherFilter = await root.get(`/api/v1/audit?limit=1&cursor=${page.next_cursor}`);
    expect(otherFilter.status).toBe(400);
    expect(otherFilter.body).toMatchObject({ success: false, error: { code: 'INVALID_CURSOR' } });
    expect((await root.get('/api/v1/audit?cursor=not-a-cursor')).status).toBe(400);

    const carol = runtimeUserOver(
      app().http,
      base,
      await bearerFor(app().app, 'carol-key', 'carol', 'member'),
      'carol',
    );
    expect((await carol.post('/api/tools/encodePlantUML', { plantumlCode: DIAGRAM })).status).toBe(
      200,
    );
    const own = (await carol.get('/api/v1/audit?limit=500')).body as AuditPage;
    expect(own.items.length).toBeGreaterThan(0);
    expect(own.items.every((entry) => entry.user === 'carol')).toBe(true);
    const others = await carol.get('/api/v1/audit?user=root');
    expect(others.status).toBe(403);
    expect(others.body).toMatchObject({ success: false, error: { code: 'FORBIDDEN' } });
    expect((await carol.get('/api/v1/audit/verify')).status).toBe(403);
    const exported = await carol.get('/api/v1/audit/export');
    expect(
      exported.text
        .trimEnd()
        .split('\n')
        .map((line) => (JSON.parse(line) as Entry).user),
    ).toEqual(own.items.map(() => 'carol'));
  });

  test('retention removes the oldest entries and the chain verifies from the oldest kept one', async () => {
    const all = await everyEntry();
    const cut = all[Math.floor(all.length / 2)];
    const removed = await app().app.get(AuditRetention).pruneBefore(new Date(cut.at));
    const kept = await everyEntry();
    expect(removed).toBe(all.length - kept.length);
    expect(removed).toBeGreaterThan(0);
    expect(kept[0].seq).toBe(removed + 1);
    expect(await verify()).toEqual({ ok: true, checked: kept.length });
  });

  test('a row changed or removed in the database is found, by the API and by the CLI', async () => {
    const kept = await everyEntry();
    const db = app().app.get<Database>(DATABASE);
    const changed = kept[5];
    await db.execute(
      sql`UPDATE audit_entries SET details = jsonb_set(details, '{tool_name}', '"other"') WHERE seq = ${changed.seq}`,
    );
    expect(await verify()).toEqual({ ok: false, checked: 5, first_bad_seq: changed.seq });
    await db.execute(sql`DELETE FROM audit_entries WHERE seq = ${changed.seq}`);
    expect(await verify()).toEqual({ ok: false, checked: 5, first_bad_seq: changed.seq });

    // The embedded database serves one process at a time: the CLI's turn comes after the app's.
    await app().close();
    testApp = undefined;
    const cli = await runBuilt(CLI, ['audit', 'verify'], {
      env: { ...database.env, LOG_LEVEL: 'warn' },
    });
    expect(cli.code).toBe(1);
    expect(JSON.parse(cli.stdout)).toEqual({ ok: false, checked: 5, first_bad_seq: changed.seq });
  });
});

function stringsOf(query: Record<string, string | number>): Record<string, string> {
  return Object.fromEntries(Object.entries(query).map(([key, value]) => [key, String(value)]));
}
