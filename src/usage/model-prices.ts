/** USD per million tokens of one model, as `MODEL_PRICES` gives them. */
export interface ModelPrice {
  input: number;
  output: number;
}

export type ModelPrices = ReadonlyMap<string, ModelPrice>;

const EXAMPLE = '{"claude-sonnet-4-5":{"input":3,"output":15}}';

/**
 * Reads `MODEL_PRICES`: a JSON object mapping each model to its USD prices per million input and
 * output tokens. Returns the prices, or what is wrong with the text in words an operator can act
 * on (the start stops with it rather than reporting costs from a price it misread).
 */
export function parseModelPrices(text: unknown): { prices: ModelPrices } | { problem: string } {
  if (typeof text !== 'string') return { problem: `must be JSON such as ${EXAMPLE}` };
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return { problem: `must be JSON such as ${EXAMPLE}` };
  }
  if (!isObject(parsed)) {
    return { problem: `must be a JSON object of model names, such as ${EXAMPLE}` };
  }
  const prices = new Map<string, ModelPrice>();
  for (const [model, price] of Object.entries(parsed)) {
    if (!isObject(price) || !isPrice(price.input) || !isPrice(price.output)) {
      return {
        problem: `must give "${model}" an "input" and an "output" price, each a number of USD per million tokens, 0 or more`,
      };
    }
    prices.set(model, { input: price.input, output: price.output });
  }
  return { prices };
}

/** What `tokens` of `model` cost in USD; undefined when the model has no price. */
export function costOf(
  prices: ModelPrices,
  model: string | null,
  tokens: { input: number; output: number },
): number | undefined {
  const price = model === null ? undefined : prices.get(model);
  if (price === undefined) return undefined;
  return (tokens.input * price.input + tokens.output * price.output) / 1_000_000;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isPrice(value: unknown): value is number {
  return typeof value === 'number' && Number.isFinite(value) && value >= 0;
}
