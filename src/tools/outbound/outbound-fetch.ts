import { type OnApplicationShutdown } from '@nestjs/common';
import { withTraceContext } from '../../core/telemetry/trace-propagation';
import { type ToolResponseTooLargeError, ToolUrlForbiddenError } from './outbound.errors';
import { GuardedFetch } from './guarded-connector';
import { type OutboundPolicy } from './outbound-policy';
import { sizeLimited } from './size-limited-response';

/**
 * `fetch` for calls to tool endpoints, connecting only where the policy permits and reading no
 * more than `maxResponseBytes` of any answer (TOOL_RESPONSE_TOO_LARGE past it). undici's own
 * `fetch` goes with its own `Agent`: Node's global `fetch` is a bundled undici of another
 * version on other Node versions, whose dispatcher interface may not match. Built by
 * `OUTBOUND_PROVIDERS` from the validated config.
 */
export class OutboundFetch implements OnApplicationShutdown {
  private readonly guarded: GuardedFetch;

  constructor(
    policy: OutboundPolicy,
    private readonly maxResponseBytes: number,
  ) {
    this.guarded = new GuardedFetch(policy);
  }

  /**
   * Like `fetch`; a connection the policy refuses fails with TOOL_URL_FORBIDDEN, a body past the
   * limit with TOOL_RESPONSE_TOO_LARGE, reported to `onTooLarge` as well. The request carries the
   * active trace (W3C `traceparent`), so the tool's own spans join the call's trace.
   */
  readonly fetch = async (
    url: string | URL,
    init: RequestInit = {},
    onTooLarge?: (error: ToolResponseTooLargeError) => void,
  ): Promise<Response> => {
    // Ending the request, not only the reading: undici would otherwise drain the rest of an
    // oversized answer to keep the connection for reuse.
    const request = new AbortController();
    const signals = init.signal ? [init.signal, request.signal] : [request.signal];
    try {
      const response = await this.guarded.fetch(url, {
        ...init,
        signal: AbortSignal.any(signals),
        headers: withTraceContext(init.headers),
      });
      return sizeLimited(response, this.maxResponseBytes, (error) => {
        request.abort(error);
        onTooLarge?.(error);
      });
    } catch (error) {
      // undici reports a failed connection as "fetch failed", with the reason as its cause.
      const cause = error instanceof Error ? error.cause : undefined;
      throw cause instanceof ToolUrlForbiddenError ? cause : error;
    }
  };

  /** After the HTTP server has stopped, no one is left to take a tool's answer. */
  async onApplicationShutdown(): Promise<void> {
    await this.guarded.close();
  }
}
