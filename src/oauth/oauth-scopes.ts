import { type ApiKeyRole } from '../database/schema';

/**
 * What a token may do: `tools` lists and calls tools (MCP, `/api/tools`); `runs` works with
 * sessions, runs, approvals, files and artifacts; `registry` reads and, for admins, changes the
 * registry; `admin` acts as an admin (keys, and whatever else only admins may do).
 */
export const OAUTH_SCOPES = ['tools', 'runs', 'registry', 'admin'] as const;

export type OAuthScope = (typeof OAUTH_SCOPES)[number];

/** What a client is given when it asks for no scope: everything but acting as an admin. */
export const DEFAULT_SCOPES: readonly OAuthScope[] = ['tools', 'runs', 'registry'];

/** The scopes a person of `role` may grant: never more than the role itself allows. */
export function grantableScopes(role: ApiKeyRole): readonly OAuthScope[] {
  return role === 'admin' ? OAUTH_SCOPES : OAUTH_SCOPES.filter((scope) => scope !== 'admin');
}

export function isOAuthScope(value: string): value is OAuthScope {
  return (OAUTH_SCOPES as readonly string[]).includes(value);
}

/**
 * The scope a request needs, from its path: the first rule whose pattern matches. A path no
 * rule names needs `admin`, so a route added later is closed to tokens until it is placed.
 */
const RULES: readonly [RegExp, OAuthScope | 'none'][] = [
  [/^\/mcp(?:[/?]|$)/, 'tools'],
  [/^\/api\/tools(?:[/?]|$)/, 'tools'],
  [/^\/api\/v1\/me(?:[/?]|$)/, 'none'],
  [/^\/api\/v1\/workflows\/[^/?]+\/runs(?:[/?]|$)/, 'runs'],
  [/^\/api\/v1\/(?:sessions|runs|workflow-runs|approvals|files|artifacts)(?:[/?]|$)/, 'runs'],
  [/^\/api\/v1\/(?:agents|tools|workflows|tool-sources)(?:[/?]|$)/, 'registry'],
];

/** The scope `path` needs; `none` where any token is enough (who am I). */
export function requiredScopeOf(path: string): OAuthScope | 'none' {
  return RULES.find(([pattern]) => pattern.test(path))?.[1] ?? 'admin';
}

/** The role a token acts with: an admin's only with the `admin` scope granted. */
export function roleOfScopes(scopes: readonly string[]): ApiKeyRole {
  return scopes.includes('admin') ? 'admin' : 'member';
}
