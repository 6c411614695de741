import {
  type ConversationMessage,
  type ModelRequest,
  type ModelStreamEvent,
  ProviderError,
} from '../model-provider.contract';
import { ScriptedProvider } from './scripted.provider';
import { type ScriptedTurn } from './scripted-turn';

const SYSTEM = 'You are a test agent.';
const RANDOM_HEX = '[0-9a-f]{24}';
const MESSAGE_ID = expect.stringMatching(new RegExp(`^msg_${RANDOM_HEX}$`));
/** What every turn opens with: its message id, before any usage is known. */
const TURN_START = {
  type: 'turn_start',
  messageId: MESSAGE_ID,
  usage: { input_tokens: 0, output_tokens: 0 },
};

function modelRequest(overrides: Partial<ModelRequest> = {}): ModelRequest {
  return {
    model: 'scripted',
    system: SYSTEM,
    messages: [{ role: 'user', content: 'Hello' }],
    tools: [],
    maxTokens: 1024,
    modelConfig: { provider: 'scripted', model: 'scripted' },
    turn: 0,
    ...overrides,
  };
}

const scripted = (script: ScriptedTurn[], overrides: Partial<ModelRequest> = {}) =>
  modelRequest({ modelConfig: { provider: 'scripted', model: 'scripted', script }, ...overrides });

/** Every event of the stream, or the events before it failed and the failure. */
async function play(
  request: ModelRequest,
  signal = new AbortController().signal,
): Promise<{ events: ModelStreamEvent[]; error?: unknown }> {
  const events: ModelStreamEvent[] = [];
  try {
    for await (const event of new ScriptedProvider().stream(request, signal)) events.push(event);
    return { events };
  } catch (error) {
    return { events, error };
  }
}

/** The events of a stream that must not fail. */
async function eventsOf(request: ModelRequest): Promise<ModelStreamEvent[]> {
  const { events, error } = await play(request);
  expect(error).toBeUndefined();
  return events;
}

const typesOf = (events: ModelStreamEvent[]) => events.map((event) => event.type);
const textOf = (events: ModelStreamEvent[]) =>
  events.flatMap((event) => (event.type === 'text_delta' ? [event.text] : [])).join('');
const turnEndOf = (events: ModelStreamEvent[]) => {
  const last = events[events.length - 1];
  if (last?.type !== 'turn_end') throw new Error(`the stream ended with ${last?.type}`);
  return last;
};

/** Resolves once pending callbacks have run, so a promise that could settle now has. */
const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('ScriptedProvider', () => {
  describe('turns', () => {
    const script = [{ text: 'zero' }, { text: 'one' }, { text: 'last' }];

    it('plays the turn of the script numbered by the model call, the last one repeating', async () => {
      const texts = [];
      for (const turn of [0, 1, 2, 3, 9]) {
        texts.push(textOf(await eventsOf(scripted(script, { turn }))));
      }
      expect(texts).toEqual(['zero', 'one', 'last', 'last', 'last']);
    });

    it('echoes the last user message without a script, or with an empty one', async () => {
      const messages: ConversationMessage[] = [
        { role: 'user', content: 'Draw a login' },
        { role: 'assistant', thinking: [], text: 'Drawing.', toolCalls: [] },
        { role: 'user', content: 'A sequence diagram' },
        {
          role: 'tool_results',
          results: [{ toolUseId: 't', toolName: 'n', content: 'r', isError: false }],
        },
      ];
      const events = await eventsOf(modelRequest({ messages }));
      expect(events).toEqual([
        TURN_START,
        { type: 'text_delta', blockIndex: 0, text: 'You said: A sequ' },
        { type: 'text_delta', blockIndex: 0, text: 'ence diagram' },
        expect.objectContaining({ type: 'turn_end', stopReason: 'end_turn' }),
      ]);
      expect(textOf(await eventsOf(scripted([], { messages })))).toBe(
        'You said: A sequence diagram',
      );
      expect(textOf(await eventsOf(modelRequest({ messages: [] })))).toBe('You said: ');
    });
  });

  describe('streaming', () => {
    it('streams text in chunks of chunk_size characters, 16 by default', async () => {
      const deltas = async (turn: ScriptedTurn) =>
        (await eventsOf(scripted([turn]))).flatMap((event) =>
          event.type === 'text_delta' ? [event.text] : [],
        );
      expect(await deltas({ text: 'abcdefghij', chunk_size: 4 })).toEqual(['abcd', 'efgh', 'ij']);
      expect(await deltas({ text: 'a'.repeat(40) })).toEqual([
        'a'.repeat(16),
        'a'.repeat(16),
        'a'.repeat(8),
      ]);
      // Characters, not UTF-16 units: a chunk never splits an emoji.
      expect(await deltas({ text: '😀😀😀', chunk_size: 2 })).toEqual(['😀😀', '😀']);
    });

    it('thinks first, ends the thinking block with a signature, then writes the text', async () => {
      const events = await eventsOf(scripted([{ thinking: 'Let me see.', text: 'Done.' }]));
      expect(events.slice(0, -1)).toEqual([
        TURN_START,
        { type: 'thinking_delta', blockIndex: 0, text: 'Let me see.' },
        {
          type: 'thinking_end',
          blockIndex: 0,
          signature: expect.stringMatching(new RegExp(`^scripted-${RANDOM_HEX}$`)),
        },
        { type: 'text_delta', blockIndex: 1, text: 'Done.' },
      ]);
      expect(turnEndOf(events).type).toBe('turn_end');
    });

    it('calls tools after the text, with the script’s ids or fresh ones, and args {} by default', async () => {
      const events = await eventsOf(
        scripted([
          {
            text: 'Calling.',
            tool_calls: [
              { id: 'toolu_given', name: 'encodePlantUML', args: { plantumlCode: 'x' } },
              { name: 'encodePlantUML' },
              { name: 'encodePlantUML' },
            ],
          },
        ]),
      );
      const calls = events.filter(
        (event): event is Extract<ModelStreamEvent, { type: 'tool_call' }> =>
          event.type === 'tool_call',
      );
      expect(calls).toEqual([
        {
          type: 'tool_call',
          blockIndex: 1,
          call: { id: 'toolu_given', name: 'encodePlantUML', args: { plantumlCode: 'x' } },
        },
        {
          type: 'tool_call',
          blockIndex: 2,
          call: {
            id: expect.stringMatching(new RegExp(`^toolu_${RANDOM_HEX}$`)),
            name: 'encodePlantUML',
            args: {},
          },
        },
        expect.objectContaining({ blockIndex: 3 }),
      ]);
      expect(calls[1].call.id).not.toBe(calls[2].call.id);
      expect(typesOf(events)).toEqual([
        'turn_start',
        'text_delta',
        'tool_call',
        'tool_call',
        'tool_call',
        'turn_end',
      ]);
    });
  });

  describe('turn end', () => {
    it('stops for tool_use when the turn calls tools, end_turn otherwise, or as scripted', async () => {
      const stopReasonOf = async (turn: ScriptedTurn) =>
        turnEndOf(await eventsOf(scripted([turn]))).stopReason;
      const call = { name: 'encodePlantUML' };
      expect(await stopReasonOf({ text: 'Hi' })).toBe('end_turn');
      expect(await stopReasonOf({ tool_calls: [call] })).toBe('tool_use');
      expect(await stopReasonOf({ text: 'Hi', stop_reason: 'max_tokens' })).toBe('max_tokens');
      expect(await stopReasonOf({ tool_calls: [call], stop_reason: 'refusal' })).toBe('refusal');
    });

    it('counts a token per four characters read and written, unless usage is scripted', async () => {
      const messages: ConversationMessage[] = [{ role: 'user', content: 'Count me in' }];
      const turn = { thinking: 'Thinking.', text: 'Counted!' };
      const counted = turnEndOf(await eventsOf(scripted([turn], { messages })));
      expect(counted).toEqual({
        type: 'turn_end',
        messageId: MESSAGE_ID,
        stopReason: 'end_turn',
        usage: {
          input_tokens: Math.ceil(JSON.stringify([SYSTEM, messages]).length / 4),
          output_tokens: Math.ceil('Thinking.Counted!'.length / 4),
        },
      });
      const usage = { input_tokens: 1200, output_tokens: 34 };
      expect(turnEndOf(await eventsOf(scripted([{ ...turn, usage }]))).usage).toEqual(usage);
    });

    it('opens and closes each turn with a message id of its own', async () => {
      const ids = new Set<string>();
      for (let call = 0; call < 3; call++) {
        const events = await eventsOf(modelRequest());
        expect(events[0]).toEqual(TURN_START);
        const { messageId } = turnEndOf(events);
        expect(events[0]).toMatchObject({ messageId });
        ids.add(messageId);
      }
      expect(ids.size).toBe(3);
    });
  });

  describe('failures', () => {
    it('fails with a ProviderError of the scripted code after streaming the text', async () => {
      const { events, error } = await play(
        scripted([
          {
            text: 'Partial',
            error: { message: 'Overloaded', code: 'overloaded_error' },
            tool_calls: [{ name: 'never_called' }],
          },
        ]),
      );
      expect(events).toEqual([TURN_START, { type: 'text_delta', blockIndex: 0, text: 'Partial' }]);
      expect(error).toBeInstanceOf(ProviderError);
      expect(error).toMatchObject({ message: 'Overloaded', code: 'overloaded_error' });
    });

    it('fails with PROVIDER_ERROR when the script names no code', async () => {
      const { events, error } = await play(scripted([{ error: { message: 'Broken' } }]));
      expect(events).toEqual([TURN_START]);
      expect(error).toBeInstanceOf(ProviderError);
      expect(error).toMatchObject({ message: 'Broken', code: 'PROVIDER_ERROR' });
    });
  });

  describe('hold', () => {
    it('holds the turn open after its text until the signal aborts, then rejects with the reason', async () => {
      const controller = new AbortController();
      const stream = new ScriptedProvider()
        .stream(scripted([{ text: 'working', hold: true }]), controller.signal)
        [Symbol.asyncIterator]();
      expect(await stream.next()).toEqual({ done: false, value: TURN_START });
      expect(await stream.next()).toEqual({
        done: false,
        value: { type: 'text_delta', blockIndex: 0, text: 'working' },
      });

      let settled = false;
      const next = stream.next().finally(() => (settled = true));
      await settle();
      expect(settled).toBe(false);

      const reason = new Error('Run cancelled');
      controller.abort(reason);
      await expect(next).rejects.toBe(reason);
    });

    it('rejects with an Error even when the abort reason is not one', async () => {
      const controller = new AbortController();
      const held = play(scripted([{ hold: true }]), controller.signal);
      await settle();
      controller.abort('shutting down');
      const { events, error } = await held;
      expect(events).toEqual([TURN_START]);
      expect(error).toEqual(new Error('shutting down'));
    });

    it('stops before streaming its text when the signal is already aborted', async () => {
      const reason = new Error('Run cancelled');
      const { events, error } = await play(
        scripted([{ text: 'working', hold: true }]),
        AbortSignal.abort(reason),
      );
      expect(events).toEqual([TURN_START]);
      expect(error).toBe(reason);
    });
  });

  describe('checkModelConfig', () => {
    const provider = new ScriptedProvider();
    const problemsOf = (script: unknown) =>
      provider.checkModelConfig({ provider: 'scripted', model: 'scripted', script });

    it('accepts no script and any well-formed one', () => {
      expect(provider.checkModelConfig({ provider: 'scripted', model: 'scripted' })).toEqual([]);
      expect(
        problemsOf([
          {
            thinking: 'Hm',
            text: 'Hi',
            tool_calls: [{ id: 'toolu_1', name: 'encodePlantUML', args: { plantumlCode: 'x' } }],
            stop_reason: 'tool_use',
            usage: { input_tokens: 1, output_tokens: 2 },
            error: { message: 'Overloaded', code: 'overloaded_error' },
            hold: false,
            delay_ms: 0,
            chunk_size: 1,
          },
        ]),
      ).toEqual([]);
    });

    it.each([
      ['not an array', 'a script', ['script must be array']],
      ['a text that is not a string', [{ text: 5 }], ['script.0.text must be string']],
      [
        'a tool call without a name',
        [{ text: 'ok' }, { tool_calls: [{ args: {} }] }],
        ["script.1.tool_calls.0 must have required property 'name'"],
      ],
      [
        'arguments that are not an object',
        [{ tool_calls: [{ name: 'a', args: [] }] }],
        ['script.0.tool_calls.0.args must be object'],
      ],
      [
        'an unknown stop reason',
        [{ stop_reason: 'done' }],
        ['script.0.stop_reason must be equal to one of the allowed values'],
      ],
      ['a chunk size of 0', [{ chunk_size: 0 }], ['script.0.chunk_size must be >= 1']],
      [
        'an error without a message',
        [{ error: { code: 'x' } }],
        ["script.0.error must have required property 'message'"],
      ],
      ['an unknown setting', [{ txt: 'Hi' }], ['script.0 must NOT have additional properties']],
      [
        'several problems at once',
        [{ text: 1 }, { usage: { input_tokens: -1 } }],
        [
          'script.0.text must be string',
          "script.1.usage must have required property 'output_tokens'",
          'script.1.usage.input_tokens must be >= 0',
        ],
      ],
    ])('names where a script is wrong: %s', (_, script, problems) => {
      expect(problemsOf(script)).toEqual(problems);
    });
  });

  it('needs no configuration and checks thinking budgets as Anthropic does', () => {
    const provider = new ScriptedProvider();
    expect(provider.missingConfiguration()).toBeUndefined();
    expect(provider.thinking.refuseBudget(2048, 4096)).toBeUndefined();
    expect(provider.thinking.refuseBudget(512, 4096)).toMatch(/at least 1024/);
    expect(provider.thinking.refuseBudget(4096, 4096)).toMatch(/below max_tokens \(4096\)/);
  });
});
