/** The protocol versions toolhub's bindings speak. */
export const CURRENT_VERSION = '1.0';
export const LEGACY_VERSION = '0.3';

/**
 * The version a JSON-RPC request speaks. The spec reads a missing `A2A-Version` as 0.3, but
 * v1.0 clients that leave the header out exist, and the method names tell the two apart
 * (`message/send` in 0.3, `SendMessage` in 1.0): such a request is answered in the version its
 * method is named in rather than refused as an unknown method.
 */
export function jsonRpcVersionOf(header: string | undefined, body: unknown): string {
  if (header) return header;
  const method = (body as { method?: unknown } | null | undefined)?.method;
  return typeof method === 'string' && !method.includes('/') ? CURRENT_VERSION : LEGACY_VERSION;
}

/**
 * The version an HTTP+JSON request speaks: toolhub serves that binding in 1.0 only, so a
 * request without `A2A-Version` is read as 1.0 rather than refused for a version it never
 * asked for.
 */
export function httpJsonVersionOf(header: string | undefined): string {
  return header || CURRENT_VERSION;
}
