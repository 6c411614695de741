import { DomainError } from './domain-error';
import { formatSize } from './format-size';

/** Failures of the HTTP layer itself, shared by every feature. */

export class RouteNotFoundError extends DomainError {
  readonly code = 'NOT_FOUND';
  readonly status = 404;
  constructor(method: string, path: string) {
    super(`Route ${method} ${path} not found`);
  }
}

export class MethodNotAllowedError extends DomainError {
  readonly code = 'METHOD_NOT_ALLOWED';
  readonly status = 405;
  constructor(
    /** Methods a client may use on the resource (without HEAD/OPTIONS), in display order. */
    private readonly allowed: readonly string[],
    /** What the `Allow` header lists: `allowed` plus the implicit HEAD and OPTIONS. */
    private readonly allowHeader: readonly string[],
  ) {
    super(`Only ${allowed.join(', ')} method${allowed.length > 1 ? 's are' : ' is'} allowed`);
  }
  override headers(): Record<string, string> {
    return { Allow: this.allowHeader.join(', ') };
  }
}

export class MissingPathParameterError extends DomainError {
  readonly code: string;
  readonly status = 400;
  constructor(parameter: string, route: string) {
    super(`${parameter} is required in the path: ${route}`);
    // `toolName` → `TOOL_NAME_REQUIRED`, the code of a tool call without a tool name.
    this.code = `${parameter.replace(/([a-z0-9])([A-Z])/g, '$1_$2').toUpperCase()}_REQUIRED`;
  }
}

export class InvalidJsonError extends DomainError {
  readonly code = 'INVALID_JSON';
  readonly status = 400;
  constructor(readonly reason: string) {
    super(`Request body is not valid JSON: ${reason}`);
  }
}

/** A malformed body on routes that answer 422 for unprocessable bodies (the `/api/v1` API). */
export class UnprocessableJsonError extends DomainError {
  readonly code = 'INVALID_JSON';
  readonly status = 422;
  constructor(reason: string) {
    super(`Request body is not valid JSON: ${reason}`, { reason });
  }
}

export class UnsupportedMediaTypeError extends DomainError {
  readonly code = 'UNSUPPORTED_MEDIA_TYPE';
  readonly status = 415;
  constructor(contentType: string | undefined) {
    super(
      `Content-Type '${contentType ?? '(none)'}' is not supported; send the body as application/json`,
    );
  }
}

export class UnsupportedContentEncodingError extends DomainError {
  readonly code = 'UNSUPPORTED_MEDIA_TYPE';
  readonly status = 415;
  constructor(encoding: string) {
    super(`Content-Encoding '${encoding}' is not supported; send the body uncompressed`);
  }
}

/** A body over the parser limit (`MAX_BODY_BYTES`); a route may answer it as its own error. */
export class PayloadTooLargeError extends DomainError {
  readonly code: string = 'PAYLOAD_TOO_LARGE';
  readonly status = 413;
  constructor(readonly limitBytes: number) {
    super(`Request body exceeds maximum size of ${formatSize(limitBytes)}`);
  }
}

export class BadRequestError extends DomainError {
  readonly code = 'BAD_REQUEST';
  readonly status = 400;
}

export class InternalError extends DomainError {
  readonly code = 'INTERNAL_ERROR';
  readonly status = 500;
  constructor() {
    super('An unexpected error occurred');
  }
}
