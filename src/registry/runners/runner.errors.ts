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
