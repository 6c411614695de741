import { type IncomingMessage } from 'node:http';
import { requestIdOf } from './request-id';

/**
 * Seed 001's CORS policy: a public API open to every origin. Set on every response, errors
 * included, so browser clients can always read the JSON envelope.
 */
export const CORS_HEADERS: Readonly<Record<string, string>> = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Allow-Headers': 'Content-Type',
  'Access-Control-Allow-Methods': 'GET, POST, OPTIONS',
  'Access-Control-Expose-Headers': 'X-Request-Id',
  'Access-Control-Max-Age': '86400',
};

/** What browsers may send to, and read from, the paths under one prefix beyond seed 001's. */
export interface CorsAllowance {
  requestHeaders?: readonly string[];
  exposedHeaders?: readonly string[];
}

/**
 * The CORS headers of every response. Features add what their paths need (MCP's protocol
 * headers, `Authorization` and `Last-Event-ID` for event streams) when their module starts;
 * everything else keeps seed 001's headers exactly.
 */
export class CorsPolicy {
  private rules: { prefix: string; headers: Readonly<Record<string, string>> }[] = [];

  allow(prefix: string, allowance: CorsAllowance): void {
    const current = this.headersForPath(prefix);
    const merge = (list: string, extra: readonly string[] = []) =>
      [...new Set([...list.split(', '), ...extra])].join(', ');
    const headers = {
      ...current,
      'Access-Control-Allow-Headers': merge(
        current['Access-Control-Allow-Headers'],
        allowance.requestHeaders,
      ),
      'Access-Control-Expose-Headers': merge(
        current['Access-Control-Expose-Headers'],
        allowance.exposedHeaders,
      ),
    };
    // Longest prefix first, so the most specific rule wins.
    this.rules = [...this.rules.filter((rule) => rule.prefix !== prefix), { prefix, headers }].sort(
      (a, b) => b.prefix.length - a.prefix.length,
    );
  }

  /** The headers every response carries: CORS and the request id. */
  responseHeaders(request: IncomingMessage): Record<string, string> {
    return { ...this.headersForPath(request.url ?? '/'), 'X-Request-Id': requestIdOf(request) };
  }

  private headersForPath(path: string): Readonly<Record<string, string>> {
    return this.rules.find((rule) => path.startsWith(rule.prefix))?.headers ?? CORS_HEADERS;
  }
}
