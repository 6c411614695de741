import { DomainError } from '../../core/errors';

/**
 * Builtin tools are defined by the code: they can be (de)activated, shown or hidden to callers
 * without a key, not edited or deleted.
 */
export class BuiltinToolReadOnlyError extends DomainError {
  readonly code = 'BUILTIN_TOOL_READ_ONLY';
  readonly status = 409;

  static onDelete(name: string): BuiltinToolReadOnlyError {
    return new BuiltinToolReadOnlyError(
      `Builtin tool '${name}' cannot be deleted; set is_active to false to stop serving it`,
    );
  }

  static onEdit(name: string): BuiltinToolReadOnlyError {
    return new BuiltinToolReadOnlyError(
      `Builtin tool '${name}' is defined by the code; only is_active, requires_approval and public can change`,
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
