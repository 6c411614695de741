import { DomainError } from '../../core/errors';

/**
 * A tool endpoint answered more than `TOOL_MAX_RESPONSE_BYTES`: reading stopped at the limit, so
 * a runaway endpoint cannot exhaust memory. 502 like `TOOL_EXECUTION_FAILED`: the caller's
 * request is fine, the endpoint's answer is what cannot be used.
 */
export class ToolResponseTooLargeError extends DomainError {
  readonly code = 'TOOL_RESPONSE_TOO_LARGE';
  readonly status = 502;
  constructor(maxBytes: number) {
    super(
      `The tool endpoint answered more than ${maxBytes} bytes, the limit TOOL_MAX_RESPONSE_BYTES ` +
        'sets; the answer was not read further',
      { max_bytes: maxBytes },
    );
  }
}

/**
 * A registered tool's URL leads to an address tools may not reach (loopback, private,
 * link-local…) and `TOOL_URL_ALLOW` does not open it. Only the host is named, never what it
 * resolves to. 502 like `TOOL_EXECUTION_FAILED`: the caller's request is fine, the tool's
 * endpoint is what cannot be used; a 403 would tell the caller its key lacks a permission.
 */
export class ToolUrlForbiddenError extends DomainError {
  readonly code = 'TOOL_URL_FORBIDDEN';
  readonly status = 502;
  constructor(host: string, kind: string) {
    super(
      `Tool URL host '${host}' is refused: it leads to an address tools may not reach ` +
        `(${kind}) unless TOOL_URL_ALLOW allows it`,
      { host },
    );
  }
}
