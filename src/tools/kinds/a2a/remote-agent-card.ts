import type { AgentCard } from '@a2a-js/sdk';
import { DomainError } from '../../../core/errors';
import { type OutboundFetch } from '../../outbound/outbound-fetch';
import { ToolExecutionFailedError } from '../../tool.errors';
import { excerptOf } from '../endpoint/remote-body-excerpt';
import { displayUrlOf } from '../endpoint/tool-endpoint';
import { a2aClientSdk } from './a2a-client-sdk';

/** How long a fetched card is used before it is fetched again: cards change with deployments. */
export const AGENT_CARD_TTL_MS = 5 * 60 * 1000;

/** Where a remote agent's card is, and the headers its requests carry. */
export interface CardSource {
  url: string;
  headers: Headers;
}

/**
 * One remote agent's card, fetched through the outbound guard by the first call that needs it
 * and kept for `AGENT_CARD_TTL_MS`. A tool's handler holds one, so a changed registration (a new
 * handler) fetches afresh. A card that is not JSON, or names no interface to call, fails the
 * call naming the card's URL; its size and time are bounded as every tool answer's are.
 */
export class RemoteAgentCard {
  private cached?: { card: AgentCard; until: number };

  constructor(
    private readonly outbound: OutboundFetch,
    private readonly source: CardSource,
    private readonly now: () => number = Date.now,
  ) {}

  async get(signal: AbortSignal): Promise<AgentCard> {
    if (this.cached && this.cached.until > this.now()) return this.cached.card;
    const card = await this.fetch(signal);
    this.cached = { card, until: this.now() + AGENT_CARD_TTL_MS };
    return card;
  }

  private async fetch(signal: AbortSignal): Promise<AgentCard> {
    const shown = displayUrlOf(this.source);
    const headers = new Headers(this.source.headers);
    headers.set('Accept', 'application/json');
    headers.set('A2A-Version', '1.0');
    let text: string;
    try {
      const response = await this.outbound.fetch(this.source.url, { headers, signal });
      text = await response.text();
      if (!response.ok) {
        throw new ToolExecutionFailedError(
          `The agent card at ${shown} answered HTTP ${response.status}`,
          { status: response.status, body: excerptOf(text) },
        );
      }
    } catch (error) {
      if (signal.aborted) throw signal.reason;
      if (error instanceof DomainError) throw error;
      const reason = error instanceof Error ? error.message : String(error);
      throw new ToolExecutionFailedError(
        `The agent card at ${shown} could not be fetched: ${reason}`,
      );
    }
    return cardOf(text, shown);
  }
}

/** The card in `text`, normalized as the SDK's client reads it (v0.3 cards too). */
function cardOf(text: string, shown: string): AgentCard {
  const invalid = (why: string) =>
    new ToolExecutionFailedError(`The agent card at ${shown} is not a valid agent card: ${why}`);
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    throw invalid('it is not JSON');
  }
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
    throw invalid('it is not a JSON object');
  }
  let card: AgentCard;
  try {
    const { DefaultAgentCardResolver } = a2aClientSdk();
    card = new DefaultAgentCardResolver({ legacyCompat: { enabled: true } }).normalizeAgentCard(
      raw,
    );
  } catch (error) {
    throw invalid(excerptOf(error instanceof Error ? error.message : String(error)));
  }
  const interfaces: unknown = card.supportedInterfaces;
  const callable =
    Array.isArray(interfaces) &&
    interfaces.some(
      (entry: Partial<AgentCard['supportedInterfaces'][number]>) =>
        typeof entry?.url === 'string' && typeof entry.protocolBinding === 'string',
    );
  if (!callable) throw invalid('it names no interface (supportedInterfaces) to call');
  return card;
}
