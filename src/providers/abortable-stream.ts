import { type ModelStreamEvent, type ProviderError } from './model-provider.contract';

/**
 * A provider's events as the runtime expects them: an abort surfaces as the signal's reason
 * (never as a provider failure; the SDKs end an aborted stream quietly, which would read as an
 * incomplete message), and every other failure as a `ProviderError`.
 */
export async function* abortableStream(
  signal: AbortSignal,
  open: () => Promise<AsyncIterable<ModelStreamEvent>>,
  toProviderError: (error: unknown) => ProviderError,
): AsyncGenerator<ModelStreamEvent> {
  try {
    for await (const event of await open()) {
      // Events the SDK had already read must not outlive an abort.
      signal.throwIfAborted();
      yield event;
    }
  } catch (error) {
    signal.throwIfAborted();
    throw toProviderError(error);
  }
}
