import {
  type ModelProvider,
  type ModelRequest,
  type ModelStreamEvent,
} from '../model-provider.contract';

/** A tool for requests that offer one. */
export const PRICE_TOOL = {
  name: 'get_price',
  description: 'The price of a stock',
  inputSchema: { type: 'object', properties: { symbol: { type: 'string' } }, required: ['symbol'] },
};

/** A one-question request to `model`, with any field overridden. */
export function modelRequest(model: string, overrides: Partial<ModelRequest> = {}): ModelRequest {
  return {
    model,
    system: 'You answer in one line.',
    messages: [{ role: 'user', content: 'What is six times seven?' }],
    tools: [],
    maxTokens: 1024,
    modelConfig: {},
    turn: 0,
    ...overrides,
  };
}

export async function collect(
  events: AsyncIterable<ModelStreamEvent>,
): Promise<ModelStreamEvent[]> {
  const collected: ModelStreamEvent[] = [];
  for await (const event of events) collected.push(event);
  return collected;
}

/**
 * A whole turn's events after `turn_start`, which is checked to come first and to name the
 * turn's message as `turn_end` does.
 */
export async function eventsAfterStart(
  provider: ModelProvider,
  request: ModelRequest,
): Promise<ModelStreamEvent[]> {
  const [start, ...events] = await collect(provider.stream(request, new AbortController().signal));
  const end = events[events.length - 1];
  expect(start.type).toBe('turn_start');
  if (start.type === 'turn_start' && end.type === 'turn_end') {
    expect(start.messageId).toBe(end.messageId);
    expect(start.usage.input_tokens).toBeGreaterThanOrEqual(0);
  }
  return events;
}
