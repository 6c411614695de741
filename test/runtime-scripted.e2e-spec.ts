/**
 * The agent runtime on the scripted provider, over real HTTP: the golden sequences, SSE replay and
 * reconnection (on both adapters: each hands the stream's response over its own way), the one-run
 * rule, idempotency, cancellation, ownership, and the agent test-run
 * (`POST /api/v1/agents/{id}/test`).
 */
import { type RuntimeUser, runtimeUser } from './support/runtime-client';
import { type SseFrame } from './support/sse-client';
import { describeHttpContract, describeOnAdapter } from './support/test-app';
import { type ReceivedRequest, type ToolServer, startHttpToolServer } from './support/tool-servers';

const DIAGRAM = '@startuml\nBob -> Alice : hello\n@enduml';
const scripted = (script: unknown[]) => ({ provider: 'scripted', model: 'scripted', script });
const typesOf = (frames: readonly SseFrame[]) => frames.map((frame) => frame.event);

/** The invariants that hold for every run's stream. */
function expectStreamInvariants(frames: readonly SseFrame[]): void {
  expect(frames.map((frame) => Number(frame.id))).toEqual(frames.map((_, index) => index));
  expect(frames.map((frame) => frame.data.eventIndex)).toEqual(frames.map((_, index) => index));
  expect(frames[0].event).toBe('user_message_sent');
  for (const { data } of frames) {
    const persisted = data.persistenceState === 'persisted';
    expect(typeof data.sequenceNumber === 'number').toBe(persisted);
  }
  const numbers = frames.flatMap((frame) => (frame.data.sequenceNumber as number) ?? []);
  expect(numbers).toEqual(numbers.map((_, index) => numbers[0] + index));
}

const RUNTIME = { env: { AGENT_MAX_TURNS: '3', SSE_KEEPALIVE_SECONDS: '1' } };

describeOnAdapter(
  'Agent runtime on the scripted provider (seed 002)',
  (testApp) => {
    let alice: RuntimeUser;
    let bob: RuntimeUser;
    let encodeToolId: string;
    let hangingTool: ToolServer;
    let hangingToolId: string;
    let hangingToolName: string;
    let toolCalled: (request: ReceivedRequest) => void = () => undefined;

    beforeAll(async () => {
      alice = await runtimeUser(testApp(), 'alice');
      bob = await runtimeUser(testApp(), 'bob');
      const listed = await alice.get('/api/v1/tools?search=encodePlantUML');
      encodeToolId = (listed.body as { items: { id: string }[] }).items[0].id;
      hangingTool = await startHttpToolServer((request) => {
        toolCalled(request);
        return 'hang';
      });
      const created = await alice.post('/api/v1/tools', {
        name: `slow_tool_${Date.now()}`,
        description: 'Never answers',
        parameters: { type: 'object' },
        implementation: { type: 'http', url: hangingTool.url },
        requires_approval: false,
      });
      ({ id: hangingToolId, name: hangingToolName } = created.body as { id: string; name: string });
    });

    afterAll(async () => {
      await hangingTool.close();
    });

    test('flow 1: user_message_sent, message_chunk*, message (end_turn), complete', async () => {
      const { sessionId } = await alice.session(
        scripted([{ text: 'Business Central is an ERP.', chunk_size: 5 }]),
      );
      const stream = await alice.stream(sessionId, { content: 'Hello, what is Business Central?' });
      expect(stream.status).toBe(200);
      expect(stream.headers['content-type']).toMatch(/^text\/event-stream/);
      const frames = await stream.ended;
      const runId = String(frames[0].data.runId);
      expect(stream.headers['content-location']).toBe(`/api/v1/runs/${runId}`);
      expect(typesOf(frames)).toEqual([
        'user_message_sent',
        ...Array(6).fill('message_chunk'),
        'message',
        'complete',
      ]);
      expectStreamInvariants(frames);
      const chunks = frames.filter((frame) => frame.event === 'message_chunk');
      const message = frames[frames.length - 2].data;
      expect(chunks.map((frame) => frame.data.content).join('')).toBe(message.content);
      expect(message).toMatchObject({
        content: 'Business Central is an ERP.',
        stopReason: 'end_turn',
        sequenceNumber: 1,
        sessionId,
        runId,
        messageId: expect.stringMatching(/^msg_/),
      });
      expect(frames[0].data).toMatchObject({
        content: 'Hello, what is Business Central?',
        sequenceNumber: 0,
        persistenceState: 'persisted',
      });
      expect(frames[frames.length - 1].data).toMatchObject({
        reason: 'success',
        persistenceState: 'transient',
      });

      const run = await alice.get(`/api/v1/runs/${runId}`);
      expect(run.body).toMatchObject({
        id: runId,
        session_id: sessionId,
        status: 'completed',
        stop_reason: 'end_turn',
        error: null,
        usage: message.usage,
      });
      const log = await alice.get(`/api/v1/sessions/${sessionId}/events`);
      expect(log.body.items.map((event: { type: string }) => event.type)).toEqual([
        'user_message_sent',
        'message',
      ]);
      const session = await alice.get(`/api/v1/sessions/${sessionId}`);
      expect(session.body.last_sequence_number).toBe(1);
    });

    test('flow 2: thinking chunks come first, then thinking and message are persisted', async () => {
      const { sessionId } = await alice.session(
        scripted([{ thinking: 'The cycle has four steps.', text: 'Post, adjust, close.' }]),
      );
      const stream = await alice.stream(sessionId, {
        content: 'Explain the accounting cycle',
        enable_thinking: true,
        thinking_budget: 10_000,
      });
      const frames = await stream.ended;
      expectStreamInvariants(frames);
      const types = typesOf(frames);
      expect(types.lastIndexOf('thinking_chunk')).toBeLessThan(types.indexOf('thinking_complete'));
      expect(types.indexOf('thinking_complete')).toBeLessThan(types.indexOf('message_chunk'));
      expect(types.slice(-3)).toEqual(['thinking', 'message', 'complete']);
      const thinking = frames.find((frame) => frame.event === 'thinking')!.data;
      const complete = frames.find((frame) => frame.event === 'thinking_complete')!.data;
      expect(complete.content).toBe('The cycle has four steps.');
      expect(thinking).toMatchObject({ content: 'The cycle has four steps.', sequenceNumber: 1 });
      expect(frames[frames.length - 2].data).toMatchObject({ sequenceNumber: 2 });
      expect(thinking.messageId).toBe(frames[frames.length - 2].data.messageId);
    });

    test('flow 3: message (tool_use), tool_use, tool_result with the real tool result, next turn', async () => {
      const { sessionId } = await alice.session(
        scripted([
          {
            text: 'Let me draw it.',
            tool_calls: [
              { id: 'toolu_01ABC', name: 'encodePlantUML', args: { plantumlCode: DIAGRAM } },
            ],
          },
          { text: 'Here is your diagram.' },
        ]),
        [encodeToolId],
      );
      const frames = await (await alice.stream(sessionId, { content: 'Draw Bob and Alice' })).ended;
      expectStreamInvariants(frames);
      const persisted = frames.filter((frame) => frame.data.persistenceState === 'persisted');
      expect(typesOf(persisted)).toEqual([
        'user_message_sent',
        'message',
        'tool_use',
        'tool_result',
        'message',
      ]);
      expect(persisted[1].data.stopReason).toBe('tool_use');
      expect(persisted[2].data).toMatchObject({
        toolUseId: 'toolu_01ABC',
        toolName: 'encodePlantUML',
        args: { plantumlCode: DIAGRAM },
      });
      expect(persisted[3].data).toMatchObject({
        toolUseId: 'toolu_01ABC',
        toolName: 'encodePlantUML',
        success: true,
        result: { url: expect.stringContaining('plantuml') as string, format: 'svg' },
      });
      expect(persisted[4].data).toMatchObject({
        content: 'Here is your diagram.',
        stopReason: 'end_turn',
      });
      expect(frames[frames.length - 1].event).toBe('complete');
    });

    test("an http tool's JSON that merely looks like MCP image content is kept in its tool_result", async () => {
      const lookalike = [{ type: 'image', data: 'aGVsbG8=', mimeType: 'image/png' }];
      const server = await startHttpToolServer(() => ({ json: lookalike }));
      try {
        const tool = await alice.post('/api/v1/tools', {
          name: `lookalike_${Date.now()}`,
          parameters: { type: 'object' },
          implementation: { type: 'http', url: server.url },
          requires_approval: false,
        });
        const { sessionId } = await alice.session(
          scripted([
            { tool_calls: [{ id: 'toolu_1', name: tool.body.name, args: {} }] },
            { text: 'Ok.' },
          ]),
          [tool.body.id as string],
        );
        const frames = await (await alice.stream(sessionId, { content: 'Call it' })).ended;
        const result = frames.find((frame) => frame.event === 'tool_result');
        expect(result?.data).toMatchObject({ success: true, result: lookalike });
        expect(result?.data).not.toHaveProperty('artifacts');
      } finally {
        await server.close();
      }
    });

    test('flow 3: parallel tool calls each get one tool_result; failures reach the model as results', async () => {
      const { sessionId } = await alice.session(
        scripted([
          {
            tool_calls: [
              { id: 'toolu_ok', name: 'encodePlantUML', args: { plantumlCode: DIAGRAM } },
              { id: 'toolu_empty', name: 'encodePlantUML', args: { plantumlCode: '' } },
              { id: 'toolu_unknown', name: 'noSuchTool', args: {} },
            ],
          },
          { text: 'Done.' },
        ]),
        [encodeToolId],
      );
      const frames = await (await alice.stream(sessionId, { content: 'Go' })).ended;
      expectStreamInvariants(frames);
      const uses = frames.filter((frame) => frame.event === 'tool_use');
      const results = frames.filter((frame) => frame.event === 'tool_result');
      expect(uses.map((frame) => frame.data.toolUseId)).toEqual([
        'toolu_ok',
        'toolu_empty',
        'toolu_unknown',
      ]);
      expect(results.map((frame) => frame.data.toolUseId).sort()).toEqual(
        ['toolu_empty', 'toolu_ok', 'toolu_unknown'].sort(),
      );
      const byId = new Map(results.map((frame) => [frame.data.toolUseId, frame.data]));
      expect(byId.get('toolu_ok')).toMatchObject({ success: true });
      expect(byId.get('toolu_empty')).toMatchObject({ success: false, code: 'EMPTY_CODE' });
      expect(byId.get('toolu_unknown')).toMatchObject({
        success: false,
        code: 'TOOL_NOT_FOUND',
        error: "Tool 'noSuchTool' is not available to this agent",
      });
      const lastUse = Math.max(...uses.map((frame) => Number(frame.id)));
      expect(Math.min(...results.map((frame) => Number(frame.id)))).toBeGreaterThan(lastUse);
      expect(frames[frames.length - 1].data.reason).toBe('success');
    });

    test('flow 5: a provider error ends the run with a persisted error and no complete', async () => {
      const { sessionId } = await alice.session(
        scripted([{ text: 'Partial ', error: { message: 'API Error', code: 'overloaded_error' } }]),
      );
      const frames = await (await alice.stream(sessionId, { content: 'This will fail' })).ended;
      expectStreamInvariants(frames);
      expect(typesOf(frames)).toEqual(['user_message_sent', 'message_chunk', 'error']);
      const error = frames[2].data;
      expect(error).toMatchObject({
        error: 'API Error',
        code: 'overloaded_error',
        persistenceState: 'persisted',
        sequenceNumber: 1,
      });
      const run = await alice.get(`/api/v1/runs/${String(error.runId)}`);
      expect(run.body).toMatchObject({
        status: 'failed',
        error: { code: 'overloaded_error', message: 'API Error' },
      });
      const log = await alice.get(`/api/v1/sessions/${sessionId}/events`);
      expect(log.body.items.map((event: { type: string }) => event.type)).toEqual([
        'user_message_sent',
        'error',
      ]);
    });

    test('a looping agent is stopped by AGENT_MAX_TURNS with a MAX_TURNS error', async () => {
      const { sessionId } = await alice.session(
        scripted([{ tool_calls: [{ name: 'encodePlantUML', args: { plantumlCode: DIAGRAM } }] }]),
        [encodeToolId],
      );
      const frames = await (await alice.stream(sessionId, { content: 'Loop' })).ended;
      expect(frames.filter((frame) => frame.event === 'message')).toHaveLength(3);
      expect(frames[frames.length - 1].data).toMatchObject({ type: 'error', code: 'MAX_TURNS' });
      expect(frames.some((frame) => frame.event === 'complete')).toBe(false);
    });

    test('a second run sees the first: numbers continue and the conversation is sent again', async () => {
      const { sessionId } = await alice.session();
      const first = await (await alice.stream(sessionId, { content: 'one' })).ended;
      const second = await (await alice.stream(sessionId, { content: 'two' })).ended;
      expect(first[first.length - 2].data.sequenceNumber).toBe(1);
      expect(second[0].data.sequenceNumber).toBe(2);
      expect(second[second.length - 2].data).toMatchObject({
        content: 'You said: two',
        sequenceNumber: 3,
      });
      const log = await alice.get(`/api/v1/sessions/${sessionId}/events?after_sequence=0&limit=2`);
      expect(
        log.body.items.map((event: { sequenceNumber: number }) => event.sequenceNumber),
      ).toEqual([1, 2]);
      expect(log.body.next_after_sequence).toBe(2);
    });

    describe('one run at a time, idempotency and cancellation', () => {
      test('a second start while a run is active is 409 SESSION_BUSY naming the running run', async () => {
        const { sessionId } = await alice.session(scripted([{ text: 'busy', hold: true }]));
        const stream = await alice.stream(sessionId, { content: 'first' });
        const runId = String((await stream.waitFor(() => true)).data.runId);
        const second = await alice.post(`/api/v1/sessions/${sessionId}/runs`, { content: 'x' });
        expect(second.status).toBe(409);
        expect(second.body.error).toMatchObject({
          code: 'SESSION_BUSY',
          details: { run_id: runId },
        });
        const deleted = await alice.del(`/api/v1/sessions/${sessionId}`);
        expect(deleted.status).toBe(409);
        expect(deleted.body.error.code).toBe('SESSION_BUSY');
        await alice.post(`/api/v1/runs/${runId}/cancel`);
        await stream.ended;
        expect((await alice.del(`/api/v1/sessions/${sessionId}`)).body).toEqual({
          deleted: true,
          id: sessionId,
        });
        expect((await alice.get(`/api/v1/runs/${runId}`)).status).toBe(404);
      });

      test('the same Idempotency-Key and body return the same run; another body is 409', async () => {
        const { sessionId } = await alice.session();
        const key = { 'Idempotency-Key': `key-${Date.now()}` };
        const send = (content: string) =>
          alice.post(`/api/v1/sessions/${sessionId}/runs`, { content }).set(key);
        const first = await send('once');
        expect(first.status).toBe(202);
        await (
          await alice.follow(first.body.run_id as string)
        ).ended;
        const again = await send('once');
        expect(again.status).toBe(202);
        expect(again.body.run_id).toBe(first.body.run_id);
        const other = await send('twice');
        expect(other.status).toBe(409);
        expect(other.body.error.code).toBe('IDEMPOTENCY_KEY_REUSED');
        const log = await alice.get(`/api/v1/sessions/${sessionId}/events`);
        expect(
          log.body.items.filter((e: { type: string }) => e.type === 'user_message_sent'),
        ).toHaveLength(1);
      });

      test('cancel mid-stream: the partial text is a cancelled message, then complete (cancelled)', async () => {
        const { sessionId } = await alice.session(
          scripted([{ text: 'Partial answer', hold: true }]),
        );
        const stream = await alice.stream(sessionId, { content: 'cancel me' });
        const runId = String((await stream.waitFor((f) => f.event === 'message_chunk')).data.runId);
        const cancelled = await alice.post(`/api/v1/runs/${runId}/cancel`);
        expect(cancelled.status).toBe(202);
        expect(cancelled.body).toEqual({ run_id: runId, cancel_requested: true });
        const frames = await stream.ended;
        expectStreamInvariants(frames);
        expect(frames[frames.length - 2].data).toMatchObject({
          type: 'message',
          content: 'Partial answer',
          stopReason: 'cancelled',
        });
        expect(frames[frames.length - 1].data).toMatchObject({
          type: 'complete',
          reason: 'cancelled',
        });
        expect((await alice.get(`/api/v1/runs/${runId}`)).body.status).toBe('cancelled');
        const again = await alice.post(`/api/v1/runs/${runId}/cancel`);
        expect(again.status).toBe(409);
        expect(again.body.error.code).toBe('RUN_FINISHED');
      });

      test('cancel mid-tool: the running tool is aborted and its tool_use gets a cancelled result', async () => {
        const { sessionId } = await alice.session(
          scripted([{ tool_calls: [{ id: 'toolu_slow', name: hangingToolName, args: {} }] }]),
          [hangingToolId],
        );
        const called = new Promise<ReceivedRequest>((resolve) => (toolCalled = resolve));
        const stream = await alice.stream(sessionId, { content: 'slow' });
        const runId = String((await stream.waitFor((f) => f.event === 'tool_use')).data.runId);
        const toolRequest = await called;
        await alice.post(`/api/v1/runs/${runId}/cancel`);
        const frames = await stream.ended;
        expect(frames.slice(-2).map((frame) => frame.data)).toEqual([
          expect.objectContaining({
            type: 'tool_result',
            toolUseId: 'toolu_slow',
            success: false,
            error: 'Run cancelled',
          }),
          expect.objectContaining({ type: 'complete', reason: 'cancelled' }),
        ]);
        // The tool's HTTP request was really aborted, not left running.
        await toolRequest.aborted;
      });
    });

    describe('ownership and refusals', () => {
      test("another user's session and run answer 404 exactly like unknown ids", async () => {
        const { sessionId } = await alice.session();
        const started = await alice.post(`/api/v1/sessions/${sessionId}/runs`, { content: 'mine' });
        const runId = started.body.run_id as string;
        for (const response of [
          await bob.get(`/api/v1/sessions/${sessionId}`),
          await bob.get(`/api/v1/sessions/${sessionId}/events`),
          await bob.del(`/api/v1/sessions/${sessionId}`),
          await bob.post(`/api/v1/sessions/${sessionId}/runs`, { content: 'theirs' }),
        ]) {
          expect(response.status).toBe(404);
          expect(response.body.error).toEqual({
            code: 'SESSION_NOT_FOUND',
            message: `Session with id '${sessionId}' not found`,
          });
        }
        for (const response of [
          await bob.get(`/api/v1/runs/${runId}`),
          await bob.post(`/api/v1/runs/${runId}/cancel`),
        ]) {
          expect(response.status).toBe(404);
          expect(response.body.error.code).toBe('RUN_NOT_FOUND');
        }
        expect((await bob.follow(runId)).status).toBe(404);
        const listed = await bob.get('/api/v1/sessions');
        expect(listed.body.items.map((s: { id: string }) => s.id)).not.toContain(sessionId);
        await (
          await alice.follow(runId)
        ).ended;
      });

      test('sessions list is mine, newest first; unknown agent is 404', async () => {
        const first = await bob.session();
        const second = await bob.session();
        const listed = await bob.get('/api/v1/sessions?limit=2');
        expect(listed.body.items.map((s: { id: string }) => s.id)).toEqual([
          second.sessionId,
          first.sessionId,
        ]);
        const missing = await bob.post('/api/v1/sessions', {
          agent_id: '00000000-0000-4000-8000-000000000000',
        });
        expect(missing.status).toBe(404);
        expect(missing.body.error.code).toBe('AGENT_NOT_FOUND');
      });

      test.each([
        [{ content: '' }, 'content'],
        [{ content: '   ' }, 'content'],
        [{ content: 7 }, 'content'],
        [{}, 'content'],
        [{ content: 'x', enable_thinking: true, thinking_budget: 10 }, 'thinking_budget'],
        [{ content: 'x', surprise: true }, 'surprise'],
      ])('422 for %j, naming %s, and nothing is written', async (body, field) => {
        const { sessionId } = await alice.session();
        const response = await alice.post(`/api/v1/sessions/${sessionId}/runs`, body);
        expect(response.status).toBe(422);
        expect(response.body.error.code).toBe('VALIDATION_ERROR');
        expect(response.body.error.details.map((d: { field: string }) => d.field)).toContain(field);
        expect((await alice.get(`/api/v1/sessions/${sessionId}`)).body.last_sequence_number).toBe(
          -1,
        );
      });

      test('an agent whose provider is not configured is 409 PROVIDER_NOT_CONFIGURED before any event', async () => {
        const { sessionId } = await alice.session({ provider: 'anthropic', model: 'claude' });
        const response = await alice.post(`/api/v1/sessions/${sessionId}/runs`, { content: 'hi' });
        expect(response.status).toBe(409);
        expect(response.body.error).toMatchObject({
          code: 'PROVIDER_NOT_CONFIGURED',
          details: { provider: 'anthropic', variable: 'ANTHROPIC_API_KEY' },
        });
        expect(response.body.error.message).toContain('ANTHROPIC_API_KEY');
        expect((await alice.get(`/api/v1/sessions/${sessionId}`)).body.last_sequence_number).toBe(
          -1,
        );
      });

      test('a malformed Last-Event-ID is 422', async () => {
        const { sessionId } = await alice.session();
        const started = await alice.post(`/api/v1/sessions/${sessionId}/runs`, { content: 'x' });
        const response = await alice.follow(started.body.run_id as string, {
          'Last-Event-ID': 'abc',
        });
        expect(response.status).toBe(422);
        expect(JSON.parse(await response.text).error.code).toBe('VALIDATION_ERROR');
      });
    });

    describe('AC-019: POST /api/v1/agents/{id}/test', () => {
      test('runs the agent once and summarises response, tool calls and tokens', async () => {
        const { agentId } = await alice.session(
          scripted([
            {
              tool_calls: [
                { id: 'toolu_rsi', name: 'encodePlantUML', args: { plantumlCode: DIAGRAM } },
              ],
              usage: { input_tokens: 100, output_tokens: 10 },
            },
            { text: 'RSI is 61.', usage: { input_tokens: 150, output_tokens: 5 } },
          ]),
          [encodeToolId],
        );
        const response = await alice.post(`/api/v1/agents/${agentId}/test`, {
          test_prompt: '삼성전자의 RSI를 분석해주세요',
          timeout: 60,
        });
        expect(response.status).toBe(200);
        expect(response.body).toMatchObject({
          success: true,
          response: 'RSI is 61.',
          tool_calls: [
            {
              tool_use_id: 'toolu_rsi',
              name: 'encodePlantUML',
              args: { plantumlCode: DIAGRAM },
              success: true,
              result: expect.objectContaining({ format: 'svg' }) as object,
            },
          ],
          tokens_used: { input: 250, output: 15 },
        });
        expect(response.body.execution_time_ms).toBeGreaterThan(0);
        const run = await alice.get(`/api/v1/runs/${response.body.run_id as string}`);
        expect(run.body.status).toBe('completed');
      });

      test('past its timeout the run is cancelled and the test fails with "Execution timeout"', async () => {
        const { agentId } = await alice.session(scripted([{ text: 'thinking...', hold: true }]));
        const response = await alice.post(`/api/v1/agents/${agentId}/test`, {
          test_prompt: 'never ends',
          timeout: 0.2,
        });
        expect(response.status).toBe(200);
        expect(response.body).toMatchObject({
          success: false,
          error: 'Execution timeout',
          error_code: 'EXECUTION_TIMEOUT',
        });
        const run = await alice.get(`/api/v1/runs/${response.body.run_id as string}`);
        expect(run.body.status).toBe('cancelled');
      });

      test('an unknown agent is 404', async () => {
        const response = await alice.post('/api/v1/agents/not-an-id/test', { test_prompt: 'x' });
        expect(response.status).toBe(404);
        expect(response.body.error.code).toBe('AGENT_NOT_FOUND');
      });
    });
  },
  RUNTIME,
);

describeHttpContract(
  'SSE replay on the scripted provider (seed 002)',
  (testApp) => {
    let alice: RuntimeUser;

    beforeAll(async () => {
      alice = await runtimeUser(testApp(), 'alice');
    });

    test('a dropped connection resumes with Last-Event-ID: every event exactly once, in order', async () => {
      const { sessionId } = await alice.session(
        scripted([{ text: 'abcdefghij', chunk_size: 1, hold: true }]),
      );
      const first = await alice.stream(sessionId, { content: 'stream' });
      await first.waitFor((frame) => frame.event === 'message_chunk' && frame.data.content === 'c');
      first.close();
      const seen = first.frames.slice();
      const runId = String(seen[0].data.runId);
      const last = seen[seen.length - 1].id;

      const resumed = await alice.follow(runId, { 'Last-Event-ID': last });
      expect(resumed.status).toBe(200);
      expect((await alice.post(`/api/v1/runs/${runId}/cancel`)).status).toBe(202);
      const rest = await resumed.ended;
      const all = [...seen, ...rest];
      expect(all.map((frame) => Number(frame.id))).toEqual(all.map((_, index) => index));
      expect(typesOf(all).slice(-2)).toEqual(['message', 'complete']);

      const replay = await alice.follow(runId, { 'Last-Event-ID': '3' });
      const replayed = await replay.ended;
      expect(replayed.map((frame) => frame.id)).toEqual(all.slice(4).map((frame) => frame.id));

      const finished = await alice.follow(runId, { 'Last-Event-ID': String(all.length - 1) });
      expect(finished.status).toBe(204);
      expect(await finished.ended).toEqual([]);
    });

    test('a background run (202) can be followed from the start with ?after=-1', async () => {
      const { sessionId } = await alice.session();
      const started = await alice.post(`/api/v1/sessions/${sessionId}/runs`, { content: 'bg' });
      expect(started.status).toBe(202);
      const runId = started.body.run_id as string;
      expect(started.body).toEqual({
        run_id: runId,
        status: 'running',
        events_url: `/api/v1/runs/${runId}/events`,
      });
      expect(started.headers.location).toBe(`/api/v1/runs/${runId}`);
      const frames = await (await alice.follow(runId, {}, '?after=-1')).ended;
      expect(typesOf(frames)).toEqual([
        'user_message_sent',
        'message_chunk',
        'message',
        'complete',
      ]);
    });

    test('an idle stream gets keep-alive comments', async () => {
      const { sessionId } = await alice.session(scripted([{ text: 'wait', hold: true }]));
      const stream = await alice.stream(sessionId, { content: 'hold' });
      const runId = String((await stream.waitFor(() => true)).data.runId);
      expect(await stream.nextComment()).toBe(': ping');
      await alice.post(`/api/v1/runs/${runId}/cancel`);
      await stream.ended;
    });
  },
  RUNTIME,
);
