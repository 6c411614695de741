import { type IncomingMessage } from 'node:http';
import { requestIdOf } from './request-id';

/**
 * The base CORS policy: a public API open to every origin. Set on every response, errors included,
 * so browser clients can always read the JSON envelope.
 */
export const CORS_HEADERS: Readonly<Record<string, string>> = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Allow-Headers': 'Content-Type',
  'Access-Control-Allow-Methods': 'GET, POST, OPTIONS',
  'Access-Control-Expose-Headers': 'X-Request-Id',
  'Access-Control-Max-Age': '86400',
};

/** What browsers may send to, and read from, the paths under one prefix beyond the base. */
export interface CorsAllowance {
  requestHeaders?: readonly string[];
  exposedHeaders?: readonly string[];
  /**
   * The page origins allowed (`https://app.example.com`); every origin (`*`) when absent or
   * when the list holds `*`. Another origin gets no `Access-Control-Allow-Origin`, so its
   * browser withholds the response.
   */
  origins?: readonly string[];
}

/** Methods in the order `Access-Control-Allow-Methods` lists them. */
const METHOD_ORDER = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'];

interface Rule {
  prefix: string;
  headers: Readonly<Record<string, string>>;
  /** Undefined: any origin (`*`). */
  origins?: ReadonlySet<string>;
  /**
   * The headers that are the same on every response under the prefix, worked out once: all of
   * them, less `Access-Control-Allow-Origin` where it depends on the request's origin.
   */
  fixed: readonly (readonly [name: string, value: string])[];
}

/** Sets one response header, the adapter's way. */
export type SetHeader = (name: string, value: string) => unknown;

/**
 * The CORS headers of every response. Features add what their paths need (MCP's protocol headers,
 * `Authorization` and `Last-Event-ID` for event streams) when their module starts; once the routes
 * are known, each feature's paths also advertise every method their routes serve (`PUT`,
 * `DELETE`…). Everything else keeps the base headers exactly.
 */
export class CorsPolicy {
  private rules: Rule[] = [];

  allow(prefix: string, allowance: CorsAllowance): void {
    const current = this.ruleForPath(prefix);
    const headers = {
      ...current.headers,
      'Access-Control-Allow-Headers': mergeList(
        current.headers['Access-Control-Allow-Headers'],
        allowance.requestHeaders,
      ),
      'Access-Control-Expose-Headers': mergeList(
        current.headers['Access-Control-Expose-Headers'],
        allowance.exposedHeaders,
      ),
    };
    const origins = allowance.origins ? originSet(allowance.origins) : current.origins;
    this.replaceRule({ prefix, headers, origins });
  }

  /**
   * Adds to each feature's `Access-Control-Allow-Methods` the methods its routes serve, so a
   * browser may `PUT` and `DELETE` where the API does. Other paths keep the base methods.
   */
  advertiseMethods(methodsUnder: (prefix: string) => Iterable<string>): void {
    for (const rule of this.rules) {
      const methods = new Set([
        ...rule.headers['Access-Control-Allow-Methods'].split(', '),
        ...methodsUnder(rule.prefix),
      ]);
      // HEAD needs no preflight; listing it only adds noise.
      methods.delete('HEAD');
      const listed = METHOD_ORDER.filter((method) => methods.has(method)).join(', ');
      this.replaceRule({
        ...rule,
        headers: { ...rule.headers, 'Access-Control-Allow-Methods': listed },
      });
    }
  }

  /**
   * Sets the headers every response carries, CORS and the request id. Called for every request,
   * so it only looks the rule up and copies what was worked out when the rule was made.
   */
  setResponseHeaders(request: IncomingMessage, set: SetHeader): void {
    const rule = this.ruleForPath(request.url ?? '/');
    for (const [name, value] of rule.fixed) set(name, value);
    set('X-Request-Id', requestIdOf(request));
    if (!rule.origins) return;
    // Only a listed origin is named back; the answer depends on Origin, so caches must key on it.
    const origin = request.headers.origin;
    if (typeof origin === 'string' && rule.origins.has(origin)) {
      set('Access-Control-Allow-Origin', origin);
    }
    set('Vary', 'Origin');
  }

  /** The headers `setResponseHeaders` sets, as one object. */
  responseHeaders(request: IncomingMessage): Record<string, string> {
    const headers: Record<string, string> = {};
    this.setResponseHeaders(request, (name, value) => (headers[name] = value));
    return headers;
  }

  private replaceRule(rule: Omit<Rule, 'fixed'>): void {
    // Longest prefix first, so the most specific rule wins.
    this.rules = [
      ...this.rules.filter(({ prefix }) => prefix !== rule.prefix),
      withFixedHeaders(rule),
    ].sort((a, b) => b.prefix.length - a.prefix.length);
  }

  private ruleForPath(path: string): Rule {
    return this.rules.find((rule) => path.startsWith(rule.prefix)) ?? BASE_RULE;
  }
}

function withFixedHeaders(rule: Omit<Rule, 'fixed'>): Rule {
  const fixed = Object.entries(rule.headers).filter(
    ([name]) => !rule.origins || name !== 'Access-Control-Allow-Origin',
  );
  return { ...rule, fixed };
}

const BASE_RULE = withFixedHeaders({ prefix: '', headers: CORS_HEADERS });

function originSet(origins: readonly string[]): ReadonlySet<string> | undefined {
  return origins.includes('*') ? undefined : new Set(origins);
}

function mergeList(list: string, extra: readonly string[] = []): string {
  return [...new Set([...list.split(', '), ...extra])].join(', ');
}
