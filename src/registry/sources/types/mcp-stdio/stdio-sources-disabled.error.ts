import { DomainError } from '../../../../core/errors';

/**
 * An `mcp_stdio` source runs a program on the server: refused unless the operator allowed it.
 * 422: the request is well formed, but this server does not take it.
 */
export class StdioSourcesDisabledError extends DomainError {
  readonly code = 'STDIO_SOURCES_DISABLED';
  readonly status = 422;
  constructor() {
    super(
      'Sources of type mcp_stdio run a program on the server and are off here: the operator enables them with TOOL_SOURCE_STDIO=true',
    );
  }
}
