/** Where a registered `http` or `mcp` tool runs, with the headers sent there. */
export interface ToolEndpoint {
  url: string;
  headers: Record<string, string>;
  /** Sent like `headers`, but never returned by the API. */
  secret_headers: Record<string, string>;
}

/**
 * The headers of a request to an endpoint (or to anything else sent the same headers), secret
 * ones included (they win). Header names are case-insensitive: `Headers.set` makes a later
 * `Content-Type` replace a `content-type` where a plain object would send both, joined into one
 * invalid value.
 */
export function requestHeadersOf(endpoint: Omit<ToolEndpoint, 'url'>): Headers {
  const headers = new Headers();
  for (const [name, value] of [
    ...Object.entries(endpoint.headers),
    ...Object.entries(endpoint.secret_headers),
  ]) {
    headers.set(name, value);
  }
  return headers;
}

/** The endpoint's URL without credentials or query, safe for error messages and logs. */
export function displayUrlOf(endpoint: Pick<ToolEndpoint, 'url'>): string {
  const url = new URL(endpoint.url);
  return `${url.origin}${url.pathname}`;
}
