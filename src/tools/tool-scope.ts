import { type Principal } from '../api-keys/principal';

/**
 * The tools a caller may see and call: callers without an API key only the public ones (a
 * private tool is "not found" to them), callers with a valid key every served tool.
 */
export type ToolScope = 'public' | 'all';

export function toolScopeOf(caller: Principal | undefined): ToolScope {
  return caller ? 'all' : 'public';
}
