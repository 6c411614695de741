import {
  type ModelToolCall,
  type StopReason,
  type ThinkingBlock,
  type TokenUsage,
} from '../../providers/model-provider.contract';

/** What one model call has produced so far; a cancelled turn keeps its partial text. */
export class ModelTurn {
  text = '';
  readonly thinking = new Map<number, ThinkingBlock>();
  readonly toolCalls: ModelToolCall[] = [];
  messageId = '';
  stopReason: StopReason | undefined;
  usage: TokenUsage = { input_tokens: 0, output_tokens: 0 };

  addThinking(blockIndex: number, text: string): void {
    const block = this.thinking.get(blockIndex) ?? { content: '' };
    block.content += text;
    this.thinking.set(blockIndex, block);
  }

  thinkingBlocks(): ThinkingBlock[] {
    return [...this.thinking.entries()].sort(([a], [b]) => a - b).map(([, block]) => block);
  }
}
