import { type IncomingMessage } from 'node:http';

/**
 * A check of a request's line and headers, rejecting with the `DomainError` the client gets;
 * undefined when it passes at once (the common case stays free of a promise).
 */
export type EarlyRequestCheck = (request: IncomingMessage) => Promise<void> | undefined;

/**
 * Checks that run on a request before its body is read, on either adapter: a request refused
 * here (e.g. one without an API key) costs no body parsing, and its client learns what is
 * wrong with the request itself before what is wrong with its body. Features add a check for a
 * path prefix when their module starts; the longest matching prefix's check runs.
 */
export class EarlyRequestChecks {
  private rules: { prefix: string; check: EarlyRequestCheck }[] = [];

  add(prefix: string, check: EarlyRequestCheck): void {
    this.rules = [...this.rules.filter((rule) => rule.prefix !== prefix), { prefix, check }].sort(
      (a, b) => b.prefix.length - a.prefix.length,
    );
  }

  /** The check of the request's path, if any; CORS preflights (never credentialed) have none. */
  checkOf(request: IncomingMessage): EarlyRequestCheck | undefined {
    if (request.method === 'OPTIONS') return undefined;
    const url = routedPathOf(request.url ?? '/');
    return this.rules.find((rule) => isUnder(url, rule.prefix))?.check;
  }
}

/**
 * The URL as the router reads it: Fastify decodes escapes before matching, so `/%61pi/v1` is
 * `/api/v1` there and must meet the same check. Only unreserved characters are decoded; an
 * escaped `/` stays a character of its segment for the routers too.
 */
function routedPathOf(url: string): string {
  return url.includes('%')
    ? url.replace(ESCAPED_UNRESERVED, (escape) => decodeURIComponent(escape))
    : url;
}

const ESCAPED_UNRESERVED = /%(?:[46][1-9A-Fa-f]|[57][0-9Aa]|3[0-9]|2[DEde]|5[Ff]|7[Ee])/g;

/** `/api/v1/tools?x` is under `/api/v1`; `/api/v1x` is not. */
function isUnder(url: string, prefix: string): boolean {
  if (!url.startsWith(prefix)) return false;
  const next = url.charAt(prefix.length);
  return next === '' || next === '/' || next === '?';
}
