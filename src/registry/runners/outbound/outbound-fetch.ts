import { Injectable, type OnApplicationShutdown } from '@nestjs/common';
import { Agent, fetch } from 'undici';
import { ToolUrlForbiddenError } from '../../tools/registered-tool.errors';
import { guardedConnector } from './guarded-connector';
import { OutboundPolicy } from './outbound-policy';

/**
 * `fetch` for calls to tool endpoints, connecting only where the policy permits. undici's own
 * `fetch` goes with its own `Agent`: Node's global `fetch` is a bundled undici of another
 * version on other Node versions, whose dispatcher interface may not match.
 */
@Injectable()
export class OutboundFetch implements OnApplicationShutdown {
  private readonly dispatcher: Agent;

  constructor(policy: OutboundPolicy) {
    this.dispatcher = new Agent({ connect: guardedConnector(policy) });
  }

  /** Like `fetch`; a connection the policy refuses fails with TOOL_URL_FORBIDDEN. */
  readonly fetch = async (url: string | URL, init: RequestInit = {}): Promise<Response> => {
    try {
      return await fetch(url, { ...init, dispatcher: this.dispatcher });
    } catch (error) {
      // undici reports a failed connection as "fetch failed", with the reason as its cause.
      const cause = error instanceof Error ? error.cause : undefined;
      throw cause instanceof ToolUrlForbiddenError ? cause : error;
    }
  };

  /** After the HTTP server has stopped, no one is left to take a tool's answer. */
  async onApplicationShutdown(): Promise<void> {
    await this.dispatcher.destroy();
  }
}
