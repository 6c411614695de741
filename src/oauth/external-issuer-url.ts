/** Host names that can only be this machine. */
const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * Whether `value` can be an external issuer: https, or plain http only on a loopback host (an
 * identity provider run beside toolhub in development), with neither query nor fragment, which
 * RFC 8414 forbids in an issuer.
 */
export function isExternalIssuerUrl(value: string): boolean {
  if (!URL.canParse(value)) return false;
  const url = new URL(value);
  if (url.search || url.hash || url.username || url.password) return false;
  return (
    url.protocol === 'https:' || (url.protocol === 'http:' && LOOPBACK_HOSTS.has(url.hostname))
  );
}
