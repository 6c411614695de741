import type { ServerCallContext, User } from '@a2a-js/sdk/server';
import { type Principal } from '../api-keys/principal';
import { nodeRequestOf } from '../core/http/node-http';
import { a2aServerSdk } from './loaded-on-first-use';

/** The SDK's user for a caller with an API key: its tasks are scoped by the key's user. */
class KeyUser implements User {
  constructor(readonly principal: Principal) {}

  get isAuthenticated(): boolean {
    return true;
  }

  get userName(): string {
    return this.principal.user;
  }
}

const AGENT_ID = 'toolhub.agentId';
const ORIGIN = 'toolhub.origin';

/** What a request to an agent's A2A endpoint carries to the request handler and the executor. */
export interface A2aCall {
  principal: Principal;
  agentId: string;
  headers: Record<string, string | string[] | undefined>;
  /** The server's public base URL, for the links the answers carry. */
  origin: string;
}

/** The SDK's call context for a request: its caller, the agent it addresses, its headers. */
export function callContextOf(call: A2aCall, requestedVersion: string | undefined) {
  const { ServerCallContext } = a2aServerSdk();
  return new ServerCallContext({
    user: new KeyUser(call.principal),
    requestedVersion,
    state: new Map<string, unknown>([
      [AGENT_ID, call.agentId],
      [ORIGIN, call.origin],
      ['headers', call.headers],
    ]),
  });
}

/** The caller and agent of a call context made by `callContextOf`. */
export function callerOf(context: ServerCallContext): { principal: Principal; agentId: string } {
  const user = context.user;
  const agentId = context.state.get(AGENT_ID);
  if (!(user instanceof KeyUser) || typeof agentId !== 'string') {
    // Every context reaching toolhub's handler was made above: anything else is a bug.
    throw new Error('An A2A call context without its caller');
  }
  return { principal: user.principal, agentId };
}

/** Whose tasks a call context reaches: its caller's, through the agent it addresses. */
export function scopeOf(context: ServerCallContext): { owner: string; agentId: string } {
  const { principal, agentId } = callerOf(context);
  return { owner: principal.user, agentId };
}

/** The server's base URL of a call context made by `callContextOf`. */
export function originOf(context: ServerCallContext): string {
  const origin = context.state.get(ORIGIN);
  return typeof origin === 'string' ? origin : '';
}

/** A request's caller, the agent it addresses and its headers, with the server's base URL. */
export function callOf(
  principal: Principal,
  agentId: string,
  request: unknown,
  origin: string,
): A2aCall {
  return { principal, agentId, headers: nodeRequestOf(request).headers, origin };
}
