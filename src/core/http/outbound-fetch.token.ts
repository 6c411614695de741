/**
 * `fetch` through toolhub's outbound guard: connects only where `TOOL_URL_ALLOW` and the public
 * address rules permit, and bounds what it reads. The guard lives with the tools, a layer above
 * the features that also call out (the OAuth authorization server fetching a client's metadata
 * document, external mode fetching its issuer's keys); they inject it by this token, so none of
 * them imports the tools and every outbound call obeys the one policy.
 */
export const OUTBOUND_FETCH = Symbol('OUTBOUND_FETCH');

export type GuardedFetchFunction = (url: string | URL, init?: RequestInit) => Promise<Response>;
