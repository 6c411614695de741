import { ANONYMOUS_USER, type Principal } from '../api-keys/principal';
import { type ToolCallOrigin } from './tool.contract';

/**
 * The tools a caller may see and call: callers without an API key only the public ones (a
 * private tool is "not found" to them), callers with a valid key every served tool. Agent runs
 * reach, besides their agent's tools, the run-only ones (`'run'`): tools that work on the run's
 * session, so they are never listed or served to the other two.
 */
export type ToolScope = 'public' | 'all' | 'run';

export function toolScopeOf(caller: Principal | undefined): ToolScope {
  return caller ? 'all' : 'public';
}

/** What a caller of a transport may reach, and whom its calls act for. */
export interface ToolAccess {
  scope: ToolScope;
  origin: ToolCallOrigin;
}

/** A key holder reaches every tool as its key's user; anyone else the public ones, anonymously. */
export function toolAccessOf(caller: Principal | undefined): ToolAccess {
  const origin = caller ? { user: caller.user, keyId: caller.keyId } : { user: ANONYMOUS_USER };
  return { scope: toolScopeOf(caller), origin };
}
