import { Injectable } from '@nestjs/common';
import { hasExpired } from '../../database/expiry';
import { ANONYMOUS_USER } from '../../api-keys/principal';
import { type ToolAccess } from '../../tools/tool-scope';
import { mcpServerSdk } from '../loaded-on-first-use';
import { type McpSessionRow, McpSessionsRepository } from './mcp-sessions.repository';

/** How long a session is kept after its `initialize`: a day, as a task is. */
export const SESSION_TTL_MS = 24 * 60 * 60 * 1000;

/**
 * Sessions of 2025-era clients over Streamable HTTP, only for those that need one: a client
 * that declares elicitation answers a server's request in a POST of its own, and a stateless
 * server would neither know, on the call's POST, that the client takes elicitations, nor on the
 * answer's, whose they are. The session is stored, so any instance serves it.
 */
@Injectable()
export class McpSessions {
  constructor(private readonly sessions: McpSessionsRepository) {}

  /**
   * The session an `initialize` in `body` opens: only a key holder's client that declares
   * elicitation gets one (an anonymous caller's approvals are nobody's to decide); every other
   * client stays sessionless.
   */
  async open(access: ToolAccess, body: unknown): Promise<McpSessionRow | undefined> {
    if (!mcpServerSdk().isInitializeRequest(body) || access.origin.user === ANONYMOUS_USER)
      return undefined;
    const { protocolVersion, capabilities } = body.params;
    if (capabilities.elicitation === undefined) return undefined;
    // Clients seldom end their sessions: each new one clears those that outlived their time.
    await this.sessions.deleteExpired();
    return this.sessions.create({
      owner: access.origin.user,
      protocol_version: protocolVersion,
      client_capabilities: capabilities,
      ttl_ms: SESSION_TTL_MS,
    });
  }

  /** `access`'s session `id`; undefined for another user's, an expired or an unknown one. */
  async resume(access: ToolAccess, id: string): Promise<McpSessionRow | undefined> {
    const row = await this.sessions.findOwned(id, access.origin.user);
    if (row && hasExpired(row)) {
      await this.sessions.deleteOwned(id, access.origin.user);
      return undefined;
    }
    return row;
  }

  /** Ends `access`'s session `id`; whether there was one. */
  end(access: ToolAccess, id: string): Promise<boolean> {
    return this.sessions.deleteOwned(id, access.origin.user);
  }
}
