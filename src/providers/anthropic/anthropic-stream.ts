import {
  type RawContentBlockDeltaEvent,
  type RawContentBlockStartEvent,
  type RawMessageStreamEvent,
  type StopReason as AnthropicStopReason,
} from '@anthropic-ai/sdk/resources/messages';
import {
  type ModelStreamEvent,
  ProviderError,
  type StopReason,
  type TokenUsage,
} from '../model-provider.contract';
import { parseToolArguments } from '../tool-call-arguments';

/** What is kept of an open content block until its `content_block_stop`. */
type OpenBlock =
  | { type: 'thinking'; signature?: string }
  | { type: 'tool_use'; id: string; name: string; inputJson: string }
  | { type: 'other' };

/**
 * Turns the Messages API's raw stream events into the provider-neutral events: deltas as they
 * come, a tool call once its argument JSON is complete, `turn_end` last.
 */
export async function* toModelStreamEvents(
  events: AsyncIterable<RawMessageStreamEvent>,
): AsyncGenerator<ModelStreamEvent> {
  const openBlocks = new Map<number, OpenBlock>();
  const usage: TokenUsage = { input_tokens: 0, output_tokens: 0 };
  let messageId = '';
  let stopReason: StopReason | undefined;

  for await (const event of events) {
    switch (event.type) {
      case 'message_start':
        messageId = event.message.id;
        usage.input_tokens = event.message.usage.input_tokens;
        usage.output_tokens = event.message.usage.output_tokens;
        yield { type: 'turn_start', messageId, usage: { ...usage } };
        break;
      case 'content_block_start':
        // Blocks start empty; their content comes as deltas.
        openBlocks.set(event.index, openBlock(event.content_block));
        break;
      case 'content_block_delta':
        yield* blockDelta(event, openBlocks.get(event.index));
        break;
      case 'content_block_stop': {
        const block = openBlocks.get(event.index);
        openBlocks.delete(event.index);
        if (block) yield* closedBlock(block, event.index);
        break;
      }
      case 'message_delta':
        if (event.delta.stop_reason) stopReason = toStopReason(event.delta.stop_reason);
        // Output tokens are cumulative. Input tokens may be repeated here, or absent despite
        // the SDK's type (older API versions, gateways).
        usage.output_tokens = event.usage.output_tokens;
        if (typeof event.usage.input_tokens === 'number') {
          usage.input_tokens = event.usage.input_tokens;
        }
        break;
      case 'message_stop':
        break;
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

function openBlock(block: RawContentBlockStartEvent['content_block']): OpenBlock {
  if (block.type === 'thinking') {
    return { type: 'thinking', signature: block.signature || undefined };
  }
  if (block.type === 'tool_use') {
    return { type: 'tool_use', id: block.id, name: block.name, inputJson: '' };
  }
  return { type: 'other' };
}

function* blockDelta(
  { delta, index }: RawContentBlockDeltaEvent,
  block: OpenBlock | undefined,
): Generator<ModelStreamEvent> {
  switch (delta.type) {
    case 'thinking_delta':
      yield { type: 'thinking_delta', blockIndex: index, text: delta.thinking };
      break;
    case 'signature_delta':
      if (block?.type === 'thinking') block.signature = delta.signature;
      break;
    case 'text_delta':
      yield { type: 'text_delta', blockIndex: index, text: delta.text };
      break;
    case 'input_json_delta':
      if (block?.type === 'tool_use') block.inputJson += delta.partial_json;
      break;
    case 'citations_delta':
      break;
  }
}

function* closedBlock(block: OpenBlock, index: number): Generator<ModelStreamEvent> {
  if (block.type === 'thinking') {
    yield { type: 'thinking_end', blockIndex: index, signature: block.signature };
  } else if (block.type === 'tool_use') {
    const call = { id: block.id, name: block.name, ...parseToolArguments(block.inputJson) };
    yield { type: 'tool_call', blockIndex: index, call };
  }
}

function toStopReason(reason: AnthropicStopReason): StopReason {
  switch (reason) {
    case 'end_turn':
    case 'max_tokens':
    case 'stop_sequence':
    case 'tool_use':
    case 'refusal':
      return reason;
    case 'model_context_window_exceeded':
      return 'max_tokens';
    // Only server-side tools pause a turn, and this server offers none.
    case 'pause_turn':
      return 'end_turn';
  }
}
