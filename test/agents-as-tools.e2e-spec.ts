/**
 * Agents served as tools: registered like any tool, called over REST, MCP and test-runs and by
 * other agents' runs, answering with the outcome of a run of their own; its lineage, the depth
 * limit, failures, cancellation, the time limit, approvals relayed to the runs above, ownership
 * and bad input.
 */
import { randomUUID } from 'node:crypto';
import { RunsRepository } from '../src/runtime/runs/runs.repository';
import { eventually } from './support/eventually';
import { MCP_ACCEPT, McpClients, callTool, jsonRpc, listeningUrl } from './support/mcp-clients';
import { postInFlight } from './support/request-in-flight';
import { type RuntimeUser, runtimeUser } from './support/runtime-client';
import { type SseFrame } from './support/sse-client';
import {
  SELECTED_ADAPTER,
  type TestApp,
  describeOnAdapter,
  startTestApp,
} from './support/test-app';
import { type ToolServer, startHttpToolServer } from './support/tool-servers';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** The input schema every agent tool has, whatever its agent. */
const AGENT_TOOL_PARAMETERS = {
  type: 'object',
  properties: {
    message: {
      type: 'string',
      minLength: 1,
      maxLength: 100_000,
      description: 'What to ask the agent',
    },
    session_id: {
      type: 'string',
      pattern: '^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$',
      description: "One of the caller's sessions with this agent, to continue it",
    },
  },
  required: ['message'],
  additionalProperties: false,
};

type ModelConfig = Record<string, unknown>;
type ToolCall = { name: string; args: Record<string, unknown> };

const scripted = (script: object[]): ModelConfig => ({
  provider: 'scripted',
  model: 'scripted',
  script,
});

/** A scripted agent whose runs answer with `text`, after one turn calling `calls`, if any. */
function answering(text: string, calls: ToolCall[] = []): ModelConfig {
  const answer = { text };
  if (calls.length === 0) return scripted([answer]);
  const asking = {
    text: 'Let me ask.',
    tool_calls: calls.map((call, i) => ({ id: `toolu_${i}`, ...call })),
  };
  return scripted([asking, answer]);
}

/** A scripted agent whose runs start to answer, then hold their turn until cancelled. */
const HOLDING = scripted([{ text: 'Working on it.', hold: true }]);

let counter = 0;
const unique = (base: string) => `${base}_${++counter}`;

async function createAgent(
  user: RuntimeUser,
  modelConfig: ModelConfig,
  toolIds: string[] = [],
): Promise<string> {
  const created = await user.post('/api/v1/agents', {
    name: unique('agent'),
    system_prompt: 'You are a test agent.',
    model_config: modelConfig,
    tool_ids: toolIds,
  });
  expect(created.status).toBe(201);
  return created.body.id as string;
}

interface AgentTool {
  agentId: string;
  id: string;
  name: string;
  body: Record<string, unknown>;
}

/** A new agent, served as a new agent tool. */
async function agentTool(
  user: RuntimeUser,
  modelConfig: ModelConfig,
  toolIds: string[] = [],
  extra: object = {},
): Promise<AgentTool> {
  const agentId = await createAgent(user, modelConfig, toolIds);
  const name = unique('ask_agent');
  const created = await user.post('/api/v1/tools', {
    name,
    description: 'Asks an agent',
    implementation: { type: 'agent', agent_id: agentId },
    ...extra,
  });
  expect(created.status).toBe(201);
  return { agentId, name, id: created.body.id as string, body: created.body };
}

/** An `http` tool on `server`, which waits for its user's approval (the default for `http`). */
async function approvalTool(user: RuntimeUser, server: ToolServer) {
  const created = await user.post('/api/v1/tools', {
    name: unique('create_customer'),
    parameters: { type: 'object' },
    implementation: { type: 'http', url: server.url },
  });
  expect(created.body.requires_approval).toBe(true);
  return { id: created.body.id as string, name: created.body.name as string };
}

interface RunView {
  id: string;
  session_id: string;
  parent_run_id: string | null;
  child_run_ids: string[];
  status: string;
  error: { code: string; message: string } | null;
}

/** The run once `holds` is true of it. */
function untilRun(
  user: RuntimeUser,
  runId: string,
  holds: (run: RunView) => boolean,
  what: string,
): Promise<RunView> {
  return eventually(`run ${runId}: ${what}`, async () => {
    const run = (await user.get(`/api/v1/runs/${runId}`)).body as RunView;
    return holds(run) ? run : undefined;
  });
}

const untilStatus = (user: RuntimeUser, runId: string, status: string) =>
  untilRun(user, runId, (run) => run.status === status, status);

/** The run a call of the agent's tool started: the first of the user's session with the agent. */
function delegatedRunOf(user: RuntimeUser, agentId: string): Promise<string> {
  return eventually(`a run of agent ${agentId}`, async () => {
    const sessions = await user.get('/api/v1/sessions?limit=100');
    const session = (sessions.body.items as { id: string; agent_id: string }[]).find(
      (item) => item.agent_id === agentId,
    );
    if (!session) return undefined;
    const events = await user.get(`/api/v1/sessions/${session.id}/events`);
    return (events.body.items as { runId: string }[])[0]?.runId;
  });
}

const sessionCount = async (user: RuntimeUser) =>
  (await user.get('/api/v1/sessions')).body.total as number;

interface StoredEvent {
  type: string;
  runId: string;
  sequenceNumber: number;
  [field: string]: unknown;
}

const storedEvents = async (user: RuntimeUser, sessionId: string) =>
  (await user.get(`/api/v1/sessions/${sessionId}/events`)).body.items as StoredEvent[];

/** What an event takes from the run it is in, and a relayed one from the run it is relayed to. */
const OWN_TO_A_RUN = [
  'runId',
  'sessionId',
  'eventIndex',
  'timestamp',
  'persistenceState',
  'sequenceNumber',
];

const typesOf = (frames: readonly SseFrame[]) => frames.map((frame) => frame.event);

/** A run's stream, from its first event: every event its own run's, numbered 0, 1, 2… */
function expectGapFree(frames: readonly SseFrame[], runId: string): void {
  expect(frames.map((frame) => frame.id)).toEqual(frames.map((_, index) => String(index)));
  expect(frames.map((frame) => frame.data.eventIndex)).toEqual(frames.map((_, index) => index));
  expect(new Set(frames.map((frame) => frame.data.runId))).toEqual(new Set([runId]));
}

/**
 * The stream of a run that called one tool and then answered, with nothing relayed into it (the
 * scripted texts of these tests are short enough to stream as one chunk).
 */
const ONE_CALL = [
  'user_message_sent',
  'message_chunk',
  'message',
  'tool_use',
  'tool_result',
  'message_chunk',
  'message',
  'complete',
];

/** `ONE_CALL`, with an approval asked and decided during the call. */
const ONE_CALL_APPROVED = [
  ...ONE_CALL.slice(0, 4),
  'approval_requested',
  'approval_resolved',
  ...ONE_CALL.slice(4),
];

/** Calls `name` over REST, the request in flight until the returned promise settles. */
function callInFlight(user: RuntimeUser, name: string, input: object) {
  return user.post(`/api/tools/${name}`, input).then((response) => response);
}

describeOnAdapter('Agents as tools', (testApp) => {
  const clients = new McpClients();
  let alice: RuntimeUser;
  let bob: RuntimeUser;
  let baseUrl: string;
  let crm: ToolServer;
  const anonymous = () => testApp().http;

  beforeAll(async () => {
    alice = await runtimeUser(testApp(), 'alice');
    bob = await runtimeUser(testApp(), 'bob');
    baseUrl = await listeningUrl(testApp());
    crm = await startHttpToolServer();
  });

  afterAll(async () => {
    await clients.closeAll();
    await crm.close();
  });

  describe('registration', () => {
    test('becoming an http tool, an agent tool needs an input schema of its own and waits for approval by default', async () => {
      const tool = await agentTool(alice, answering('Hi'));
      const http = { type: 'http', url: crm.url };
      const refused = await alice.put(`/api/v1/tools/${tool.id}`, { implementation: http });
      expect(refused.status).toBe(422);
      expect(refused.body.error.details).toEqual([
        { field: 'parameters', messages: ['parameters must be an object'] },
      ]);
      expect((await alice.get(`/api/v1/tools/${tool.id}`)).body.implementation.type).toBe('agent');

      const parameters = { type: 'object', properties: { q: { type: 'string' } } };
      const changed = await alice.put(`/api/v1/tools/${tool.id}`, {
        implementation: http,
        parameters,
      });
      expect(changed.status).toBe(200);
      expect(changed.body).toMatchObject({ parameters, requires_approval: true });
    });

    test('without parameters: the kind supplies them; private, and no approval, by default', async () => {
      const { agentId, body } = await agentTool(alice, answering('Hi'));
      expect(body).toMatchObject({
        implementation: { type: 'agent', agent_id: agentId },
        requires_approval: false,
        public: false,
        parameters: AGENT_TOOL_PARAMETERS,
      });
      const same = await alice.post('/api/v1/tools', {
        name: unique('ask_agent'),
        parameters: AGENT_TOOL_PARAMETERS,
        implementation: { type: 'agent', agent_id: agentId.toUpperCase() },
      });
      expect(same.status).toBe(201);
      expect(same.body).toMatchObject({
        parameters: AGENT_TOOL_PARAMETERS,
        implementation: { type: 'agent', agent_id: agentId },
      });
    });

    let agentId: string;
    let builtinId: string;
    beforeAll(async () => {
      agentId = await createAgent(alice, answering('Hi'));
      const listed = await alice.get('/api/v1/tools?search=encodePlantUML');
      builtinId = (listed.body.items as { id: string }[])[0].id;
    });

    test.each([
      [
        "parameters other than the kind's",
        'parameters',
        () => ({
          parameters: { type: 'object' },
          implementation: { type: 'agent', agent_id: agentId },
        }),
      ],
      [
        'an agent_id no agent has',
        'implementation.agent_id',
        () => ({ implementation: { type: 'agent', agent_id: randomUUID() } }),
      ],
      [
        "a tool's id as agent_id",
        'implementation.agent_id',
        () => ({ implementation: { type: 'agent', agent_id: builtinId } }),
      ],
      [
        'an agent_id that is no UUID',
        'implementation.agent_id',
        () => ({ implementation: { type: 'agent', agent_id: 'my-agent' } }),
      ],
      ['no agent_id', 'implementation.agent_id', () => ({ implementation: { type: 'agent' } })],
    ])('422 for %s, naming %s, and nothing is stored', async (_case, field, body) => {
      const name = unique('refused');
      const response = await alice.post('/api/v1/tools', { name, ...body() });
      expect(response.status).toBe(422);
      expect(response.body).toMatchObject({ success: false, error: { code: 'VALIDATION_ERROR' } });
      const fields = (response.body.error.details as { field: string }[]).map((d) => d.field);
      expect(fields).toContain(field);
      expect((await alice.get(`/api/v1/tools?search=${name}`)).body.total).toBe(0);
    });
  });

  describe('calls', () => {
    test('REST, test-run and MCP answer alike: text, run, session, stop reason, artifacts, usage', async () => {
      // Large enough to be saved as an artifact of the agent's run.
      const reports = await startHttpToolServer(() => ({
        json: { rows: Array.from({ length: 200 }, (_, id) => ({ id, name: `row ${id}` })) },
      }));
      try {
        const report = await alice.post('/api/v1/tools', {
          name: unique('fetch_report'),
          parameters: { type: 'object' },
          implementation: { type: 'http', url: reports.url },
          requires_approval: false,
        });
        const reporter = await agentTool(
          alice,
          scripted([
            {
              text: 'Fetching it.',
              tool_calls: [{ id: 'toolu_report', name: report.body.name, args: {} }],
              usage: { input_tokens: 10, output_tokens: 4 },
            },
            { text: 'The report has 200 rows.', usage: { input_tokens: 30, output_tokens: 6 } },
          ]),
          [report.body.id as string],
        );
        const input = { message: 'How many rows?' };

        const rest = await alice.post(`/api/tools/${reporter.name}`, input);
        expect(rest.status).toBe(200);
        expect(rest.body.success).toBe(true);

        const testRun = await alice.post(`/api/v1/tools/${reporter.id}/test`, { params: input });
        expect(testRun.status).toBe(200);
        expect(testRun.body).toMatchObject({ success: true });

        const { client } = await clients.connectHttp(baseUrl, 'agent-tools', {
          Authorization: alice.auth,
        });
        const listed = (await client.listTools()).tools.find((t) => t.name === reporter.name);
        expect(listed?.inputSchema).toEqual(AGENT_TOOL_PARAMETERS);
        const mcp = await callTool(client, reporter.name, input);
        expect(mcp.isError).toBeFalsy();

        const answers = [rest.body.result, testRun.body.result, mcp.structuredContent] as {
          run_id: string;
          session_id: string;
          artifacts: {
            id: string;
            name: string;
            version: number;
            mime_type: string;
            size_bytes: number;
          }[];
        }[];
        for (const answer of answers) {
          expect(answer).toEqual({
            response: 'The report has 200 rows.',
            run_id: expect.stringMatching(UUID),
            session_id: expect.stringMatching(UUID),
            stop_reason: 'end_turn',
            artifacts: [
              {
                id: expect.stringMatching(UUID),
                name: expect.any(String),
                version: 0,
                mime_type: 'application/json',
                size_bytes: expect.any(Number),
              },
            ],
            usage: { input_tokens: 40, output_tokens: 10 },
          });
          const run = await alice.get(`/api/v1/runs/${answer.run_id}`);
          expect(run.body).toMatchObject({
            session_id: answer.session_id,
            status: 'completed',
            parent_run_id: null,
            child_run_ids: [],
          });
          const saved = await alice.get(`/api/v1/sessions/${answer.session_id}/artifacts`);
          const [{ id, name, version, mime_type, size_bytes }] = answer.artifacts;
          expect(saved.body.items).toEqual([
            expect.objectContaining({
              id,
              name,
              latest: expect.objectContaining({ version, mime_type, size_bytes }),
            }),
          ]);
        }
        // Each call is a run of its own, in a session of its own.
        expect(new Set(answers.map((answer) => answer.run_id)).size).toBe(3);
        expect(new Set(answers.map((answer) => answer.session_id)).size).toBe(3);
        expect(reports.requests).toHaveLength(3);
      } finally {
        await reports.close();
      }
    });

    describe('bad input is 400 INVALID_INPUT, and no run starts', () => {
      let asked: AgentTool;
      beforeAll(async () => {
        asked = await agentTool(alice, answering('Never asked.'));
      });

      test.each([
        ['an empty message', { message: '' }],
        ['a message of 100001 characters', { message: 'x'.repeat(100_001) }],
        ['a number as message', { message: 42 }],
        ['a null message', { message: null }],
        ['no message', {}],
        ['a session_id that is no UUID', { message: 'Hi', session_id: 'session-1' }],
        ['a session_id that is no string', { message: 'Hi', session_id: 7 }],
        ['a property the schema does not have', { message: 'Hi', mood: 'cheerful' }],
      ])('%s', async (_case, input) => {
        const before = await sessionCount(alice);
        const response = await alice.post(`/api/tools/${asked.name}`, input);
        expect(response.status).toBe(400);
        expect(response.body).toMatchObject({
          success: false,
          error: {
            code: 'INVALID_INPUT',
            message: expect.stringContaining(asked.name) as string,
            details: expect.any(Array) as unknown[],
          },
        });
        expect(await sessionCount(alice)).toBe(before);
      });

      test('a message of 100000 characters is the longest taken', async () => {
        const response = await alice.post(`/api/tools/${asked.name}`, {
          message: 'x'.repeat(100_000),
        });
        expect(response.status).toBe(200);
        expect(response.body.result.response).toBe('Never asked.');
      });
    });

    test("session_id continues the caller's session with the agent; another user's or another agent's is SESSION_NOT_FOUND", async () => {
      // Without a script, a scripted agent answers what it was last told.
      const echo = await agentTool(alice, { provider: 'scripted', model: 'scripted' });
      const first = await alice.post(`/api/tools/${echo.name}`, { message: 'first' });
      const sessionId = first.body.result.session_id as string;
      const next = await alice.post(`/api/tools/${echo.name}`, {
        message: 'second',
        session_id: sessionId.toUpperCase(),
      });
      expect(next.status).toBe(200);
      expect(next.body.result).toMatchObject({
        response: 'You said: second',
        session_id: sessionId,
      });
      expect(next.body.result.run_id).not.toBe(first.body.result.run_id);
      const told = (await storedEvents(alice, sessionId))
        .filter((event) => event.type === 'user_message_sent')
        .map((event) => event.content);
      expect(told).toEqual(['first', 'second']);

      const bobs = await bob.post(`/api/tools/${echo.name}`, { message: 'mine' });
      const bobsSession = bobs.body.result.session_id as string;
      const bobsBefore = (await bob.get(`/api/v1/sessions/${bobsSession}`)).body;
      const other = await agentTool(alice, answering('Another agent.'));
      const othersSession = (await alice.post(`/api/tools/${other.name}`, { message: 'hi' })).body
        .result.session_id as string;
      for (const foreign of [bobsSession, othersSession]) {
        const refused = await alice.post(`/api/tools/${echo.name}`, {
          message: 'let me in',
          session_id: foreign,
        });
        expect(refused.status).toBe(404);
        expect(refused.body).toEqual({
          success: false,
          error: { code: 'SESSION_NOT_FOUND', message: `Session with id '${foreign}' not found` },
        });
      }
      expect((await bob.get(`/api/v1/sessions/${bobsSession}`)).body).toEqual(bobsBefore);
      expect((await storedEvents(alice, othersSession)).map((e) => e.type)).toEqual([
        'user_message_sent',
        'message',
      ]);
    });

    test('a private agent tool is not found without a key; a public one runs for anonymous', async () => {
      const hidden = await agentTool(alice, answering('Private answer.'));
      const open = await agentTool(alice, answering('Public answer.'), [], { public: true });
      expect(open.body.public).toBe(true);

      const names = async (request: ReturnType<TestApp['http']['get']>) =>
        ((await request).body.tools as { name: string }[]).map((tool) => tool.name);
      const seenAnonymously = await names(anonymous().get('/api/tools'));
      expect(seenAnonymously).toContain(open.name);
      expect(seenAnonymously).not.toContain(hidden.name);
      expect(await names(alice.get('/api/tools'))).toEqual(
        expect.arrayContaining([open.name, hidden.name]),
      );

      const before = await sessionCount(alice);
      const refused = await anonymous().post(`/api/tools/${hidden.name}`).send({ message: 'Hi' });
      expect(refused.status).toBe(404);
      expect(refused.body).toEqual({
        success: false,
        error: { code: 'TOOL_NOT_FOUND', message: `Tool '${hidden.name}' not found` },
      });

      const called = await anonymous().post(`/api/tools/${open.name}`).send({ message: 'Hi' });
      expect(called.status).toBe(200);
      expect(called.body.result.response).toBe('Public answer.');
      const runId = called.body.result.run_id as string;
      // The key holder who registered the tool does not own the run: the anonymous user does.
      expect((await alice.get(`/api/v1/runs/${runId}`)).status).toBe(404);
      expect(await sessionCount(alice)).toBe(before);
      const stored = await testApp().app.get(RunsRepository).find(runId);
      expect(stored).toMatchObject({ owner: 'anonymous', status: 'completed' });

      // Every caller without a key is that one user: none may continue a session, not even the
      // one its own call started, or it could read another caller's conversation.
      const again = await anonymous()
        .post(`/api/tools/${open.name}`)
        .send({ message: 'Hi', session_id: called.body.result.session_id as string });
      expect(again.status).toBe(404);
      expect(again.body.error.code).toBe('SESSION_NOT_FOUND');
    });

    test('an inactive agent tool is TOOL_NOT_FOUND', async () => {
      const tool = await agentTool(alice, answering('Resting.'));
      expect((await alice.put(`/api/v1/tools/${tool.id}`, { is_active: false })).status).toBe(200);
      const before = await sessionCount(alice);
      const response = await alice.post(`/api/tools/${tool.name}`, { message: 'Hi' });
      expect(response.status).toBe(404);
      expect(response.body.error.code).toBe('TOOL_NOT_FOUND');
      expect(await sessionCount(alice)).toBe(before);
    });

    test('an agent whose provider is not configured: PROVIDER_NOT_CONFIGURED, before anything is written', async () => {
      const tool = await agentTool(alice, { provider: 'anthropic', model: 'claude-test' });
      const before = await sessionCount(alice);
      const response = await alice.post(`/api/tools/${tool.name}`, { message: 'Hi' });
      expect(response.status).toBe(409);
      expect(response.body.error).toMatchObject({
        code: 'PROVIDER_NOT_CONFIGURED',
        details: { provider: 'anthropic', variable: 'ANTHROPIC_API_KEY' },
      });
      expect(await sessionCount(alice)).toBe(before);
    });

    test("a child run that fails: AGENT_RUN_FAILED 502 with the child's error and run", async () => {
      const failing = await agentTool(
        alice,
        scripted([
          { text: 'Thinking hard.', error: { message: 'The model melted', code: 'MODEL_MELTED' } },
        ]),
      );
      const response = await alice.post(`/api/tools/${failing.name}`, { message: 'Try' });
      expect(response.status).toBe(502);
      expect(response.body).toEqual({
        success: false,
        error: {
          code: 'AGENT_RUN_FAILED',
          message: expect.stringContaining('The model melted') as string,
          details: expect.objectContaining({ run_id: expect.stringMatching(UUID) }) as object,
        },
      });
      const run = await alice.get(`/api/v1/runs/${String(response.body.error.details.run_id)}`);
      expect(run.body).toMatchObject({
        status: 'failed',
        error: { code: 'MODEL_MELTED', message: expect.stringContaining('The model melted') },
      });

      const testRun = await alice.post(`/api/v1/tools/${failing.id}/test`, {
        params: { message: 'Try again' },
      });
      expect(testRun.body).toMatchObject({
        success: false,
        error_code: 'AGENT_RUN_FAILED',
        details: { run_id: expect.stringMatching(UUID) },
      });
      expect(testRun.body.details.run_id).not.toBe(response.body.error.details.run_id);
    });

    test.each([
      ['an MCP client', 'mcp'],
      ['a REST caller', 'rest'],
      ['a test-run caller', 'test'],
    ] as const)('%s that hangs up mid-call cancels the run', async (_caller, transport) => {
      const holder = await agentTool(alice, HOLDING);
      const input = { message: 'Take your time' };
      const call =
        transport === 'mcp'
          ? postInFlight(
              `${baseUrl}/mcp`,
              jsonRpc('tools/call', { name: holder.name, arguments: input }),
              { Authorization: alice.auth, Accept: MCP_ACCEPT },
            )
          : postInFlight(
              transport === 'rest'
                ? `${baseUrl}/api/tools/${holder.name}`
                : `${baseUrl}/api/v1/tools/${holder.id}/test`,
              transport === 'rest' ? input : { params: input },
              { Authorization: alice.auth },
            );
      const runId = await delegatedRunOf(alice, holder.agentId);
      expect((await alice.get(`/api/v1/runs/${runId}`)).body.status).toBe('running');
      call.hangUp();
      await untilStatus(alice, runId, 'cancelled');
    });
  });

  describe('delegation', () => {
    test("A → B → C: lineage, C's own runs and streams, C's approval relayed into B's and A's streams only", async () => {
      const customer = await approvalTool(alice, crm);
      const c = await agentTool(
        alice,
        answering('C created it.', [{ name: customer.name, args: { name: 'Test Corp' } }]),
        [customer.id],
      );
      const b = await agentTool(
        alice,
        answering('B: C created it.', [{ name: c.name, args: { message: 'Create Test Corp' } }]),
        [c.id],
      );
      const { sessionId } = await alice.session(
        answering('A: done.', [{ name: b.name, args: { message: 'Have C create it' } }]),
        [b.id],
      );
      const aStream = await alice.stream(sessionId, { content: 'Create Test Corp' });
      const relayedToA = await aStream.waitFor((frame) => frame.event === 'approval_requested');
      const aRunId = String(relayedToA.data.runId);
      const cRunId = String(relayedToA.data.childRunId);
      const aRun = await alice.get(`/api/v1/runs/${aRunId}`);
      expect(aRun.body).toMatchObject({ parent_run_id: null, status: 'running' });
      expect(aRun.body.child_run_ids).toHaveLength(1);
      const bRunId = aRun.body.child_run_ids[0] as string;
      const bRun = await alice.get(`/api/v1/runs/${bRunId}`);
      expect(bRun.body).toMatchObject({
        parent_run_id: aRunId,
        child_run_ids: [cRunId],
        status: 'running',
      });
      const cRun = await alice.get(`/api/v1/runs/${cRunId}`);
      expect(cRun.body).toMatchObject({
        parent_run_id: bRunId,
        child_run_ids: [],
        status: 'awaiting_approval',
      });
      // Each delegated run is in a session of its own.
      expect(new Set([sessionId, bRun.body.session_id, cRun.body.session_id]).size).toBe(3);
      for (const runId of [bRunId, cRunId]) {
        expect((await bob.get(`/api/v1/runs/${runId}`)).status).toBe(404);
      }

      const bStream = await alice.follow(bRunId);
      const cStream = await alice.follow(cRunId);
      const relayedToB = await bStream.waitFor((frame) => frame.event === 'approval_requested');
      const requested = await cStream.waitFor((frame) => frame.event === 'approval_requested');
      const approvalId = String(requested.data.approvalId);
      expect(requested.data).toMatchObject({ runId: cRunId, persistenceState: 'persisted' });
      expect(requested.data.childRunId).toBeUndefined();
      const asked = Object.fromEntries(
        Object.entries(requested.data).filter(([field]) => !OWN_TO_A_RUN.includes(field)),
      );
      for (const [relayed, ownRunId, ownSessionId] of [
        [relayedToA, aRunId, sessionId],
        [relayedToB, bRunId, bRun.body.session_id as string],
      ] as const) {
        expect(relayed.data).toEqual({
          ...asked,
          runId: ownRunId,
          sessionId: ownSessionId,
          eventIndex: Number(relayed.id),
          timestamp: expect.any(String),
          persistenceState: 'transient',
          childRunId: cRunId,
        });
      }
      const pending = await alice.get('/api/v1/approvals?status=pending');
      expect(pending.body.items).toEqual([
        expect.objectContaining({ id: approvalId, run_id: cRunId }),
      ]);

      // Decided from B's view: the same approval.
      const decided = await alice.post(`/api/v1/approvals/${String(relayedToB.data.approvalId)}`, {
        decision: 'approve',
      });
      expect(decided.status).toBe(200);
      const [aFrames, bFrames, cFrames] = await Promise.all(
        [aStream, bStream, cStream].map((stream) => stream.ended),
      );

      for (const [frames, ownRunId] of [
        [aFrames, aRunId],
        [bFrames, bRunId],
        [cFrames, cRunId],
      ] as const) {
        expect(typesOf(frames)).toEqual(ONE_CALL_APPROVED);
        expectGapFree(frames, ownRunId);
        expect(frames.at(-1)!.data).toMatchObject({ type: 'complete', reason: 'success' });
        const resolved = frames.find((frame) => frame.event === 'approval_resolved')!;
        expect(resolved.data).toMatchObject({ approvalId, approved: true });
      }
      for (const frames of [aFrames, bFrames]) {
        const relayed = frames.filter((frame) => frame.data.childRunId !== undefined);
        expect(typesOf(relayed)).toEqual(['approval_requested', 'approval_resolved']);
        expect(relayed.map((frame) => frame.data.childRunId)).toEqual([cRunId, cRunId]);
        expect(relayed.map((frame) => frame.data.persistenceState)).toEqual([
          'transient',
          'transient',
        ]);
      }
      const resultIn = (frames: SseFrame[]) =>
        frames.find((frame) => frame.event === 'tool_result')!.data;
      expect(resultIn(cFrames)).toMatchObject({
        success: true,
        result: { received: { name: 'Test Corp' } },
      });
      expect(resultIn(bFrames)).toMatchObject({
        success: true,
        result: { response: 'C created it.', run_id: cRunId },
      });
      expect(resultIn(aFrames)).toMatchObject({
        success: true,
        result: { response: 'B: C created it.', run_id: bRunId },
      });

      // The approval is stored where it happened, in C's run; the others store only their own.
      const approvalTypes = ['approval_requested', 'approval_resolved'];
      for (const [session, ownRunId, stored] of [
        [sessionId, aRunId, ONE_CALL],
        [bRun.body.session_id, bRunId, ONE_CALL],
        [cRun.body.session_id, cRunId, ONE_CALL_APPROVED],
      ] as const) {
        const events = await storedEvents(alice, session);
        const persisted = stored.filter((t) => !['message_chunk', 'complete'].includes(t));
        expect(events.map((event) => event.type)).toEqual(persisted);
        expect(events.map((event) => event.sequenceNumber)).toEqual(persisted.map((_, i) => i));
        expect(new Set(events.map((event) => event.runId))).toEqual(new Set([ownRunId]));
        expect(events.some((event) => 'childRunId' in event)).toBe(false);
        expect(approvalTypes.every((t) => events.some((e) => e.type === t))).toBe(
          ownRunId === cRunId,
        );
      }
      expect((await alice.get(`/api/v1/runs/${aRunId}`)).body.status).toBe('completed');
    });

    test("a child's approval decided from the parent's stream: the parent waits, then answers with the child's answer", async () => {
      const customer = await approvalTool(alice, crm);
      const child = await agentTool(
        alice,
        answering('Customer created.', [{ name: customer.name, args: { name: 'Acme' } }]),
        [customer.id],
      );
      const { sessionId } = await alice.session(
        answering('Child: created.', [{ name: child.name, args: { message: 'Create Acme' } }]),
        [child.id],
      );
      const started = await alice.post(`/api/v1/sessions/${sessionId}/runs`, {
        content: 'Create Acme',
      });
      expect(started.status).toBe(202);
      const parentRunId = started.body.run_id as string;
      const watching = await alice.follow(parentRunId);
      const requested = await watching.waitFor((frame) => frame.event === 'approval_requested');
      const childRunId = String(requested.data.childRunId);
      expect(requested.data).toMatchObject({
        runId: parentRunId,
        toolName: customer.name,
        args: { name: 'Acme' },
        persistenceState: 'transient',
      });
      expect((await alice.get(`/api/v1/runs/${parentRunId}`)).body).toMatchObject({
        status: 'running',
        child_run_ids: [childRunId],
      });
      expect((await alice.get(`/api/v1/runs/${childRunId}`)).body.status).toBe('awaiting_approval');
      const before = crm.requests.length;

      // Reconnecting after the relayed event resumes right after it.
      watching.close();
      const resumed = await alice.follow(parentRunId, { 'Last-Event-ID': requested.id });
      const decided = await alice.post(`/api/v1/approvals/${String(requested.data.approvalId)}`, {
        decision: 'approve',
      });
      expect(decided.status).toBe(200);
      expect(decided.body).toMatchObject({ run_id: childRunId, status: 'approved' });
      const frames = await resumed.ended;
      expect(typesOf(frames)).toEqual(ONE_CALL_APPROVED.slice(5));
      expect(frames.map((frame) => Number(frame.id))).toEqual(
        frames.map((_, index) => Number(requested.id) + 1 + index),
      );
      expect(frames[0].data).toMatchObject({
        approvalId: requested.data.approvalId,
        approved: true,
        childRunId,
        persistenceState: 'transient',
      });
      expect(frames.find((frame) => frame.event === 'tool_result')!.data).toMatchObject({
        success: true,
        result: { response: 'Customer created.', run_id: childRunId },
      });
      expect(frames.at(-1)!.data).toMatchObject({ type: 'complete', reason: 'success' });
      expect(crm.requests).toHaveLength(before + 1);
      expect((await alice.get(`/api/v1/runs/${childRunId}`)).body.status).toBe('completed');
    });

    test('a self-calling agent stops at the depth limit: four runs, the deepest told AGENT_DEPTH_EXCEEDED', async () => {
      const agentId = await createAgent(alice, answering('placeholder'));
      const name = unique('self');
      const tool = await alice.post('/api/v1/tools', {
        name,
        implementation: { type: 'agent', agent_id: agentId },
      });
      expect(tool.status).toBe(201);
      const updated = await alice.put(`/api/v1/agents/${agentId}`, {
        model_config: answering('Done at my level.', [{ name, args: { message: 'deeper' } }]),
        tool_ids: [tool.body.id],
      });
      expect(updated.status).toBe(200);
      const before = await sessionCount(alice);

      const called = await alice.post(`/api/tools/${name}`, { message: 'start' });
      expect(called.status).toBe(200);
      expect(called.body.result.response).toBe('Done at my level.');
      const chain: RunView[] = [];
      let runId: string | undefined = called.body.result.run_id as string;
      while (runId) {
        const run = (await alice.get(`/api/v1/runs/${runId}`)).body as RunView;
        expect(run.parent_run_id).toBe(chain.at(-1)?.id ?? null);
        chain.push(run);
        runId = run.child_run_ids[0];
      }
      expect(chain).toHaveLength(4);
      expect(chain.map((run) => run.status)).toEqual(Array(4).fill('completed'));
      expect(await sessionCount(alice)).toBe(before + 4);

      const resultsOf = async (run: RunView) =>
        (await storedEvents(alice, run.session_id)).filter((event) => event.type === 'tool_result');
      const deepest = await resultsOf(chain[3]);
      expect(deepest).toEqual([
        expect.objectContaining({
          success: false,
          code: 'AGENT_DEPTH_EXCEEDED',
          error: expect.stringContaining('AGENT_TOOL_MAX_DEPTH'),
        }),
      ]);
      for (const [index, run] of chain.slice(0, 3).entries()) {
        expect(await resultsOf(run)).toEqual([
          expect.objectContaining({
            success: true,
            result: expect.objectContaining({
              response: 'Done at my level.',
              run_id: chain[index + 1].id,
            }),
          }),
        ]);
      }
    });

    test('cancelling the parent mid-child cancels the child, and the child its own', async () => {
      const c = await agentTool(alice, HOLDING);
      const b = await agentTool(
        alice,
        answering('Never.', [{ name: c.name, args: { message: 'Hold on' } }]),
        [c.id],
      );
      const { sessionId } = await alice.session(
        answering('Never either.', [{ name: b.name, args: { message: 'Hold on' } }]),
        [b.id],
      );
      const aStream = await alice.stream(sessionId, { content: 'Go' });
      const aRunId = String((await aStream.waitFor(() => true)).data.runId);
      const hasChild = (run: RunView) => run.child_run_ids.length === 1;
      const bRunId = (await untilRun(alice, aRunId, hasChild, 'a child')).child_run_ids[0];
      const cRunId = (await untilRun(alice, bRunId, hasChild, 'a child')).child_run_ids[0];
      expect((await alice.get(`/api/v1/runs/${cRunId}`)).body.status).toBe('running');

      const cancelled = await alice.post(`/api/v1/runs/${aRunId}/cancel`);
      expect(cancelled.status).toBe(202);
      const frames = await aStream.ended;
      expect(frames.at(-1)!.data).toMatchObject({ type: 'complete', reason: 'cancelled' });
      expect(frames.find((frame) => frame.event === 'tool_result')!.data).toMatchObject({
        success: false,
      });
      for (const runId of [aRunId, bRunId, cRunId]) {
        await untilStatus(alice, runId, 'cancelled');
      }
    });
  });
});

describe(`Agents as tools past AGENT_TOOL_TIMEOUT_SECONDS [${SELECTED_ADAPTER}]`, () => {
  const clients = new McpClients();
  let app: TestApp;
  let alice: RuntimeUser;
  let crm: ToolServer;

  beforeAll(async () => {
    app = await startTestApp(SELECTED_ADAPTER, { env: { AGENT_TOOL_TIMEOUT_SECONDS: '1' } });
    alice = await runtimeUser(app, 'alice');
    crm = await startHttpToolServer();
  });

  afterAll(async () => {
    await clients.closeAll();
    await crm.close();
    await app.close();
  });

  test('REST, MCP and test-runs: EXECUTION_TIMEOUT at the limit, and the run is cancelled', async () => {
    const holder = await agentTool(alice, HOLDING);
    const input = { message: 'Take your time' };
    const timeout = { code: 'EXECUTION_TIMEOUT', details: { timeout_ms: 1000 } };

    const rest = await alice.post(`/api/tools/${holder.name}`, input);
    expect(rest.status).toBe(504);
    expect(rest.body).toMatchObject({ success: false, error: timeout });

    const { client } = await clients.connectHttp(await listeningUrl(app), 'timing-out', {
      Authorization: alice.auth,
    });
    const mcp = await callTool(client, holder.name, input);
    expect(mcp).toMatchObject({
      isError: true,
      structuredContent: { error: { code: 'EXECUTION_TIMEOUT' } },
    });

    const testRun = await alice.post(`/api/v1/tools/${holder.id}/test`, { params: input });
    expect(testRun.body).toMatchObject({
      success: false,
      error_code: timeout.code,
      details: timeout.details,
    });

    const sessions = (await alice.get('/api/v1/sessions')).body.items as { id: string }[];
    expect(sessions).toHaveLength(3);
    for (const session of sessions) {
      const [first] = await storedEvents(alice, session.id);
      await untilStatus(alice, first.runId, 'cancelled');
    }
  });

  test('time waiting for an approval does not count', async () => {
    const customer = await approvalTool(alice, crm);
    const asker = await agentTool(
      alice,
      answering('Created after a long wait.', [{ name: customer.name, args: { name: 'Slow' } }]),
      [customer.id],
    );
    const holder = await agentTool(alice, HOLDING);
    const waiting = callInFlight(alice, asker.name, { message: 'Create Slow' });
    const approvalId = await eventually('the approval', async () => {
      const pending = await alice.get('/api/v1/approvals?status=pending');
      return (pending.body.items as { id: string }[])[0]?.id;
    });
    // A call started after the approval was asked for times out: the limit has passed since.
    const timedOut = await alice.post(`/api/tools/${holder.name}`, { message: 'Hold' });
    expect(timedOut.status).toBe(504);
    const decided = await alice.post(`/api/v1/approvals/${approvalId}`, { decision: 'approve' });
    expect(decided.status).toBe(200);
    const answered = await waiting;
    expect(answered.status).toBe(200);
    expect(answered.body.result.response).toBe('Created after a long wait.');
  });
});
