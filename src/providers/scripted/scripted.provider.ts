import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { Injectable } from '@nestjs/common';
import { ANTHROPIC_THINKING_RULES } from '../anthropic/anthropic.provider';
import {
  type AttachmentKind,
  type ConversationMessage,
  type ModelProvider,
  type ModelRequest,
  type ModelStreamEvent,
  ProviderError,
} from '../model-provider.contract';
import { ModelProviderOf } from '../model-provider.decorator';
import { type ScriptedTurn, isScript, scriptProblems } from './scripted-turn';

const DEFAULT_CHUNK_SIZE = 16;

/**
 * Deterministic replies with no network: the n-th model call of a run plays turn n of the
 * agent's `model_config.script` (the last turn repeats); without a script, the agent echoes
 * the user. For demos, tests and benchmarks of everything around the model.
 */
@Injectable()
@ModelProviderOf({ name: 'scripted' })
export class ScriptedProvider implements ModelProvider {
  // Thinking is checked as Anthropic does, so runs that pass here pass there too.
  readonly attachmentKinds: ReadonlySet<AttachmentKind> = new Set(['text', 'image', 'pdf']);

  readonly thinking = ANTHROPIC_THINKING_RULES;

  missingConfiguration(): undefined {
    return undefined;
  }

  checkModelConfig(modelConfig: Readonly<Record<string, unknown>>): string[] {
    return modelConfig.script === undefined ? [] : scriptProblems(modelConfig.script);
  }

  async *stream(request: ModelRequest, signal: AbortSignal): AsyncGenerator<ModelStreamEvent> {
    const turn = turnFor(request);
    const chunkSize = turn.chunk_size ?? DEFAULT_CHUNK_SIZE;
    // Each chunk arrives in a task of its own, as a network stream's would: a run never holds
    // the event loop for a whole turn.
    const pause = async () => {
      if (turn.delay_ms) await sleep(turn.delay_ms, undefined, { signal });
      else await new Promise(setImmediate);
      signal.throwIfAborted();
    };
    const messageId = `msg_${randomId()}`;
    yield { type: 'turn_start', messageId, usage: { input_tokens: 0, output_tokens: 0 } };
    let blockIndex = 0;
    if (turn.thinking !== undefined) {
      for (const chunk of chunksOf(turn.thinking, chunkSize)) {
        await pause();
        yield { type: 'thinking_delta', blockIndex, text: chunk };
      }
      yield { type: 'thinking_end', blockIndex, signature: `scripted-${randomId()}` };
      blockIndex++;
    }
    if (turn.text) {
      for (const chunk of chunksOf(turn.text, chunkSize)) {
        await pause();
        yield { type: 'text_delta', blockIndex, text: chunk };
      }
      blockIndex++;
    }
    if (turn.hold) await untilAborted(signal);
    if (turn.error) {
      throw new ProviderError(turn.error.message, turn.error.code ?? 'PROVIDER_ERROR');
    }
    const toolCalls = turn.tool_calls ?? [];
    for (const call of toolCalls) {
      await pause();
      yield {
        type: 'tool_call',
        blockIndex: blockIndex++,
        call: { id: call.id ?? `toolu_${randomId()}`, name: call.name, args: call.args ?? {} },
      };
    }
    yield {
      type: 'turn_end',
      messageId,
      stopReason: turn.stop_reason ?? (toolCalls.length > 0 ? 'tool_use' : 'end_turn'),
      usage: turn.usage ?? {
        input_tokens: tokensOf(JSON.stringify([request.system, request.messages])),
        output_tokens: tokensOf((turn.thinking ?? '') + (turn.text ?? '')),
      },
    };
  }
}

function turnFor(request: ModelRequest): ScriptedTurn {
  const script = request.modelConfig.script;
  if (isScript(script) && script.length > 0) {
    return script[Math.min(request.turn, script.length - 1)];
  }
  return { text: `You said: ${lastUserText(request.messages)}` };
}

function lastUserText(messages: readonly ConversationMessage[]): string {
  for (let index = messages.length - 1; index >= 0; index--) {
    const message = messages[index];
    if (message.role === 'user') return message.content;
  }
  return '';
}

function chunksOf(text: string, size: number): string[] {
  const characters = [...text];
  const chunks: string[] = [];
  for (let start = 0; start < characters.length; start += size) {
    chunks.push(characters.slice(start, start + size).join(''));
  }
  return chunks;
}

function untilAborted(signal: AbortSignal): Promise<never> {
  return new Promise((_, reject) => {
    const abort = () => reject(toError(signal.reason));
    if (signal.aborted) abort();
    else signal.addEventListener('abort', abort, { once: true });
  });
}

function toError(reason: unknown): Error {
  return reason instanceof Error ? reason : new Error(String(reason));
}

function tokensOf(text: string): number {
  return Math.ceil(text.length / 4);
}

function randomId(): string {
  return randomBytes(12).toString('hex');
}
