import { DomainError } from '../core/errors';

const LOOPBACK_ORIGIN = /^https?:\/\/(localhost|127\.0\.0\.1|\[::1\])(:\d+)?$/i;

export class ForbiddenOriginError extends DomainError {
  readonly code = 'FORBIDDEN_ORIGIN';
  readonly status = 403;
  constructor(origin: string) {
    super(`Origin '${origin}' is not allowed to use the MCP endpoint`);
  }
}

/**
 * The MCP transport spec requires validating `Origin` to stop DNS-rebinding attacks from web
 * pages against a local server: loopback origins plus a configured allow-list.
 */
export class OriginPolicy {
  private readonly allowAll: boolean;
  private readonly allowed: Set<string>;

  constructor(allowList: string) {
    const entries = allowList
      .split(',')
      .map((entry) => entry.trim().replace(/\/+$/, '').toLowerCase())
      .filter(Boolean);
    this.allowAll = entries.includes('*');
    this.allowed = new Set(entries);
  }

  /** Throws `ForbiddenOriginError` for a browser origin outside the policy. */
  check(origin: string | undefined): void {
    if (origin === undefined || this.allowAll || LOOPBACK_ORIGIN.test(origin)) return;
    if (!this.allowed.has(origin.toLowerCase())) throw new ForbiddenOriginError(origin);
  }
}
