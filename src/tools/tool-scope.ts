import { type Principal } from '../api-keys/principal';

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
