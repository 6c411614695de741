import type * as OpenAISdk from 'openai';
import { Injectable } from '@nestjs/common';
import type OpenAI from 'openai';
import {
  type AttachmentKind,
  type ModelProvider,
  type ModelRequest,
  type ModelStreamEvent,
  ProviderError,
  type ThinkingRules,
} from '../model-provider.contract';
import { abortableStream } from '../abortable-stream';
import { ModelProviderOf } from '../model-provider.decorator';
import { providerUnreachable } from '../provider-unreachable';
import { ProvidersConfig } from '../providers.config';
import { toOpenAIRequest } from './openai-messages';
import { toModelStreamEvents } from './openai-stream';

/** The SDK, once a run first needed it: a server that never calls OpenAI never loads it. */
let sdk: typeof OpenAISdk | undefined;

/** Any model behind OpenAI's Chat Completions API (OpenAI, Ollama, vLLM, LM Studio), streamed. */
@Injectable()
@ModelProviderOf({ name: 'openai' })
export class OpenAIProvider implements ModelProvider {
  private client?: Promise<OpenAI>;

  constructor(private readonly config: ProvidersConfig) {}

  /** Reasoning that a compatible server streams is shown, but its length cannot be bounded. */
  readonly attachmentKinds: ReadonlySet<AttachmentKind> = new Set(['text', 'image']);

  readonly thinking: ThinkingRules = {
    refuseBudget: () =>
      'thinking_budget is not supported by the openai provider: Chat Completions has no thinking budget.',
  };

  missingConfiguration(): string | undefined {
    return this.config.OPENAI_API_KEY === '' ? 'OPENAI_API_KEY' : undefined;
  }

  stream(request: ModelRequest, signal: AbortSignal): AsyncGenerator<ModelStreamEvent> {
    const surfaceThinking = request.thinking !== undefined;
    // Kept for the failure's message, which names where the SDK tried to connect.
    let client: OpenAI | undefined;
    return abortableStream(
      signal,
      async () => {
        client = await this.openai();
        return toModelStreamEvents(
          await client.chat.completions.create(toOpenAIRequest(request), { signal }),
          { surfaceThinking },
        );
      },
      (error) => toProviderError(error, client?.baseURL),
    );
  }

  private openai(): Promise<OpenAI> {
    this.client ??= import('openai').then((loaded) => {
      sdk = loaded;
      return new loaded.default({
        apiKey: this.config.OPENAI_API_KEY,
        baseURL: this.config.OPENAI_BASE_URL || undefined,
        maxRetries: this.config.PROVIDER_MAX_RETRIES,
        timeout: this.config.PROVIDER_TIMEOUT_SECONDS * 1000,
      });
    });
    return this.client;
  }
}

function toProviderError(error: unknown, baseUrl: string | undefined): ProviderError {
  if (error instanceof ProviderError) return error;
  // The SDK's errors can only come from a loaded SDK, so its client (and base URL) exists.
  if (sdk && error instanceof sdk.APIConnectionError && baseUrl !== undefined) {
    return providerUnreachable(error.message, baseUrl, 'OPENAI_BASE_URL');
  }
  if (sdk && error instanceof sdk.APIError) {
    // `instanceof` leaves the generic status and body as `any`.
    const status = typeof error.status === 'number' ? error.status : undefined;
    const code = error.code || error.type || 'PROVIDER_ERROR';
    return new ProviderError(serverMessage(error.error) ?? error.message, code, status);
  }
  return new ProviderError(
    error instanceof Error ? error.message : String(error),
    'PROVIDER_ERROR',
  );
}

/** The server's own words, without the status the SDK puts in front of them. */
function serverMessage(body: unknown): string | undefined {
  if (typeof body === 'object' && body !== null && 'message' in body) {
    return typeof body.message === 'string' ? body.message : undefined;
  }
  return undefined;
}
