/** Schemes no client may be sent back to, whatever it registers. */
const FORBIDDEN_SCHEMES = new Set([
  'javascript:',
  'data:',
  'file:',
  'vbscript:',
  'blob:',
  'about:',
]);

const LOOPBACK_HOSTS = new Set(['127.0.0.1', '[::1]', 'localhost']);

/** What kind of redirect URI a registered one is. */
export type RedirectUriKind = 'https' | 'loopback' | 'private-use';

/**
 * The kind of a redirect URI toolhub sends codes to: https anywhere, http on a loopback address
 * only (RFC 8252: an app on the person's machine, on any port), or a private-use scheme of an
 * installed app (`cursor://…`, `vscode://…`); undefined for anything else.
 */
export function redirectUriKind(uri: string): RedirectUriKind | undefined {
  const parsed = URL.parse(uri);
  if (!parsed || parsed.hash) return undefined;
  if (parsed.protocol === 'https:') return 'https';
  if (parsed.protocol === 'http:')
    return LOOPBACK_HOSTS.has(parsed.hostname) ? 'loopback' : undefined;
  return FORBIDDEN_SCHEMES.has(parsed.protocol) ? undefined : 'private-use';
}

/**
 * A registration request's metadata as the authorization server is given it, or why it is
 * refused (`invalid_redirect_uri`). A client with a loopback or private-use redirect URI runs on
 * the person's machine: registered as a native app, whose loopback URIs match on any port.
 */
export function applyRedirectUriPolicy(
  metadata: Record<string, unknown>,
): { metadata: Record<string, unknown> } | { problem: string } {
  const uris = metadata.redirect_uris;
  if (!Array.isArray(uris) || uris.length === 0) {
    return { problem: 'redirect_uris must name at least one URI' };
  }
  const kinds = uris.map((uri) => (typeof uri === 'string' ? redirectUriKind(uri) : undefined));
  const refused = uris.filter((_uri, index) => kinds[index] === undefined);
  if (refused.length > 0) {
    return {
      problem: `redirect_uris must be https, http on a loopback address, or an app's own scheme; not ${refused.map(String).join(', ')}`,
    };
  }
  const onDevice = kinds.some((kind) => kind !== 'https');
  return { metadata: onDevice ? { ...metadata, application_type: 'native' } : metadata };
}
