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
 * A tool input schema (a tool's `parameters`, a workflow's `input_schema`: `field` names it)
 * over one of the `TOOL_SCHEMA_MAX_*` limits.
 */
export class ToolSchemaTooLargeError extends DomainError {
  readonly code = 'TOOL_SCHEMA_TOO_LARGE';
  readonly status = 422;
  constructor(field: string, measure: string, actual: number, limit: number, variable: string) {
    super(`${field} ${measure} is ${actual}, more than the ${limit} allowed (${variable})`, {
      variable,
      limit,
      actual,
    });
  }
}

/**
 * A `pattern` (or `patternProperties` key) in a tool input schema (`field`) that the
 * linear-time engine cannot run, such as a backreference or lookaround: refused so that no
 * input can stall it.
 */
export class ToolSchemaPatternUnsupportedError extends DomainError {
  readonly code = 'TOOL_SCHEMA_PATTERN_UNSUPPORTED';
  readonly status = 422;
  constructor(field: string, path: string, pattern: string, reason: string) {
    super(`${field}${path} has pattern ${JSON.stringify(pattern)}: ${reason}`, {
      path,
      pattern,
      reason,
    });
  }
}

/**
 * A number in a tool input schema (`field`) beyond what JSON can store (such as 1e400, read
 * as Infinity): it would be stored as null, so the stored schema would not be the one
 * validated.
 */
export class ToolSchemaNumberNotFiniteError extends DomainError {
  readonly code = 'TOOL_SCHEMA_NUMBER_NOT_FINITE';
  readonly status = 422;
  constructor(field: string, path: string) {
    super(`${field}${path} is a number too large to store; use a finite number`, { path });
  }
}

/**
 * A stored tool whose `parameters` no longer pass the checks a registration passes (written by
 * an older version, or over a limit lowered since): it is not served until it is fixed.
 */
export class ToolUnavailableError extends DomainError {
  readonly code = 'TOOL_UNAVAILABLE';
  readonly status = 503;
  constructor(name: string, reason: string) {
    super(`Tool '${name}' cannot be served: ${reason}`);
  }
}

/**
 * An imported tool's name, implementation and input schema belong to its source, which syncs
 * them from the upstream: only is_active, public, requires_approval and description may be set.
 */
export class SourceManagedError extends DomainError {
  readonly code = 'SOURCE_MANAGED';
  readonly status = 409;

  static onEdit(name: string, fields: readonly string[]): SourceManagedError {
    return new SourceManagedError(
      `Tool '${name}' is imported by a tool source, which manages its ${fields.join(', ')}; ` +
        'only is_active, public, requires_approval and description can be set',
    );
  }

  static onDelete(name: string): SourceManagedError {
    return new SourceManagedError(
      `Tool '${name}' is imported by a tool source; set is_active to false, exclude it from the source or delete the source`,
    );
  }
}
