import { STATUS_CODES } from 'node:http';
import { HttpException } from '@nestjs/common';
import { DomainError } from './domain-error';
import { BadRequestError, PayloadTooLargeError, UnsupportedMediaTypeError } from './http-errors';

/** A 4xx raised by Nest, Express or Fastify that has no more specific domain error. */
export class FrameworkHttpError extends DomainError {
  readonly code: string;
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    // 408 → REQUEST_TIMEOUT, 429 → TOO_MANY_REQUESTS: the status name is the clearest code.
    this.code = (STATUS_CODES[status] ?? 'Error').toUpperCase().replace(/[^A-Z0-9]+/g, '_');
  }
}

/** The HTTP status of a non-domain error, when it carries a client-error status at all. */
export function clientErrorStatusOf(exception: unknown): number | undefined {
  let status: unknown;
  if (exception instanceof HttpException) status = exception.getStatus();
  else if (exception instanceof Error) {
    // body-parser's http-errors use `status`, Fastify's errors `statusCode`.
    const withStatus = exception as Error & { status?: unknown; statusCode?: unknown };
    status = withStatus.status ?? withStatus.statusCode;
  }
  return typeof status === 'number' && status >= 400 && status < 500 ? status : undefined;
}

export interface RequestFacts {
  contentType: string | undefined;
  bodyLimitBytes: number;
}

/** Maps a framework client error (other than 404, which needs the route table) to a domain error. */
export function fromFrameworkClientError(
  status: number,
  exception: unknown,
  request: RequestFacts,
): DomainError {
  switch (status) {
    case 413:
      return new PayloadTooLargeError(request.bodyLimitBytes);
    case 415:
      return new UnsupportedMediaTypeError(request.contentType);
    case 400:
      return new BadRequestError(exception instanceof Error ? exception.message : 'Bad request');
    default:
      return new FrameworkHttpError(
        status,
        exception instanceof Error ? exception.message : (STATUS_CODES[status] ?? 'Error'),
      );
  }
}
