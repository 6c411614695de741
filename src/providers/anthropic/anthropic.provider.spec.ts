import {
  type FakeAnthropicServer,
  startFakeAnthropicServer,
} from '../../../test/support/fake-anthropic-server';
import { type ModelRequest, ProviderError } from '../model-provider.contract';
import { ProvidersConfig } from '../providers.config';
import {
  PRICE_TOOL,
  collect,
  eventsAfterStart,
  modelRequest as baseRequest,
} from '../testing/provider-test-kit';
import { AnthropicProvider } from './anthropic.provider';

const modelRequest = (overrides: Partial<ModelRequest> = {}) =>
  baseRequest('claude-test', overrides);

function providerFor(url: string, apiKey = 'sk-ant-test'): AnthropicProvider {
  return new AnthropicProvider(
    Object.assign(new ProvidersConfig(), {
      ANTHROPIC_API_KEY: apiKey,
      ANTHROPIC_BASE_URL: url,
      PROVIDER_MAX_RETRIES: 0,
    }),
  );
}

describe('AnthropicProvider', () => {
  let server: FakeAnthropicServer;
  let provider: AnthropicProvider;
  const stream = (request = modelRequest()) => eventsAfterStart(provider, request);

  beforeEach(async () => {
    server = await startFakeAnthropicServer();
    provider = providerFor(server.url);
  });

  afterEach(() => server.close());

  describe('stream events', () => {
    it('streams a text-only turn as text deltas, then turn_end with id, stop reason and usage', async () => {
      server.push({
        messageId: 'msg_01',
        text: 'It is 42.',
        usage: { input_tokens: 25, output_tokens: 7 },
      });

      expect(await stream()).toEqual([
        { type: 'text_delta', blockIndex: 0, text: 'It' },
        { type: 'text_delta', blockIndex: 0, text: ' is' },
        { type: 'text_delta', blockIndex: 0, text: ' 42.' },
        {
          type: 'turn_end',
          messageId: 'msg_01',
          stopReason: 'end_turn',
          usage: { input_tokens: 25, output_tokens: 7 },
        },
      ]);
    });

    it('streams thinking and ends it with its signature before the text', async () => {
      server.push({ thinking: 'Six sevens.', signature: 'sig-abc', text: 'It is 42.' });

      expect(await stream()).toEqual([
        { type: 'thinking_delta', blockIndex: 0, text: 'Six' },
        { type: 'thinking_delta', blockIndex: 0, text: ' sevens.' },
        { type: 'thinking_end', blockIndex: 0, signature: 'sig-abc' },
        { type: 'text_delta', blockIndex: 1, text: 'It' },
        { type: 'text_delta', blockIndex: 1, text: ' is' },
        { type: 'text_delta', blockIndex: 1, text: ' 42.' },
        {
          type: 'turn_end',
          messageId: 'msg_fake_1',
          stopReason: 'end_turn',
          usage: { input_tokens: 10, output_tokens: 20 },
        },
      ]);
    });

    it('yields each of two parallel tool calls once, with its split argument JSON parsed', async () => {
      server.push({
        text: 'Both.',
        toolCalls: [
          { id: 'toolu_01', name: 'get_price', input: { symbol: 'BTC', currency: 'EUR' } },
          { id: 'toolu_02', name: 'get_price', input: { symbol: 'ETH', currency: 'USD' } },
        ],
        usage: { input_tokens: 120, output_tokens: 64 },
      });

      expect(await stream()).toEqual([
        { type: 'text_delta', blockIndex: 0, text: 'Both.' },
        {
          type: 'tool_call',
          blockIndex: 1,
          call: { id: 'toolu_01', name: 'get_price', args: { symbol: 'BTC', currency: 'EUR' } },
        },
        {
          type: 'tool_call',
          blockIndex: 2,
          call: { id: 'toolu_02', name: 'get_price', args: { symbol: 'ETH', currency: 'USD' } },
        },
        {
          type: 'turn_end',
          messageId: 'msg_fake_1',
          stopReason: 'tool_use',
          usage: { input_tokens: 120, output_tokens: 64 },
        },
      ]);
    });

    it('reads no argument text as {} and keeps text that is not a JSON object as malformedArgs', async () => {
      server.push({
        toolCalls: [
          { id: 'toolu_a', name: 'shout', inputJson: '' },
          { id: 'toolu_b', name: 'shout', inputJson: '{"text": "unterminated' },
          { id: 'toolu_c', name: 'shout', inputJson: '["an", "array"]' },
        ],
      });

      const calls = (await stream()).flatMap((event) =>
        event.type === 'tool_call' ? [event.call] : [],
      );
      expect(calls).toEqual([
        { id: 'toolu_a', name: 'shout', args: {} },
        {
          id: 'toolu_b',
          name: 'shout',
          args: {},
          malformedArgs: '{"text": "unterminated',
        },
        { id: 'toolu_c', name: 'shout', args: {}, malformedArgs: '["an", "array"]' },
      ]);
    });

    it.each([
      ['max_tokens', 'max_tokens'],
      ['stop_sequence', 'stop_sequence'],
      ['refusal', 'refusal'],
      ['model_context_window_exceeded', 'max_tokens'],
    ])('reports the stop reason %s as %s', async (anthropicReason, stopReason) => {
      server.push({ text: 'Cut', stopReason: anthropicReason });

      expect((await stream()).at(-1)).toMatchObject({ type: 'turn_end', stopReason });
    });
  });

  describe('requests', () => {
    it('sends the system prompt, model, max_tokens, tools and thinking, and never sampling parameters', async () => {
      server.push({ text: 'Ok' });

      await stream(
        modelRequest({
          tools: [PRICE_TOOL],
          maxTokens: 4096,
          thinking: { budgetTokens: 2048 },
          temperature: 0.2,
          topP: 0.9,
        }),
      );

      const [received] = server.requests;
      expect(received).toMatchObject({
        method: 'POST',
        url: '/v1/messages',
        headers: { authorization: 'Bearer sk-ant-test' },
      });
      expect(received.body).toEqual({
        model: 'claude-test',
        max_tokens: 4096,
        system: 'You answer in one line.',
        messages: [{ role: 'user', content: 'What is six times seven?' }],
        thinking: { type: 'enabled', budget_tokens: 2048 },
        tools: [
          {
            name: 'get_price',
            description: 'The price of a stock',
            input_schema: PRICE_TOOL.inputSchema,
          },
        ],
        stream: true,
      });
    });

    it('leaves out thinking, tools and an empty system prompt when the request has none', async () => {
      server.push({ text: 'Ok' });

      await stream(modelRequest({ system: '', temperature: 0.2 }));

      expect(server.requests[0].body).toEqual({
        model: 'claude-test',
        max_tokens: 1024,
        messages: [{ role: 'user', content: 'What is six times seven?' }],
        stream: true,
      });
    });

    it('replays tool calls, signed thinking and tool results, merging the user turns that follow', async () => {
      server.push({ text: 'Ok' });

      await stream(
        modelRequest({
          messages: [
            { role: 'user', content: 'What are BTC and ETH worth?' },
            {
              role: 'assistant',
              thinking: [
                { content: 'Two prices.', signature: 'sig-1' },
                { content: 'Never signed.' },
              ],
              text: 'Checking.',
              toolCalls: [
                { id: 'toolu_01', name: 'get_price', args: { symbol: 'BTC' } },
                { id: 'toolu_02', name: 'get_price', args: { symbol: 'ETH' } },
              ],
            },
            {
              role: 'tool_results',
              results: [
                { toolUseId: 'toolu_01', toolName: 'get_price', content: '71200', isError: false },
                {
                  toolUseId: 'toolu_02',
                  toolName: 'get_price',
                  content: 'market closed',
                  isError: true,
                },
              ],
            },
            { role: 'user', content: 'And in euros?' },
          ],
        }),
      );

      expect(server.requests[0].body.messages).toEqual([
        { role: 'user', content: 'What are BTC and ETH worth?' },
        {
          role: 'assistant',
          content: [
            { type: 'thinking', thinking: 'Two prices.', signature: 'sig-1' },
            { type: 'text', text: 'Checking.' },
            { type: 'tool_use', id: 'toolu_01', name: 'get_price', input: { symbol: 'BTC' } },
            { type: 'tool_use', id: 'toolu_02', name: 'get_price', input: { symbol: 'ETH' } },
          ],
        },
        {
          role: 'user',
          content: [
            { type: 'tool_result', tool_use_id: 'toolu_01', content: '71200', is_error: false },
            {
              type: 'tool_result',
              tool_use_id: 'toolu_02',
              content: 'market closed',
              is_error: true,
            },
            { type: 'text', text: 'And in euros?' },
          ],
        },
      ]);
    });

    it('leaves out an assistant turn with nothing to replay', async () => {
      server.push({ text: 'Ok' });

      await stream(
        modelRequest({
          messages: [
            { role: 'user', content: 'Hello?' },
            { role: 'assistant', thinking: [{ content: 'Hm.' }], text: '', toolCalls: [] },
            { role: 'user', content: 'Still there?' },
          ],
        }),
      );

      expect(server.requests[0].body.messages).toEqual([
        {
          role: 'user',
          content: [
            { type: 'text', text: 'Hello?' },
            { type: 'text', text: 'Still there?' },
          ],
        },
      ]);
    });
  });

  describe('failures', () => {
    it('throws an in-stream error event as a ProviderError coded with its error type', async () => {
      server.push({
        text: 'Partial',
        streamError: { type: 'overloaded_error', message: 'Overloaded' },
      });

      const error = await stream().catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ProviderError);
      expect(error).toMatchObject({ message: 'Overloaded', code: 'overloaded_error' });
      expect((error as ProviderError).status).toBeUndefined();
    });

    it.each([
      [500, 'api_error', 'Internal server error'],
      [529, 'overloaded_error', 'Overloaded'],
      [400, 'invalid_request_error', 'max_tokens: Field required'],
    ])(
      'throws HTTP %d as a ProviderError with its status and type',
      async (status, type, message) => {
        server.push({ httpError: { status, type, message } });

        const error = await stream().catch((e: unknown) => e);
        expect(error).toBeInstanceOf(ProviderError);
        expect(error).toMatchObject({ message, code: type, status });
        expect(server.requests).toHaveLength(1);
      },
    );

    it('throws PROVIDER_UNREACHABLE naming the host and port it tried, never the key', async () => {
      const gone = await startFakeAnthropicServer();
      await gone.close();

      const error = await collect(
        providerFor(gone.url).stream(modelRequest(), new AbortController().signal),
      ).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ProviderError);
      // `host` is the URL's `127.0.0.1:<port>`.
      expect(error).toMatchObject({
        code: 'PROVIDER_UNREACHABLE',
        message: expect.stringContaining(new URL(gone.url).host) as string,
      });
      expect((error as Error).message).not.toContain('sk-ant-test');
    });
  });

  describe('cancellation', () => {
    it('ends the iteration with the abort reason and closes the connection when aborted mid-stream', async () => {
      server.push({ text: 'Still thinking about it', hold: true });
      const controller = new AbortController();
      const events = provider.stream(modelRequest(), controller.signal)[Symbol.asyncIterator]();
      expect((await events.next()).value).toMatchObject({ type: 'turn_start' });

      expect((await events.next()).value).toEqual({
        type: 'text_delta',
        blockIndex: 0,
        text: 'Still',
      });
      const reason = new Error('run cancelled');
      controller.abort(reason);

      await expect(events.next()).rejects.toBe(reason);
      await server.waitForClientClose();
    });

    it('throws the abort reason when aborted before the call', async () => {
      const controller = new AbortController();
      const reason = new Error('run cancelled');
      controller.abort(reason);

      await expect(collect(provider.stream(modelRequest(), controller.signal))).rejects.toBe(
        reason,
      );
      expect(server.requests).toHaveLength(0);
    });
  });

  describe('configuration', () => {
    it('lacks ANTHROPIC_API_KEY until it is set', () => {
      expect(providerFor(server.url, '').missingConfiguration()).toBe('ANTHROPIC_API_KEY');
      expect(provider.missingConfiguration()).toBeUndefined();
    });

    it('refuses a thinking budget under 1024 tokens or not below max_tokens', () => {
      expect(provider.thinking.refuseBudget(1000, 4096)).toMatch(/at least 1024 tokens/);
      expect(provider.thinking.refuseBudget(4096, 4096)).toMatch(/below max_tokens \(4096\)/);
      expect(provider.thinking.refuseBudget(1024, 4096)).toBeUndefined();
    });
  });
});
