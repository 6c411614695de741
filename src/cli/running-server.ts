import { OperatorError } from '../core/config';
import { type McpEndpoint } from '../mcp/stdio-bridge';

/** A start-up failure of `toolhub mcp` the user fixes from its one-line message. */
export class McpStartError extends OperatorError {}

/**
 * The running toolhub that `toolhub mcp` bridges to, from `TOOLHUB_URL` (its base URL, or its
 * `/mcp` URL) and `TOOLHUB_API_KEY`; undefined when `TOOLHUB_URL` is unset.
 */
export function runningServerOf(env: NodeJS.ProcessEnv): McpEndpoint | undefined {
  const base = env.TOOLHUB_URL?.trim();
  if (!base) return undefined;
  const url = URL.canParse(base) ? new URL(base) : undefined;
  if (url?.protocol !== 'http:' && url?.protocol !== 'https:') {
    throw new McpStartError(
      `TOOLHUB_URL must be the server's http(s) URL, e.g. http://127.0.0.1:3000 (got '${base}')`,
    );
  }
  if (!url.pathname.endsWith('/mcp')) url.pathname = `${url.pathname.replace(/\/$/u, '')}/mcp`;
  const apiKey = env.TOOLHUB_API_KEY?.trim() || undefined;
  return { url, apiKey };
}

/**
 * Fails with a message naming the fix unless the server answers and takes the key, so a desktop
 * client's log says why instead of the protocol failing later. `GET /api/tools` checks the key
 * the way `/mcp` does.
 */
export async function checkRunningServer({ url, apiKey }: McpEndpoint): Promise<void> {
  const discovery = new URL('api/tools', url);
  let response: Response;
  try {
    response = await fetch(discovery, {
      headers: apiKey ? { Authorization: `Bearer ${apiKey}` } : {},
      signal: AbortSignal.timeout(10_000),
    });
  } catch (error) {
    const reason = (error as { cause?: { code?: string } }).cause?.code ?? (error as Error).message;
    throw new McpStartError(
      `no toolhub server answers at TOOLHUB_URL=${url.origin} (${reason}): start it (npm start), ` +
        'or unset TOOLHUB_URL to open the database directly',
    );
  }
  const body = await response.text();
  if (response.status === 401) {
    throw new McpStartError(
      `the server at ${url.origin} refused TOOLHUB_API_KEY (401): set it to a valid API key ` +
        'of that server, or leave it unset for the public tools only',
    );
  }
  if (!response.ok) {
    throw new McpStartError(
      `the server at ${url.origin} answered GET /api/tools with ${response.status}: ` +
        body.slice(0, 200).replace(/\s+/gu, ' '),
    );
  }
}
