import {
  type FakeOpenAIServer,
  startFakeOpenAIServer,
} from '../../../test/support/fake-openai-server';
import { type ModelRequest, ProviderError } from '../model-provider.contract';
import { ProvidersConfig } from '../providers.config';
import {
  PRICE_TOOL,
  collect,
  eventsAfterStart,
  modelRequest as baseRequest,
} from '../testing/provider-test-kit';
import { OpenAIProvider } from './openai.provider';

const modelRequest = (overrides: Partial<ModelRequest> = {}) => baseRequest('gpt-test', overrides);

function providerFor(url: string, apiKey = 'sk-test'): OpenAIProvider {
  return new OpenAIProvider(
    Object.assign(new ProvidersConfig(), {
      OPENAI_API_KEY: apiKey,
      OPENAI_BASE_URL: url,
      PROVIDER_MAX_RETRIES: 0,
    }),
  );
}

describe('OpenAIProvider', () => {
  let server: FakeOpenAIServer;
  let provider: OpenAIProvider;
  const stream = (request = modelRequest()) => eventsAfterStart(provider, request);

  beforeEach(async () => {
    server = await startFakeOpenAIServer();
    provider = providerFor(server.url);
  });

  afterEach(() => server.close());

  describe('stream events', () => {
    it('streams a text-only turn as text deltas, then turn_end with id, stop reason and usage', async () => {
      server.push({
        id: 'chatcmpl-01',
        text: 'It is 42.',
        usage: { prompt_tokens: 25, completion_tokens: 7 },
      });

      expect(await stream()).toEqual([
        { type: 'text_delta', blockIndex: 0, text: 'It' },
        { type: 'text_delta', blockIndex: 0, text: ' is' },
        { type: 'text_delta', blockIndex: 0, text: ' 42.' },
        {
          type: 'turn_end',
          messageId: 'chatcmpl-01',
          stopReason: 'end_turn',
          usage: { input_tokens: 25, output_tokens: 7 },
        },
      ]);
    });

    it.each(['reasoning_content', 'reasoning'] as const)(
      'streams `%s` deltas as thinking when thinking is on, ended before the text',
      async (reasoningField) => {
        server.push({ reasoning: 'Six sevens.', reasoningField, text: 'It is 42.' });

        expect(await stream(modelRequest({ thinking: { budgetTokens: 2048 } }))).toEqual([
          { type: 'thinking_delta', blockIndex: 0, text: 'Six' },
          { type: 'thinking_delta', blockIndex: 0, text: ' sevens.' },
          { type: 'thinking_end', blockIndex: 0 },
          { type: 'text_delta', blockIndex: 0, text: 'It' },
          { type: 'text_delta', blockIndex: 0, text: ' is' },
          { type: 'text_delta', blockIndex: 0, text: ' 42.' },
          {
            type: 'turn_end',
            messageId: 'chatcmpl-fake-1',
            stopReason: 'end_turn',
            usage: { input_tokens: 10, output_tokens: 20 },
          },
        ]);
      },
    );

    it('ends thinking at the end of a turn that only reasoned', async () => {
      server.push({ reasoning: 'Hm.', finishReason: 'length' });

      expect(await stream(modelRequest({ thinking: { budgetTokens: 2048 } }))).toEqual([
        { type: 'thinking_delta', blockIndex: 0, text: 'Hm.' },
        { type: 'thinking_end', blockIndex: 0 },
        expect.objectContaining({ type: 'turn_end', stopReason: 'max_tokens' }),
      ]);
    });

    it('ignores reasoning deltas when thinking is off', async () => {
      server.push({ reasoning: 'Six sevens.', text: '42' });

      expect((await stream()).map((event) => event.type)).toEqual(['text_delta', 'turn_end']);
    });

    it('yields each of two parallel tool calls once, with its split arguments parsed', async () => {
      server.push({
        text: 'Both.',
        toolCalls: [
          { id: 'call_01', name: 'get_price', arguments: { symbol: 'BTC', currency: 'EUR' } },
          { id: 'call_02', name: 'get_price', arguments: { symbol: 'ETH', currency: 'USD' } },
        ],
        usage: { prompt_tokens: 120, completion_tokens: 64 },
      });

      expect(await stream()).toEqual([
        { type: 'text_delta', blockIndex: 0, text: 'Both.' },
        {
          type: 'tool_call',
          blockIndex: 1,
          call: { id: 'call_01', name: 'get_price', args: { symbol: 'BTC', currency: 'EUR' } },
        },
        {
          type: 'tool_call',
          blockIndex: 2,
          call: { id: 'call_02', name: 'get_price', args: { symbol: 'ETH', currency: 'USD' } },
        },
        {
          type: 'turn_end',
          messageId: 'chatcmpl-fake-1',
          stopReason: 'tool_use',
          usage: { input_tokens: 120, output_tokens: 64 },
        },
      ]);
    });

    it('reads no argument text as {} and keeps text that is not a JSON object as malformedArgs', async () => {
      server.push({
        toolCalls: [
          { id: 'call_a', name: 'shout', argumentsText: '' },
          { id: 'call_b', name: 'shout', argumentsText: '{"text": "unterminated' },
          { id: 'call_c', name: 'shout', argumentsText: 'null' },
        ],
      });

      const calls = (await stream()).flatMap((event) =>
        event.type === 'tool_call' ? [event.call] : [],
      );
      expect(calls).toEqual([
        { id: 'call_a', name: 'shout', args: {} },
        { id: 'call_b', name: 'shout', args: {}, malformedArgs: '{"text": "unterminated' },
        { id: 'call_c', name: 'shout', args: {}, malformedArgs: 'null' },
      ]);
    });

    it('names each call that a compatible server sent without an id, distinctly', async () => {
      server.push({
        id: 'chatcmpl-7',
        toolCalls: [
          { name: 'shout', arguments: { text: 'a' } },
          { name: 'shout', arguments: { text: 'b' } },
        ],
      });

      const ids = (await stream()).flatMap((event) =>
        event.type === 'tool_call' ? [event.call.id] : [],
      );
      expect(ids).toEqual(['call_chatcmpl-7_0', 'call_chatcmpl-7_1']);
    });

    it.each([
      ['stop', 'end_turn'],
      ['length', 'max_tokens'],
      ['content_filter', 'refusal'],
    ] as const)('reports the finish reason %s as %s', async (finishReason, stopReason) => {
      server.push({ text: 'Cut', finishReason });

      expect((await stream()).at(-1)).toMatchObject({ type: 'turn_end', stopReason });
    });
  });

  describe('requests', () => {
    it('sends the system prompt first, the tools, max_tokens, sampling and a usage request', async () => {
      server.push({ text: 'Ok' });

      await stream(
        modelRequest({ tools: [PRICE_TOOL], maxTokens: 4096, temperature: 0.2, topP: 0.9 }),
      );

      const [received] = server.requests;
      expect(received).toMatchObject({
        method: 'POST',
        url: '/v1/chat/completions',
        headers: { authorization: 'Bearer sk-test' },
      });
      expect(received.body).toEqual({
        model: 'gpt-test',
        messages: [
          { role: 'system', content: 'You answer in one line.' },
          { role: 'user', content: 'What is six times seven?' },
        ],
        tools: [
          {
            type: 'function',
            function: {
              name: 'get_price',
              description: 'The price of a stock',
              parameters: PRICE_TOOL.inputSchema,
            },
          },
        ],
        max_tokens: 4096,
        temperature: 0.2,
        top_p: 0.9,
        stream: true,
        stream_options: { include_usage: true },
      });
    });

    it('leaves out tools, sampling, thinking and an empty system prompt when the request has none', async () => {
      server.push({ text: 'Ok' });

      await stream(modelRequest({ system: '', thinking: { budgetTokens: 2048 } }));

      expect(server.requests[0].body).toEqual({
        model: 'gpt-test',
        messages: [{ role: 'user', content: 'What is six times seven?' }],
        max_tokens: 1024,
        stream: true,
        stream_options: { include_usage: true },
      });
    });

    it('replays tool calls and one tool message per result, without thinking', async () => {
      server.push({ text: 'Ok' });

      await stream(
        modelRequest({
          messages: [
            { role: 'user', content: 'What are BTC and ETH worth?' },
            {
              role: 'assistant',
              thinking: [{ content: 'Two prices.', signature: 'sig-1' }],
              text: '',
              toolCalls: [
                { id: 'call_01', name: 'get_price', args: { symbol: 'BTC' } },
                { id: 'call_02', name: 'get_price', args: { symbol: 'ETH' } },
              ],
            },
            {
              role: 'tool_results',
              results: [
                { toolUseId: 'call_01', toolName: 'get_price', content: '71200', isError: false },
                {
                  toolUseId: 'call_02',
                  toolName: 'get_price',
                  content: 'market closed',
                  isError: true,
                },
              ],
            },
            { role: 'assistant', thinking: [], text: 'BTC is 71200.', toolCalls: [] },
            { role: 'user', content: 'And in euros?' },
          ],
        }),
      );

      expect(server.requests[0].body.messages).toEqual([
        { role: 'system', content: 'You answer in one line.' },
        { role: 'user', content: 'What are BTC and ETH worth?' },
        {
          role: 'assistant',
          content: null,
          tool_calls: [
            {
              id: 'call_01',
              type: 'function',
              function: { name: 'get_price', arguments: '{"symbol":"BTC"}' },
            },
            {
              id: 'call_02',
              type: 'function',
              function: { name: 'get_price', arguments: '{"symbol":"ETH"}' },
            },
          ],
        },
        { role: 'tool', tool_call_id: 'call_01', content: '71200' },
        { role: 'tool', tool_call_id: 'call_02', content: 'market closed' },
        { role: 'assistant', content: 'BTC is 71200.' },
        { role: 'user', content: 'And in euros?' },
      ]);
    });
  });

  describe('failures', () => {
    it('throws an error chunk inside the stream as a ProviderError with its code', async () => {
      server.push({
        text: 'Partial',
        streamError: {
          message: 'The server is overloaded',
          type: 'server_error',
          code: 'overloaded',
        },
      });

      const error = await stream().catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ProviderError);
      expect(error).toMatchObject({ message: 'The server is overloaded', code: 'overloaded' });
      expect((error as ProviderError).status).toBeUndefined();
    });

    it.each([
      [500, 'server_error', null, 'server_error'],
      [429, 'requests', 'rate_limit_exceeded', 'rate_limit_exceeded'],
      [404, 'invalid_request_error', 'model_not_found', 'model_not_found'],
    ])(
      'throws HTTP %d as a ProviderError with its status and code',
      async (status, type, code, expectedCode) => {
        server.push({ httpError: { status, message: 'It went wrong', type, code } });

        const error = await stream().catch((e: unknown) => e);
        expect(error).toBeInstanceOf(ProviderError);
        expect(error).toMatchObject({ message: 'It went wrong', code: expectedCode, status });
        expect(server.requests).toHaveLength(1);
      },
    );

    it('throws PROVIDER_UNREACHABLE naming the host and port it tried, never the key', async () => {
      const gone = await startFakeOpenAIServer();
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
      expect((error as Error).message).not.toContain('sk-test');
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
    it('lacks OPENAI_API_KEY until it is set', () => {
      expect(providerFor(server.url, '').missingConfiguration()).toBe('OPENAI_API_KEY');
      expect(provider.missingConfiguration()).toBeUndefined();
    });

    it('refuses every thinking budget', () => {
      expect(provider.thinking.refuseBudget(2048, 4096)).toMatch(
        /thinking_budget is not supported by the openai provider/,
      );
    });
  });
});
