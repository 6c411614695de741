/**
 * The runtime's event sequences for text, extended thinking, tool use and errors, driven through
 * the REAL provider SDKs (`@anthropic-ai/sdk`, `openai`) against local servers that speak their
 * wire formats. Every run is checked against the invariants all runs share (see
 * `assertInvariants`) and its durable log; each test then asserts its flow's exact event shape,
 * the run's stored outcome, and what the provider was sent.
 */
import { randomBytes } from 'node:crypto';
import { isDeepStrictEqual } from 'node:util';
import { decode } from 'plantuml-encoder';
import {
  type FakeAnthropicServer,
  startFakeAnthropicServer,
} from './support/fake-anthropic-server';
import { type FakeOpenAIServer, startFakeOpenAIServer } from './support/fake-openai-server';
import { type RuntimeUser, runtimeUser } from './support/runtime-client';
import {
  type ReceivedModelRequest,
  type ScriptedModelServer,
} from './support/scripted-model-server';
import { type EventStreamConnection, type SseFrame } from './support/sse-client';
import { SELECTED_ADAPTER, type TestApp, startTestApp } from './support/test-app';

const SYSTEM_PROMPT = 'You are a test agent.'; // what `runtimeUser().session()` gives its agents
const DIAGRAM = '@startuml\nA -> B\n@enduml';
const OTHER_DIAGRAM = '@startuml\nB -> C : reply\n@enduml';
const PLANTUML_SVG = 'https://www.plantuml.com/plantuml/svg/';

/** Which event types are stored with a sequence number; the others are only streamed. */
const PERSISTED: Readonly<Record<string, boolean>> = {
  user_message_sent: true,
  thinking_chunk: false,
  thinking_complete: false,
  message_chunk: false,
  thinking: true,
  message: true,
  tool_use: true,
  tool_result: true,
  error: true,
  complete: false,
};
const CHUNK_TYPES = new Set(['thinking_chunk', 'message_chunk']);

interface Usage {
  input_tokens: number;
  output_tokens: number;
}

/** The fields of a run event the tests read, by their exact names. */
interface RunEventData {
  type: string;
  sessionId: string;
  runId: string;
  eventIndex: number;
  timestamp: string;
  persistenceState: string;
  sequenceNumber?: number;
  content?: string;
  blockIndex?: number;
  messageId?: string;
  signature?: string;
  stopReason?: string;
  usage?: Usage;
  toolUseId?: string;
  toolName?: string;
  args?: Record<string, unknown>;
  success?: boolean;
  result?: unknown;
  error?: string;
  code?: string;
  reason?: string;
}

interface FinishedRun {
  runId: string;
  frames: SseFrame[];
  events: RunEventData[];
  /** The sequence number the run's first persisted event had to get. */
  firstSequence: number;
}

// ---------------------------------------------------------------------------------------------
// Reading a run's frames

const eventsOf = (frames: SseFrame[]) =>
  frames.map((frame) => frame.data as unknown as RunEventData);

/** The event types in order. */
const types = (frames: SseFrame[]) => eventsOf(frames).map((event) => event.type);

/** The event types in order, each run of chunks written once with a `+`: `message_chunk+`. */
function shape(frames: SseFrame[]): string[] {
  const shaped: string[] = [];
  for (const type of types(frames)) {
    const entry = CHUNK_TYPES.has(type) ? `${type}+` : type;
    if (!(CHUNK_TYPES.has(type) && shaped.at(-1) === entry)) shaped.push(entry);
  }
  return shaped;
}

const ofType = (run: FinishedRun, type: string) => run.events.filter((e) => e.type === type);

const joined = (events: RunEventData[]) => events.map((event) => event.content).join('');

/** Matches a string holding the JSON of `value`, whatever its key order. */
function jsonOf(value: unknown) {
  return {
    $$typeof: Symbol.for('jest.asymmetricMatcher'),
    asymmetricMatch: (actual: unknown) => {
      if (typeof actual !== 'string') return false;
      try {
        return isDeepStrictEqual(JSON.parse(actual), value);
      } catch {
        return false;
      }
    },
    toAsymmetricMatcher: () => `jsonOf(${JSON.stringify(value)})`,
  };
}

/**
 * The invariants of any run: SSE ids are the eventIndex, 0..n-1 without gaps; one run and session;
 * persisted events (see `PERSISTED`) carry consecutive sequence numbers from
 * `firstSequence`, transient ones none; `user_message_sent` first; exactly one terminal event
 * (`complete` or `error`), last; each `message`/`thinking_complete`/`thinking` holds exactly the
 * chunks of its turn; thinking before text; tool events after a `tool_use` message, each
 * `tool_use` answered by exactly one `tool_result` (no orphans, no duplicates).
 */
function assertInvariants(frames: SseFrame[], firstSequence: number): void {
  const events = eventsOf(frames);
  expect(events.length).toBeGreaterThanOrEqual(2);
  expect(frames.map((frame) => frame.id)).toEqual(events.map((_, index) => String(index)));
  expect(frames.map((frame) => frame.event)).toEqual(types(frames));
  expect(events.map((event) => event.eventIndex)).toEqual(events.map((_, index) => index));
  expect(new Set(events.map((event) => event.runId)).size).toBe(1);
  expect(new Set(events.map((event) => event.sessionId)).size).toBe(1);

  const timestamps = events.map((event) => Date.parse(event.timestamp));
  expect(timestamps.every(Number.isFinite)).toBe(true);
  expect([...timestamps].sort((a, b) => a - b)).toEqual(timestamps);

  for (const event of events) {
    expect(PERSISTED).toHaveProperty(event.type);
    if (PERSISTED[event.type]) {
      expect(event).toMatchObject({ persistenceState: 'persisted' });
      expect(typeof event.sequenceNumber).toBe('number');
    } else {
      expect(event.persistenceState).toBe('transient');
      expect(event).not.toHaveProperty('sequenceNumber');
    }
  }
  const persisted = events.filter((event) => PERSISTED[event.type]);
  expect(persisted.map((event) => event.sequenceNumber)).toEqual(
    persisted.map((_, offset) => firstSequence + offset),
  );

  expect(events[0].type).toBe('user_message_sent');
  const terminal = events.filter((event) => event.type === 'complete' || event.type === 'error');
  expect(terminal).toEqual([events.at(-1)]);

  // Per model turn: the chunks add up to what the turn's persisted events hold.
  let text = '';
  let sawText = false;
  const thinking = new Map<number, string>();
  const completedThinking: RunEventData[] = [];
  let persistedThinking = 0;
  for (const [index, event] of events.entries()) {
    switch (event.type) {
      case 'thinking_chunk':
        expect(sawText).toBe(false);
        thinking.set(event.blockIndex!, (thinking.get(event.blockIndex!) ?? '') + event.content);
        break;
      case 'thinking_complete':
        expect(event.content).toBe(thinking.get(event.blockIndex!));
        completedThinking.push(event);
        break;
      case 'message_chunk':
        sawText = true;
        text += event.content;
        break;
      case 'thinking':
        expect(event.content).toBe(completedThinking[persistedThinking++]?.content);
        break;
      case 'message':
        expect(event.content).toBe(text);
        expect(persistedThinking).toBe(completedThinking.length);
        // The turn's thinking, persisted just before its message, belongs to that message.
        for (let back = 1; back <= persistedThinking; back++) {
          expect(events[index - back]).toMatchObject({
            type: 'thinking',
            messageId: event.messageId,
          });
        }
        text = '';
        sawText = false;
        thinking.clear();
        completedThinking.length = 0;
        persistedThinking = 0;
        break;
      case 'tool_use': {
        const before = events
          .slice(0, index)
          .filter((e) => e.type !== 'tool_use')
          .at(-1);
        expect(before).toMatchObject({ type: 'message', stopReason: 'tool_use' });
        break;
      }
    }
  }

  const toolUses = events.filter((event) => event.type === 'tool_use');
  const toolResults = events.filter((event) => event.type === 'tool_result');
  const useIds = toolUses.map((event) => event.toolUseId);
  expect(new Set(useIds).size).toBe(useIds.length);
  expect(toolResults.map((event) => event.toolUseId).sort()).toEqual([...useIds].sort());
  for (const result of toolResults) {
    const use = toolUses.find((event) => event.toolUseId === result.toolUseId)!;
    expect(use.eventIndex).toBeLessThan(result.eventIndex);
    expect(result.toolName).toBe(use.toolName);
  }
}

// ---------------------------------------------------------------------------------------------
// The providers, as one table

interface ScriptedCall {
  id: string;
  name: string;
  input: Record<string, unknown>;
}

/** A conversation in neutral terms, to state what a provider must have been sent. */
type Conversation = Array<
  | { user: string }
  | { assistant: string; calls?: ScriptedCall[] }
  | { results: Array<{ id: string; content: unknown; isError: boolean }> }
>;

interface ProviderFailure {
  name: string;
  /** Queues the failing answer. */
  push(): void;
  /** Text streamed before the failure. */
  partialText: string;
  code: string;
  message: string;
}

interface ProviderCase {
  provider: 'anthropic' | 'openai';
  model: string;
  server(): Pick<
    ScriptedModelServer<unknown>,
    'requests' | 'waitForRequests' | 'waitForClientClose'
  >;
  /** Tool call ids as the provider writes them. */
  callIds: readonly [string, string];
  /** The default id of the provider's answer to its n-th request (from 1). */
  answerId(requestNumber: number): string;
  text(text: string, options?: { id?: string; usage?: Usage }): void;
  toolCalls(text: string, calls: ScriptedCall[]): void;
  /** Streams the text, then keeps the answer open until the client hangs up. */
  held(text: string): void;
  failures: ProviderFailure[];
  /** The system prompt, tool names and max_tokens of a request body. */
  settingsOf(body: Record<string, unknown>): {
    system: unknown;
    tools: unknown[];
    maxTokens: unknown;
  };
  /** The `messages` a request must carry for the conversation. */
  wire(conversation: Conversation): unknown[];
}

let anthropic: FakeAnthropicServer;
let openai: FakeOpenAIServer;

/** Tool names as either wire format lists them (`name`, or `function.name`). */
const toolNames = (tools: unknown) =>
  ((tools ?? []) as Array<{ name?: string; function?: { name: string } }>).map(
    (tool) => tool.name ?? tool.function?.name,
  );

const ANTHROPIC: ProviderCase = {
  provider: 'anthropic',
  model: 'claude-sonnet-4-20250514',
  server: () => anthropic,
  callIds: ['toolu_01ABC', 'toolu_02DEF'],
  answerId: (n) => `msg_fake_${n}`,
  text: (text, { id, usage } = {}) => anthropic.push({ text, messageId: id, usage }),
  toolCalls: (text, calls) => anthropic.push({ text, toolCalls: calls }),
  held: (text) => anthropic.push({ text, hold: true }),
  failures: [
    {
      name: 'HTTP 500',
      push: () =>
        anthropic.push({
          httpError: { status: 500, type: 'api_error', message: 'Internal server error' },
        }),
      partialText: '',
      code: 'api_error',
      message: 'Internal server error',
    },
    {
      name: 'an in-stream overloaded_error',
      push: () =>
        anthropic.push({
          text: 'Business Central is',
          streamError: { type: 'overloaded_error', message: 'Overloaded' },
        }),
      partialText: 'Business Central is',
      code: 'overloaded_error',
      message: 'Overloaded',
    },
  ],
  settingsOf: (body) => ({
    system: body.system,
    tools: toolNames(body.tools),
    maxTokens: body.max_tokens,
  }),
  wire: (conversation) =>
    conversation.map((message) => {
      if ('user' in message) return { role: 'user', content: message.user };
      if ('results' in message) {
        return {
          role: 'user',
          content: message.results.map((result) => ({
            type: 'tool_result',
            tool_use_id: result.id,
            content: result.content,
            is_error: result.isError,
          })),
        };
      }
      return {
        role: 'assistant',
        content: [
          ...(message.assistant === '' ? [] : [{ type: 'text', text: message.assistant }]),
          ...(message.calls ?? []).map(({ id, name, input }) => ({
            type: 'tool_use',
            id,
            name,
            input,
          })),
        ],
      };
    }),
};

const OPENAI: ProviderCase = {
  provider: 'openai',
  model: 'gpt-4.1-mini',
  server: () => openai,
  callIds: ['call_8fKq2LmZ0aXb', 'call_3HnT7pQw1yUe'],
  answerId: (n) => `chatcmpl-fake-${n}`,
  text: (text, { id, usage } = {}) =>
    openai.push({
      text,
      id,
      usage: usage && {
        prompt_tokens: usage.input_tokens,
        completion_tokens: usage.output_tokens,
      },
    }),
  toolCalls: (text, calls) =>
    openai.push({
      text,
      toolCalls: calls.map(({ id, name, input }) => ({ id, name, arguments: input })),
    }),
  held: (text) => openai.push({ text, hold: true }),
  failures: [
    {
      name: 'HTTP 429',
      push: () =>
        openai.push({
          httpError: {
            status: 429,
            message: 'Rate limit reached for requests',
            type: 'requests',
            code: 'rate_limit_exceeded',
          },
        }),
      partialText: '',
      code: 'rate_limit_exceeded',
      message: 'Rate limit reached for requests',
    },
    {
      name: 'HTTP 500',
      push: () =>
        openai.push({
          httpError: {
            status: 500,
            message: 'The server had an error while processing your request.',
            type: 'server_error',
            code: null,
          },
        }),
      partialText: '',
      code: 'server_error',
      message: 'The server had an error while processing your request.',
    },
    {
      name: 'an in-stream error chunk',
      push: () =>
        openai.push({
          text: 'Business Central is',
          streamError: {
            message: 'The server is overloaded',
            type: 'server_error',
            code: 'overloaded',
          },
        }),
      partialText: 'Business Central is',
      code: 'overloaded',
      message: 'The server is overloaded',
    },
  ],
  settingsOf: (body) => {
    const [first] = body.messages as Array<{ role: string; content: unknown }>;
    return {
      system: first.role === 'system' ? first.content : undefined,
      tools: toolNames(body.tools),
      maxTokens: body.max_tokens,
    };
  },
  wire: (conversation) => [
    { role: 'system', content: SYSTEM_PROMPT },
    ...conversation.flatMap((message): unknown[] => {
      if ('user' in message) return [{ role: 'user', content: message.user }];
      if ('results' in message) {
        return message.results.map((result) => ({
          role: 'tool',
          tool_call_id: result.id,
          content: result.content,
        }));
      }
      return [
        {
          role: 'assistant',
          content: message.assistant === '' ? null : message.assistant,
          ...(message.calls && {
            tool_calls: message.calls.map(({ id, name, input }) => ({
              id,
              type: 'function',
              function: { name, arguments: jsonOf(input) },
            })),
          }),
        },
      ];
    }),
  ],
};

// ---------------------------------------------------------------------------------------------
// The app, its user, and runs

let testApp: TestApp;
let alice: RuntimeUser;
let encodeToolId: string;

beforeAll(async () => {
  anthropic = await startFakeAnthropicServer();
  openai = await startFakeOpenAIServer();
  testApp = await startTestApp(SELECTED_ADAPTER, {
    env: {
      ...anthropic.env,
      ...openai.env,
    },
  });
  alice = await runtimeUser(testApp, 'alice');
  const tools = await alice.get('/api/v1/tools?search=encodePlantUML');
  expect(tools.status).toBe(200);
  encodeToolId = (tools.body.items as Array<{ id: string; name: string }>).find(
    (tool) => tool.name === 'encodePlantUML',
  )!.id;
});

afterAll(async () => {
  await testApp?.close();
  await anthropic?.close();
  await openai?.close();
});

/** A new session with an agent of the provider that has encodePlantUML. */
const newSession = (c: ProviderCase, modelConfig: Record<string, unknown> = {}) =>
  alice.session({ provider: c.provider, model: c.model, ...modelConfig }, [encodeToolId]);

/** The result encodePlantUML really gives for the diagram (through the tool's own REST route). */
async function encoded(diagram: string): Promise<{ url: string; encoded: string; format: string }> {
  const response = await testApp.http
    .post('/api/tools/encodePlantUML')
    .send({ plantumlCode: diagram });
  expect(response.status).toBe(200);
  const result = response.body.result as { url: string; encoded: string; format: string };
  expect(result.url).toBe(PLANTUML_SVG + result.encoded);
  expect(decode(result.encoded)).toBe(diagram);
  return result;
}

async function lastSequenceOf(sessionId: string): Promise<number> {
  const log = await alice.get(`/api/v1/sessions/${sessionId}/events?limit=1000`);
  expect(log.status).toBe(200);
  return (log.body.items as RunEventData[]).at(-1)?.sequenceNumber ?? -1;
}

interface StartedRun {
  sessionId: string;
  connection: EventStreamConnection;
  firstSequence: number;
}

/** Sends a message with `Accept: text/event-stream`. */
async function startRun(sessionId: string, body: object): Promise<StartedRun> {
  const firstSequence = (await lastSequenceOf(sessionId)) + 1;
  const connection = await alice.stream(sessionId, body);
  expect(connection.status).toBe(200);
  return { sessionId, connection, firstSequence };
}

/**
 * Waits for the stream's end, checks the invariants, and checks that the durable log gained
 * exactly the run's persisted events, as streamed.
 */
async function endOf({ sessionId, connection, firstSequence }: StartedRun): Promise<FinishedRun> {
  const frames = await connection.ended;
  const events = eventsOf(frames);
  assertInvariants(frames, firstSequence);
  const runId = events[0].runId;
  expect(events[0].sessionId).toBe(sessionId);
  expect(connection.headers['content-location']).toBe(`/api/v1/runs/${runId}`);

  const log = await alice.get(
    `/api/v1/sessions/${sessionId}/events?after_sequence=${firstSequence - 1}&limit=1000`,
  );
  expect(log.status).toBe(200);
  expect(log.body).toEqual({
    items: events.filter((event) => PERSISTED[event.type]),
    next_after_sequence: null,
  });
  return { runId, frames, events, firstSequence };
}

const runToEnd = async (sessionId: string, body: object) => endOf(await startRun(sessionId, body));

async function runView(runId: string): Promise<Record<string, unknown>> {
  const response = await alice.get(`/api/v1/runs/${runId}`);
  expect(response.status).toBe(200);
  return response.body as Record<string, unknown>;
}

/** The requests a provider received since `seen` of them had arrived. */
const sentSince = (c: ProviderCase, seen: number): ReceivedModelRequest[] =>
  c.server().requests.slice(seen);

// ---------------------------------------------------------------------------------------------

describe.each([ANTHROPIC, OPENAI])('seed 002 through the real $provider SDK', (c) => {
  test('flow 1: text streams as chunks, then one message with the provider’s id, stop reason and usage, then complete', async () => {
    const { sessionId } = await newSession(c);
    const seen = c.server().requests.length;
    const answer = 'Business Central is an ERP system by Microsoft.';
    const id =
      c.provider === 'anthropic' ? 'msg_01XFDUDYJgAACzvnptvVoYEL' : 'chatcmpl-B9MBs8CjcvOU2jLn';
    c.text(answer, { id, usage: { input_tokens: 25, output_tokens: 7 } });

    const run = await runToEnd(sessionId, { content: 'Hello, what is Business Central?' });

    expect(shape(run.frames)).toEqual([
      'user_message_sent',
      'message_chunk+',
      'message',
      'complete',
    ]);
    expect(run.firstSequence).toBe(0);
    expect(ofType(run, 'user_message_sent')).toEqual([
      expect.objectContaining({ content: 'Hello, what is Business Central?', sequenceNumber: 0 }),
    ]);
    expect(ofType(run, 'message_chunk').length).toBeGreaterThan(1);
    expect(ofType(run, 'message_chunk').every((chunk) => chunk.blockIndex === 0)).toBe(true);
    expect(ofType(run, 'message')).toEqual([
      expect.objectContaining({
        content: answer,
        messageId: id,
        stopReason: 'end_turn',
        usage: { input_tokens: 25, output_tokens: 7 },
        sequenceNumber: 1,
      }),
    ]);
    expect(run.events.at(-1)).toMatchObject({ type: 'complete', reason: 'success' });

    const log = await alice.get(`/api/v1/sessions/${sessionId}/events`);
    expect(log.body.items.map((e: RunEventData) => [e.type, e.sequenceNumber])).toEqual([
      ['user_message_sent', 0],
      ['message', 1],
    ]);
    expect(await runView(run.runId)).toMatchObject({
      id: run.runId,
      session_id: sessionId,
      status: 'completed',
      stop_reason: 'end_turn',
      usage: { input_tokens: 25, output_tokens: 7 },
      error: null,
      finished_at: expect.any(String),
    });

    const requests = sentSince(c, seen);
    expect(requests).toHaveLength(1);
    expect(requests[0].body).toMatchObject({ model: c.model, stream: true });
    expect(c.settingsOf(requests[0].body)).toEqual({
      system: SYSTEM_PROMPT,
      tools: ['encodePlantUML'],
      maxTokens: 4096,
    });
    expect(requests[0].body.messages).toEqual(
      c.wire([{ user: 'Hello, what is Business Central?' }]),
    );
  });

  test('flow 3: a tool call with split argument JSON runs the real tool, whose result the model reads on its next turn', async () => {
    const { sessionId } = await newSession(c);
    const seen = c.server().requests.length;
    const call = { id: c.callIds[0], name: 'encodePlantUML', input: { plantumlCode: DIAGRAM } };
    c.toolCalls('Let me draw that.', [call]);
    c.text('Here is your diagram.');

    const run = await runToEnd(sessionId, { content: 'Draw A talking to B' });

    expect(shape(run.frames)).toEqual([
      'user_message_sent',
      'message_chunk+',
      'message',
      'tool_use',
      'tool_result',
      'message_chunk+',
      'message',
      'complete',
    ]);
    expect(ofType(run, 'message')).toEqual([
      expect.objectContaining({
        content: 'Let me draw that.',
        messageId: c.answerId(seen + 1),
        stopReason: 'tool_use',
        usage: { input_tokens: 10, output_tokens: 20 },
      }),
      expect.objectContaining({
        content: 'Here is your diagram.',
        messageId: c.answerId(seen + 2),
        stopReason: 'end_turn',
      }),
    ]);
    expect(ofType(run, 'tool_use')).toEqual([
      expect.objectContaining({ toolUseId: call.id, toolName: 'encodePlantUML', args: call.input }),
    ]);
    const result = await encoded(DIAGRAM);
    expect(ofType(run, 'tool_result')).toEqual([
      expect.objectContaining({
        toolUseId: call.id,
        toolName: 'encodePlantUML',
        success: true,
        result,
      }),
    ]);
    expect(run.events.at(-1)).toMatchObject({ type: 'complete', reason: 'success' });
    expect(await runView(run.runId)).toMatchObject({
      status: 'completed',
      stop_reason: 'end_turn',
      usage: { input_tokens: 20, output_tokens: 40 },
    });

    const requests = sentSince(c, seen);
    expect(requests).toHaveLength(2);
    expect(c.settingsOf(requests[0].body).tools).toEqual(['encodePlantUML']);
    expect(requests[1].body.messages).toEqual(
      c.wire([
        { user: 'Draw A talking to B' },
        { assistant: 'Let me draw that.', calls: [call] },
        { results: [{ id: call.id, content: jsonOf(result), isError: false }] },
      ]),
    );
  });

  test('seed 004: a result over the return limit reaches the model cut, marked partial, and saved', async () => {
    const { sessionId } = await newSession(c);
    const seen = c.server().requests.length;
    // Hex does not compress away: the encoded diagram is far over LLM_RETURN_MAX_BYTES (4096).
    const diagram = `@startuml\nA -> B : ${randomBytes(6000).toString('hex')}\n@enduml`;
    const call = { id: c.callIds[0], name: 'encodePlantUML', input: { plantumlCode: diagram } };
    c.toolCalls('Encoding.', [call]);
    c.text('Done.');

    const run = await runToEnd(sessionId, { content: 'Encode a long diagram' });

    const [toolResult] = ofType(run, 'tool_result');
    expect(toolResult).toMatchObject({
      success: true,
      result: null,
      artifacts: [expect.anything()],
    });
    // The saved artifact holds the whole result the model read the start of.
    const artifactId = (toolResult as unknown as { artifacts: { id: string }[] }).artifacts[0].id;
    const full = (await alice.get(`/api/v1/artifacts/${artifactId}/content`)).text;
    expect(full.length).toBeGreaterThan(8000);
    expect(full).toContain((await encoded(diagram)).encoded);
    const sent = JSON.stringify(sentSince(c, seen)[1].body);
    expect(sent).toContain(JSON.stringify(full.slice(0, 4096)).slice(1, -1));
    expect(sent).not.toContain(JSON.stringify(full.slice(0, 4097)).slice(1, -1));
    expect(sent).toContain('[Partial result: the first 4096 of');
  });

  test('flow 3: two parallel tool calls give two tool_use, then exactly one tool_result each', async () => {
    const { sessionId } = await newSession(c);
    const seen = c.server().requests.length;
    const calls = [
      { id: c.callIds[0], name: 'encodePlantUML', input: { plantumlCode: DIAGRAM } },
      { id: c.callIds[1], name: 'encodePlantUML', input: { plantumlCode: OTHER_DIAGRAM } },
    ];
    c.toolCalls('Drawing both.', calls);
    c.text('Here are both diagrams.');

    const run = await runToEnd(sessionId, { content: 'Draw both diagrams' });

    expect(types(run.frames).filter((type) => type.startsWith('tool_'))).toEqual([
      'tool_use',
      'tool_use',
      'tool_result',
      'tool_result',
    ]);
    expect(shape(run.frames)).toEqual([
      'user_message_sent',
      'message_chunk+',
      'message',
      'tool_use',
      'tool_use',
      'tool_result',
      'tool_result',
      'message_chunk+',
      'message',
      'complete',
    ]);
    expect(ofType(run, 'tool_use').map(({ toolUseId, args }) => ({ toolUseId, args }))).toEqual(
      calls.map(({ id, input }) => ({ toolUseId: id, args: input })),
    );
    const results = [await encoded(DIAGRAM), await encoded(OTHER_DIAGRAM)];
    for (const [index, call] of calls.entries()) {
      expect(ofType(run, 'tool_result').filter((e) => e.toolUseId === call.id)).toEqual([
        expect.objectContaining({ success: true, result: results[index] }),
      ]);
    }

    const requests = sentSince(c, seen);
    expect(requests).toHaveLength(2);
    const sentResults = calls.map((call, index) => ({
      id: call.id,
      content: jsonOf(results[index]),
      isError: false,
    }));
    // Whatever order the tools finished in, the model gets one result per call.
    const [wireWithOrder, wireReversed] = [sentResults, [...sentResults].reverse()].map((order) =>
      c.wire([
        { user: 'Draw both diagrams' },
        { assistant: 'Drawing both.', calls },
        { results: order },
      ]),
    );
    expect([wireWithOrder, wireReversed]).toContainEqual(requests[1].body.messages);
  });

  test.each([
    {
      failure: 'invalid input',
      name: 'encodePlantUML',
      input: { plantumlCode: '' },
      code: 'EMPTY_CODE',
      error: 'plantumlCode is required and cannot be empty',
    },
    {
      failure: 'a tool the agent does not have',
      name: 'deleteAllDiagrams',
      input: { confirm: true },
      code: 'TOOL_NOT_FOUND',
      error: expect.stringContaining('deleteAllDiagrams'),
    },
  ])(
    'flow 3: a call with $failure gets a failed tool_result ($code) that the model reads, and the run completes',
    async ({ name, input, code, error }) => {
      const { sessionId } = await newSession(c);
      const seen = c.server().requests.length;
      const call = { id: c.callIds[0], name, input };
      c.toolCalls('Trying.', [call]);
      c.text('That did not work.');

      const run = await runToEnd(sessionId, { content: 'Try it' });

      expect(shape(run.frames)).toEqual([
        'user_message_sent',
        'message_chunk+',
        'message',
        'tool_use',
        'tool_result',
        'message_chunk+',
        'message',
        'complete',
      ]);
      expect(ofType(run, 'tool_use')).toEqual([
        expect.objectContaining({ toolUseId: call.id, toolName: name, args: input }),
      ]);
      expect(ofType(run, 'tool_result')).toEqual([
        expect.objectContaining({
          toolUseId: call.id,
          toolName: name,
          success: false,
          code,
          error,
        }),
      ]);
      expect(run.events.at(-1)).toMatchObject({ type: 'complete', reason: 'success' });
      expect(await runView(run.runId)).toMatchObject({ status: 'completed', error: null });

      const requests = sentSince(c, seen);
      expect(requests).toHaveLength(2);
      expect(requests[1].body.messages).toEqual(
        c.wire([
          { user: 'Try it' },
          { assistant: 'Trying.', calls: [call] },
          { results: [{ id: call.id, content: expect.stringContaining(code), isError: true }] },
        ]),
      );
    },
  );

  test.each(c.failures)(
    'flow 5: $name fails the run with a persisted error and no complete; the session then runs again',
    async (failure) => {
      const { sessionId } = await newSession(c);
      const seen = c.server().requests.length;
      failure.push();

      const run = await runToEnd(sessionId, { content: 'This will fail' });

      expect(shape(run.frames)).toEqual(
        failure.partialText === ''
          ? ['user_message_sent', 'error']
          : ['user_message_sent', 'message_chunk+', 'error'],
      );
      expect(joined(ofType(run, 'message_chunk'))).toBe(failure.partialText);
      expect(ofType(run, 'error')).toEqual([
        expect.objectContaining({
          error: failure.message,
          code: failure.code,
          persistenceState: 'persisted',
          sequenceNumber: 1,
        }),
      ]);
      // The partial text is not kept as a finished message.
      expect(types(run.frames)).not.toContain('message');
      expect(types(run.frames)).not.toContain('complete');
      expect(sentSince(c, seen)).toHaveLength(1); // PROVIDER_MAX_RETRIES=0
      expect(await runView(run.runId)).toMatchObject({
        status: 'failed',
        stop_reason: null,
        error: { code: failure.code, message: failure.message },
        finished_at: expect.any(String),
      });

      c.text('It is an ERP system.');
      const next = await runToEnd(sessionId, { content: 'What is Business Central?' });

      expect(shape(next.frames)).toEqual([
        'user_message_sent',
        'message_chunk+',
        'message',
        'complete',
      ]);
      expect(next.firstSequence).toBe(2);
      expect(await runView(next.runId)).toMatchObject({ status: 'completed' });
      // The failed run's message is kept (merged into one user turn); its partial text is not.
      expect(c.server().requests.at(-1)!.body.messages).toEqual(
        c.wire([{ user: 'This will fail\n\nWhat is Business Central?' }]),
      );
    },
  );

  test('history: a second run sends the first run’s message, assistant turns, tool calls and results', async () => {
    const { sessionId } = await newSession(c);
    const call = { id: c.callIds[0], name: 'encodePlantUML', input: { plantumlCode: DIAGRAM } };
    c.toolCalls('Let me draw that.', [call]);
    c.text('Here is your diagram.');
    const first = await runToEnd(sessionId, { content: 'Draw A talking to B' });
    expect(first.events.at(-1)).toMatchObject({ type: 'complete', reason: 'success' });

    const seen = c.server().requests.length;
    c.text('B answers A.');
    const second = await runToEnd(sessionId, { content: 'Now make B answer' });

    expect(shape(second.frames)).toEqual([
      'user_message_sent',
      'message_chunk+',
      'message',
      'complete',
    ]);
    // The session's numbering goes on where the first run's ended: 0..4, then 5.
    expect(first.events.filter((e) => PERSISTED[e.type]).at(-1)?.sequenceNumber).toBe(4);
    expect(second.firstSequence).toBe(5);
    const requests = sentSince(c, seen);
    expect(requests).toHaveLength(1);
    expect(requests[0].body.messages).toEqual(
      c.wire([
        { user: 'Draw A talking to B' },
        { assistant: 'Let me draw that.', calls: [call] },
        { results: [{ id: call.id, content: jsonOf(await encoded(DIAGRAM)), isError: false }] },
        { assistant: 'Here is your diagram.' },
        { user: 'Now make B answer' },
      ]),
    );
  });

  test('cancel mid-stream: the partial message (stopReason cancelled), complete {reason: cancelled}, and the SDK hangs up', async () => {
    const { sessionId } = await newSession(c);
    const seen = c.server().requests.length;
    const answer = 'I am still writing this very long answer';
    c.held(answer);

    const started = await startRun(sessionId, { content: 'Write me a long essay' });
    const chunk = await started.connection.waitFor((frame) => frame.event === 'message_chunk');
    const runId = (chunk.data as unknown as RunEventData).runId;
    const cancel = await alice.post(`/api/v1/runs/${runId}/cancel`);
    expect(cancel.status).toBe(202);
    expect(cancel.body).toEqual({ run_id: runId, cancel_requested: true });
    const run = await endOf(started);
    await c.server().waitForClientClose();

    expect(shape(run.frames)).toEqual([
      'user_message_sent',
      'message_chunk+',
      'message',
      'complete',
    ]);
    const [message] = ofType(run, 'message');
    expect(message.stopReason).toBe('cancelled');
    expect(message.content).not.toBe('');
    expect(answer.startsWith(message.content!)).toBe(true);
    expect(run.events.at(-1)).toMatchObject({ type: 'complete', reason: 'cancelled' });
    expect(await runView(runId)).toMatchObject({ status: 'cancelled', stop_reason: 'cancelled' });
    expect(sentSince(c, seen)).toHaveLength(1);
    // The id comes from the start of the provider's stream: the cancelled turn never ended.
    expect(message.messageId).toBe(c.answerId(seen + 1));
  });
});

describe('seed 002 flow 2 (extended thinking) through the real Anthropic SDK', () => {
  const THINKING = 'The user asks about the accounting cycle. I will list its steps in order.';
  const SIGNATURE = 'EqQBCgIYAhIM1gbcDa9GJwZA2b3hGgxBdjrkzLoky3dl1pkiMOYds8F3kQ==';

  test('thinking chunks, thinking_complete, text chunks, then persisted thinking and message; budget and max_tokens sent', async () => {
    const { sessionId } = await newSession(ANTHROPIC, { max_tokens: 8000 });
    const seen = anthropic.requests.length;
    const answer = 'The cycle runs from journal entries to closing the fiscal year.';
    anthropic.push({ thinking: THINKING, signature: SIGNATURE, text: answer });

    const run = await runToEnd(sessionId, {
      content: 'Explain the accounting cycle in Business Central',
      enable_thinking: true,
      thinking_budget: 2048,
    });

    expect(shape(run.frames)).toEqual([
      'user_message_sent',
      'thinking_chunk+',
      'thinking_complete',
      'message_chunk+',
      'thinking',
      'message',
      'complete',
    ]);
    expect(ofType(run, 'thinking_chunk').every((chunk) => chunk.blockIndex === 0)).toBe(true);
    expect(ofType(run, 'message_chunk').every((chunk) => chunk.blockIndex === 1)).toBe(true);
    expect(ofType(run, 'thinking_complete')).toEqual([
      expect.objectContaining({ content: THINKING, blockIndex: 0 }),
    ]);
    const messageId = ANTHROPIC.answerId(seen + 1);
    expect(ofType(run, 'thinking')).toEqual([
      expect.objectContaining({
        content: THINKING,
        messageId,
        signature: SIGNATURE,
        persistenceState: 'persisted',
        sequenceNumber: 1,
      }),
    ]);
    expect(ofType(run, 'message')).toEqual([
      expect.objectContaining({
        content: answer,
        messageId,
        stopReason: 'end_turn',
        sequenceNumber: 2,
      }),
    ]);
    expect(run.events.at(-1)).toMatchObject({ type: 'complete', reason: 'success' });

    const [request] = sentSince(ANTHROPIC, seen);
    expect(request.body).toMatchObject({
      max_tokens: 8000,
      thinking: { type: 'enabled', budget_tokens: 2048 },
    });
    // With thinking on, the API only accepts temperature 1: none is sent.
    expect(request.body).not.toHaveProperty('temperature');
  });

  test('with a tool call, the next request sends back the signed thinking block first, unchanged, then the tool_use and its real result', async () => {
    const { sessionId } = await newSession(ANTHROPIC, { max_tokens: 8000 });
    const seen = anthropic.requests.length;
    const call = { id: 'toolu_01ABC', name: 'encodePlantUML', input: { plantumlCode: DIAGRAM } };
    anthropic.push({ thinking: THINKING, signature: SIGNATURE, toolCalls: [call] });
    anthropic.push({ text: 'Here is your diagram.' });

    const run = await runToEnd(sessionId, {
      content: 'Draw A talking to B',
      enable_thinking: true,
      thinking_budget: 2048,
    });

    expect(shape(run.frames)).toEqual([
      'user_message_sent',
      'thinking_chunk+',
      'thinking_complete',
      'thinking',
      'message',
      'tool_use',
      'tool_result',
      'message_chunk+',
      'message',
      'complete',
    ]);
    expect(ofType(run, 'message')).toEqual([
      expect.objectContaining({ content: '', stopReason: 'tool_use' }),
      expect.objectContaining({ content: 'Here is your diagram.', stopReason: 'end_turn' }),
    ]);
    const result = await encoded(DIAGRAM);
    expect(ofType(run, 'tool_result')).toEqual([
      expect.objectContaining({ toolUseId: call.id, success: true, result }),
    ]);

    const requests = sentSince(ANTHROPIC, seen);
    expect(requests).toHaveLength(2);
    for (const request of requests) {
      expect(request.body).toMatchObject({
        max_tokens: 8000,
        thinking: { type: 'enabled', budget_tokens: 2048 },
      });
    }
    expect(requests[1].body.messages).toEqual([
      { role: 'user', content: 'Draw A talking to B' },
      {
        role: 'assistant',
        content: [
          { type: 'thinking', thinking: THINKING, signature: SIGNATURE },
          { type: 'tool_use', id: call.id, name: call.name, input: call.input },
        ],
      },
      {
        role: 'user',
        content: [
          { type: 'tool_result', tool_use_id: call.id, content: jsonOf(result), is_error: false },
        ],
      },
    ]);
  });
});

describe('seed 002 flow 2 (streamed reasoning) through the real OpenAI SDK', () => {
  test.each(['reasoning_content', 'reasoning'] as const)(
    'with enable_thinking, `%s` deltas map to thinking chunks, thinking_complete and a persisted thinking',
    async (reasoningField) => {
      const { sessionId } = await newSession(OPENAI);
      const seen = openai.requests.length;
      const reasoning = 'Six sevens make forty-two.';
      openai.push({ reasoning, reasoningField, text: 'It is 42.' });

      const run = await runToEnd(sessionId, {
        content: 'What is six times seven?',
        enable_thinking: true,
      });

      expect(shape(run.frames)).toEqual([
        'user_message_sent',
        'thinking_chunk+',
        'thinking_complete',
        'message_chunk+',
        'thinking',
        'message',
        'complete',
      ]);
      const messageId = OPENAI.answerId(seen + 1);
      expect(ofType(run, 'thinking_complete')).toEqual([
        expect.objectContaining({ content: reasoning }),
      ]);
      expect(ofType(run, 'thinking')).toEqual([
        expect.objectContaining({ content: reasoning, messageId, sequenceNumber: 1 }),
      ]);
      expect(ofType(run, 'message')).toEqual([
        expect.objectContaining({ content: 'It is 42.', messageId, stopReason: 'end_turn' }),
      ]);
      expect(run.events.at(-1)).toMatchObject({ type: 'complete', reason: 'success' });
    },
  );
});
