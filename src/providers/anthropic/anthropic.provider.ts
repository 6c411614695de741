import type * as AnthropicSdk from '@anthropic-ai/sdk';
import type Anthropic from '@anthropic-ai/sdk';
import { Injectable } from '@nestjs/common';
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
import { toAnthropicRequest } from './anthropic-messages';
import { toModelStreamEvents } from './anthropic-stream';

/** The SDK, once a run first needed it: a server that never calls Claude never loads it. */
let sdk: typeof AnthropicSdk | undefined;

const MIN_THINKING_BUDGET = 1024;

/** Anthropic's limits on extended thinking: a budget of at least 1024 tokens, below max_tokens. */
export const ANTHROPIC_THINKING_RULES: ThinkingRules = {
  refuseBudget(budgetTokens, maxTokens) {
    if (budgetTokens < MIN_THINKING_BUDGET) {
      return `Anthropic needs a thinking budget of at least ${MIN_THINKING_BUDGET} tokens; ${budgetTokens} was given.`;
    }
    if (budgetTokens >= maxTokens) {
      return `Anthropic needs a thinking budget below max_tokens (${maxTokens}); ${budgetTokens} was given.`;
    }
    return undefined;
  },
};

/** Claude through Anthropic's Messages API (or a compatible endpoint), streamed. */
@Injectable()
@ModelProviderOf({ name: 'anthropic' })
export class AnthropicProvider implements ModelProvider {
  private client?: Promise<Anthropic>;

  constructor(private readonly config: ProvidersConfig) {}

  readonly attachmentKinds: ReadonlySet<AttachmentKind> = new Set(['text', 'image', 'pdf']);

  readonly thinking = ANTHROPIC_THINKING_RULES;

  missingConfiguration(): string | undefined {
    return this.config.ANTHROPIC_API_KEY === '' ? 'ANTHROPIC_API_KEY' : undefined;
  }

  stream(request: ModelRequest, signal: AbortSignal): AsyncGenerator<ModelStreamEvent> {
    // Kept for the failure's message, which names where the SDK tried to connect.
    let client: Anthropic | undefined;
    return abortableStream(
      signal,
      async () => {
        client = await this.anthropic();
        return toModelStreamEvents(
          await client.messages.create(toAnthropicRequest(request), { signal }),
        );
      },
      (error) => toProviderError(error, client?.baseURL),
    );
  }

  private anthropic(): Promise<Anthropic> {
    this.client ??= import('@anthropic-ai/sdk').then((loaded) => {
      sdk = loaded;
      return new loaded.default({
        apiKey: this.config.ANTHROPIC_API_KEY,
        baseURL: this.config.ANTHROPIC_BASE_URL || undefined,
        maxRetries: this.config.PROVIDER_MAX_RETRIES,
        timeout: this.config.PROVIDER_TIMEOUT_SECONDS * 1000,
        // The run's own `chat` span stands for each call: the SDK's would count it twice, and
        // an operator's trace context is no business of the model provider's.
        openTelemetry: { traces: false, propagation: false },
      });
    });
    return this.client;
  }
}

function toProviderError(error: unknown, baseUrl: string | undefined): ProviderError {
  if (error instanceof ProviderError) return error;
  // The SDK's errors can only come from a loaded SDK, so its client (and base URL) exists.
  if (sdk && error instanceof sdk.APIConnectionError && baseUrl !== undefined) {
    return providerUnreachable(error.message, baseUrl, 'ANTHROPIC_BASE_URL');
  }
  if (sdk && error instanceof sdk.APIError) {
    // `instanceof` leaves the generic status as `any`.
    const status = typeof error.status === 'number' ? error.status : undefined;
    return new ProviderError(
      error.apiMessage ?? error.message,
      error.type ?? 'PROVIDER_ERROR',
      status,
    );
  }
  return new ProviderError(
    error instanceof Error ? error.message : String(error),
    'PROVIDER_ERROR',
  );
}
