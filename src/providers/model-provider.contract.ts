import { type JsonSchema } from '../core/json-schema';

/** A tool as the model is told of it. */
export interface ModelToolSpec {
  name: string;
  description: string;
  inputSchema: JsonSchema;
}

/** A finished thinking block; Anthropic needs its signature to accept it back on a later turn. */
export interface ThinkingBlock {
  content: string;
  signature?: string;
}

/** A tool call the model made, with its arguments parsed once the call was complete. */
export interface ModelToolCall {
  /** The provider's own id (`toolu_…`, `call_…`), kept opaque. */
  id: string;
  name: string;
  args: Record<string, unknown>;
  /** The raw argument text when it was not a JSON object; the call then fails without running. */
  malformedArgs?: string;
}

/** The outcome of one tool call, as the model reads it on its next turn. */
export interface ToolResultMessage {
  toolUseId: string;
  toolName: string;
  /** The result (or the error) as text. */
  content: string;
  isError: boolean;
}

/** What kinds of attached files a provider can give its model. */
export type AttachmentKind = 'text' | 'image' | 'pdf';

/** A file attached to a user message: text as text, images and PDFs as base64 bytes. */
export type MessageAttachment =
  | { kind: 'text'; name: string; mimeType: string; text: string }
  | { kind: 'image' | 'pdf'; name: string; mimeType: string; base64: string };

/** A text attachment as the model reads it: its content inside a tag that names it. */
export function attachedFileText(name: string, text: string): string {
  const quoted = name.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
  return `<file name="${quoted}">\n${text}\n</file>`;
}

/** A conversation in a provider-neutral form; each adapter writes its own wire format. */
export type ConversationMessage =
  | {
      role: 'user';
      content: string;
      /** Files attached to the message (only the run that sent it carries their contents). */
      attachments?: MessageAttachment[];
    }
  | {
      role: 'assistant';
      /** Sent back only within the run that produced them (Anthropic's tool loop needs them). */
      thinking: ThinkingBlock[];
      text: string;
      toolCalls: ModelToolCall[];
    }
  | { role: 'tool_results'; results: ToolResultMessage[] };

export interface TokenUsage {
  input_tokens: number;
  output_tokens: number;
}

/** Why a model turn ended, in Anthropic's words (OpenAI's finish reasons are mapped to them). */
export type StopReason = 'end_turn' | 'tool_use' | 'max_tokens' | 'stop_sequence' | 'refusal';

/** One model call. */
export interface ModelRequest {
  model: string;
  system: string;
  messages: ConversationMessage[];
  tools: ModelToolSpec[];
  maxTokens: number;
  temperature?: number;
  topP?: number;
  /** Extended thinking, when the run asked for it. */
  thinking?: { budgetTokens: number };
  /** The agent's whole `model_config`, for providers that read more of it (the scripted one). */
  modelConfig: Readonly<Record<string, unknown>>;
  /** Which model call of the run this is, from 0. */
  turn: number;
}

/**
 * What a provider's stream is turned into. `turn_start` comes first; deltas as they arrive; a tool call comes once,
 * complete; `turn_end` comes last. A failure (an HTTP error after retries, an in-stream error)
 * is thrown by the iterator as a `ProviderError`.
 */
export type ModelStreamEvent =
  /** The provider's id of the message, as soon as it is known (a cancelled turn keeps it). */
  | { type: 'turn_start'; messageId: string; usage: TokenUsage }
  | { type: 'thinking_delta'; blockIndex: number; text: string }
  | { type: 'thinking_end'; blockIndex: number; signature?: string }
  | { type: 'text_delta'; blockIndex: number; text: string }
  | { type: 'tool_call'; blockIndex: number; call: ModelToolCall }
  | { type: 'turn_end'; messageId: string; stopReason: StopReason; usage: TokenUsage };

/** A model call that failed; `code` is stable and shown in the run's `error` event. */
export class ProviderError extends Error {
  constructor(
    message: string,
    readonly code: string,
    /** The provider's HTTP status, when it answered with one. */
    readonly status?: number,
  ) {
    super(message);
    this.name = 'ProviderError';
  }
}

/** Limits a provider puts on extended thinking; undefined when it has none to check. */
export interface ThinkingRules {
  /** Why this budget cannot be used with this `max_tokens`, or undefined when it can. */
  refuseBudget(budgetTokens: number, maxTokens: number): string | undefined;
}

/**
 * A model provider: a class decorated with `@ModelProviderOf({ name })`, found by discovery.
 * Agents name it in `model_config.provider`.
 */
export interface ModelProvider {
  /** The environment variable this server lacks to use the provider, or undefined when ready. */
  missingConfiguration(): string | undefined;
  thinking: ThinkingRules;
  /** The kinds of attached files its models can take; a run attaching another is refused. */
  readonly attachmentKinds: ReadonlySet<AttachmentKind>;
  /**
   * Problems with the provider's own settings in an agent's `model_config` (e.g. the scripted
   * provider's `script`), each a sentence naming the setting; empty when there are none.
   */
  checkModelConfig?(modelConfig: Readonly<Record<string, unknown>>): string[];
  stream(request: ModelRequest, signal: AbortSignal): AsyncIterable<ModelStreamEvent>;
}
