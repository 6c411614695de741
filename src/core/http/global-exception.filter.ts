import {
  type ArgumentsHost,
  Catch,
  type ExceptionFilter,
  HttpException,
  Logger,
} from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import { AppConfig } from '../config';
import {
  type DomainError,
  DomainError as DomainErrorBase,
  InternalError,
  InvalidJsonError,
  PayloadTooLargeError,
  UnprocessableJsonError,
  clientErrorStatusOf,
  fromFrameworkClientError,
  toErrorEnvelope,
} from '../errors';
import { MetricsService } from '../metrics/metrics.service';
import { RouteCatalog } from './route-catalog.service';

interface RequestLike {
  headers: Record<string, string | string[] | undefined>;
}

/**
 * The one place any HTTP failure becomes a response: domain errors, Nest's and the adapters'
 * own errors (unknown route, malformed body, oversized body) and unexpected crashes all leave
 * as the `{ success: false, error: { code, message } }` envelope, or in the form of the
 * protocol a route speaks where its controller writes one (`FailureBodiesFrom`). Never an
 * HTML page.
 */
@Catch()
export class GlobalExceptionFilter implements ExceptionFilter {
  private readonly logger = new Logger('Errors');

  constructor(
    private readonly adapterHost: HttpAdapterHost,
    private readonly routes: RouteCatalog,
    private readonly config: AppConfig,
    private readonly metrics: MetricsService,
  ) {}

  catch(exception: unknown, host: ArgumentsHost): void {
    const http = host.switchToHttp();
    const request = http.getRequest<RequestLike>();
    const response = http.getResponse<unknown>();
    const adapter = this.adapterHost.httpAdapter;

    const error = this.toDomainError(exception, request);
    this.metrics.errors.inc({ code: error.code });
    if (error.status >= 500) this.logger.error(exception);

    // A streamed response (SSE) may already have started; writing a body now would corrupt it.
    if (adapter.isHeadersSent(response)) {
      adapter.end(response);
      return;
    }
    for (const [name, value] of Object.entries(error.headers())) {
      adapter.setHeader(response, name, value);
    }
    adapter.reply(response, this.bodyOf(error, request), error.status);
  }

  private bodyOf(error: DomainError, request: RequestLike): unknown {
    const { method, path } = this.routeOf(request);
    return this.routes.failureBodyWriterOf(method, path)?.(error) ?? toErrorEnvelope(error);
  }

  private toDomainError(exception: unknown, request: RequestLike): DomainError {
    if (exception instanceof InvalidJsonError) {
      const { method, path } = this.routeOf(request);
      if (this.routes.answersMalformedBodyWith422(method, path)) {
        return new UnprocessableJsonError(exception.reason);
      }
    }
    if (exception instanceof DomainErrorBase) return exception;
    const status = clientErrorStatusOf(exception);
    if (status === 404 && exception instanceof HttpException) {
      const { method, path } = this.routeOf(request);
      // The adapters' "no route" 404; a handler's own 404 keeps its message below.
      if (!this.routes.serves(method, path)) return this.routes.explainUnmatched(method, path);
    }
    if (status !== undefined) {
      const contentType = request.headers['content-type'];
      const error = fromFrameworkClientError(status, exception, {
        contentType: Array.isArray(contentType) ? contentType[0] : contentType,
        bodyLimitBytes: this.config.http.maxBodyBytes,
      });
      if (!(error instanceof PayloadTooLargeError)) return error;
      const { method, path } = this.routeOf(request);
      return this.routes.oversizedBodyErrorOf(method, path)?.(error.limitBytes) ?? error;
    }
    return new InternalError();
  }

  private routeOf(request: RequestLike): { method: string; path: string } {
    const adapter = this.adapterHost.httpAdapter;
    return {
      method: String(adapter.getRequestMethod(request)),
      path: String(adapter.getRequestUrl(request)).split('?')[0],
    };
  }
}
