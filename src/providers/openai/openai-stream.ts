import { type ChatCompletionChunk } from 'openai/resources/chat/completions';
import {
  type ModelStreamEvent,
  ProviderError,
  type StopReason,
  type TokenUsage,
} from '../model-provider.contract';
import { parseToolArguments } from '../tool-call-arguments';

type FinishReason = NonNullable<ChatCompletionChunk.Choice['finish_reason']>;
type ToolCallFragment = NonNullable<ChatCompletionChunk.Choice.Delta['tool_calls']>[number];

interface PartialToolCall {
  id: string;
  name: string;
  argumentsJson: string;
}

/** Text and reasoning are one block each; tool calls follow them, from index 1. */
const TEXT_BLOCK = 0;
const THINKING_BLOCK = 0;
const FIRST_TOOL_BLOCK = 1;

/**
 * Turns Chat Completions chunks into the provider-neutral events. Tool calls arrive as argument
 * fragments keyed by `index` and are yielded whole once the choice finishes; usage comes in a
 * last chunk without choices, so `turn_end` waits for the end of the stream.
 */
export async function* toModelStreamEvents(
  chunks: AsyncIterable<ChatCompletionChunk>,
  { surfaceThinking }: { surfaceThinking: boolean },
): AsyncGenerator<ModelStreamEvent> {
  const toolCalls = new Map<number, PartialToolCall>();
  const usage: TokenUsage = { input_tokens: 0, output_tokens: 0 };
  let messageId = '';
  let stopReason: StopReason | undefined;
  let thinking = false;
  // Reasoning ends where the answer or the end of the turn begins.
  function* endThinking(): Generator<ModelStreamEvent> {
    if (!thinking) return;
    thinking = false;
    yield { type: 'thinking_end', blockIndex: THINKING_BLOCK };
  }

  for await (const chunk of chunks) {
    if (!messageId) {
      messageId = chunk.id;
      yield { type: 'turn_start', messageId, usage: { ...usage } };
    }
    if (chunk.usage) {
      usage.input_tokens = chunk.usage.prompt_tokens;
      usage.output_tokens = chunk.usage.completion_tokens;
    }
    const choice = chunk.choices[0];
    if (!choice) continue;
    const { delta } = choice;

    const reasoning = reasoningText(delta);
    if (surfaceThinking && reasoning) {
      thinking = true;
      yield { type: 'thinking_delta', blockIndex: THINKING_BLOCK, text: reasoning };
    }
    if (delta.content) {
      yield* endThinking();
      yield { type: 'text_delta', blockIndex: TEXT_BLOCK, text: delta.content };
    }
    for (const fragment of delta.tool_calls ?? []) addFragment(toolCalls, fragment);

    if (choice.finish_reason) {
      yield* endThinking();
      yield* finishedToolCalls(toolCalls, messageId);
      toolCalls.clear();
      stopReason = toStopReason(choice.finish_reason);
    }
  }

  if (!stopReason) {
    throw new ProviderError(
      'The model stream ended before the message was complete',
      'PROVIDER_ERROR',
    );
  }
  yield { type: 'turn_end', messageId, stopReason, usage };
}

/** Reasoning text that DeepSeek and vLLM (`reasoning_content`) or Ollama (`reasoning`) add. */
function reasoningText(delta: ChatCompletionChunk.Choice.Delta): string | undefined {
  if ('reasoning_content' in delta && typeof delta.reasoning_content === 'string') {
    return delta.reasoning_content;
  }
  if ('reasoning' in delta && typeof delta.reasoning === 'string') return delta.reasoning;
  return undefined;
}

/** The first fragment of a call names it; the arguments come split over the following ones. */
function addFragment(toolCalls: Map<number, PartialToolCall>, fragment: ToolCallFragment): void {
  const call = toolCalls.get(fragment.index) ?? { id: '', name: '', argumentsJson: '' };
  if (fragment.id) call.id = fragment.id;
  if (fragment.function?.name) call.name = fragment.function.name;
  call.argumentsJson += fragment.function?.arguments ?? '';
  toolCalls.set(fragment.index, call);
}

function* finishedToolCalls(
  toolCalls: Map<number, PartialToolCall>,
  messageId: string,
): Generator<ModelStreamEvent> {
  for (const [index, call] of [...toolCalls].sort(([a], [b]) => a - b)) {
    yield {
      type: 'tool_call',
      blockIndex: FIRST_TOOL_BLOCK + index,
      call: {
        // Some compatible servers send no id; the tool result must still name its call.
        id: call.id || `call_${messageId}_${index}`,
        name: call.name,
        ...parseToolArguments(call.argumentsJson),
      },
    };
  }
}

function toStopReason(reason: FinishReason): StopReason {
  switch (reason) {
    case 'tool_calls':
    case 'function_call':
      return 'tool_use';
    case 'stop':
      return 'end_turn';
    case 'length':
      return 'max_tokens';
    case 'content_filter':
      return 'refusal';
  }
}
