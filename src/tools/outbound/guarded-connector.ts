import { lookup } from 'node:dns';
import { type LookupFunction, isIP } from 'node:net';
import type * as Undici from 'undici';
import { ToolUrlForbiddenError } from './outbound.errors';
import { type OutboundPolicy } from './outbound-policy';

/**
 * undici's `fetch` through an `Agent` whose every connection goes through `guardedConnector`.
 * undici (about a hundred modules, a tenth of a second) and the agent are made by the first call,
 * not by every start: most servers make few outbound calls, and many none.
 */
export class GuardedFetch {
  private agent?: Undici.Agent;

  constructor(private readonly policy: OutboundPolicy) {}

  async fetch(
    url: string | URL,
    init: Parameters<typeof Undici.fetch>[1] = {},
  ): Promise<Undici.Response> {
    const undici = await import('undici');
    this.agent ??= new undici.Agent({
      connect: guardedConnector(undici.buildConnector, this.policy),
    });
    return undici.fetch(url, { ...init, dispatcher: this.agent });
  }

  /** Closes the agent's connections, if a call made it. */
  async close(): Promise<void> {
    await this.agent?.destroy();
  }
}

/**
 * undici's connector with the policy applied to the very address each socket connects to. A
 * name is resolved once, inside the socket's own lookup, and only the permitted addresses are
 * handed back to it, so no second resolution can swap in another address between the check and
 * the connect (DNS rebinding). An address in the URL is never looked up: it is checked here.
 */
function guardedConnector(
  buildConnector: typeof Undici.buildConnector,
  policy: OutboundPolicy,
): Undici.buildConnector.connector {
  const connect = buildConnector({ lookup: checkedLookup(policy) });
  return (options, callback) => {
    const { hostname } = options;
    const refusal = isIP(hostname) ? policy.refusalOf(hostname, hostname) : undefined;
    if (refusal) return callback(new ToolUrlForbiddenError(hostname, refusal), null);
    connect(options, callback);
  };
}

function checkedLookup(policy: OutboundPolicy): LookupFunction {
  return (hostname, options, callback) => {
    lookup(hostname, { ...options, all: true }, (error, addresses) => {
      if (error) return callback(error, '');
      const refusals = addresses.map(({ address }) => policy.refusalOf(hostname, address));
      const permitted = addresses.filter((_, index) => !refusals[index]);
      const [first] = permitted;
      if (!first) {
        const kinds = [...new Set(refusals)].join(', ');
        return callback(new ToolUrlForbiddenError(hostname, kinds), '');
      }
      // Node asks for every address when it may try several (autoSelectFamily), else for one.
      if (options.all) callback(null, permitted);
      else callback(null, first.address, first.family);
    });
  };
}
