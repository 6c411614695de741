import { DomainError } from '../../core/errors';

/** Builtin tools are defined by the code: they can be (de)activated, not edited or deleted. */
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
      `Builtin tool '${name}' is defined by the code; only is_active and requires_approval can change`,
    );
  }
}
