import { type ModelToolCall } from './model-provider.contract';

/**
 * The arguments of a finished tool call, parsed from the text the model streamed. A model that
 * wrote no arguments meant `{}`; text that is not a JSON object is kept as `malformedArgs` so the
 * call can fail without running instead of the whole turn failing.
 */
export function parseToolArguments(
  text: string,
): Pick<ModelToolCall, 'args'> & Pick<Partial<ModelToolCall>, 'malformedArgs'> {
  if (text.trim() === '') return { args: {} };
  try {
    const parsed: unknown = JSON.parse(text);
    if (isJsonObject(parsed)) return { args: parsed };
  } catch {
    // Falls through: not JSON at all is as malformed as JSON that is not an object.
  }
  return { args: {}, malformedArgs: text };
}

function isJsonObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
