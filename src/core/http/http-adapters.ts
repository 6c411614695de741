import { type IncomingMessage } from 'node:http';
import { type INestApplication } from '@nestjs/common';
import type { ExpressAdapter, NestExpressApplication } from '@nestjs/platform-express';
import type { FastifyAdapter, NestFastifyApplication } from '@nestjs/platform-fastify';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import type { NextFunction, Request, Response } from 'express';
import { type AppConfig } from '../config';
import { BadRequestError, UnsupportedMediaTypeError, toErrorEnvelope } from '../errors';
import { type CorsPolicy } from './cors';
import { type EarlyRequestChecks } from './early-request-checks';
import { requestIdOf } from './request-id';
import {
  JSON_CONTENT_TYPE,
  METHODS_WITH_BODY,
  assertUncompressedBody,
  isJsonContentType,
  isFormContentType,
  isMultipartContentType,
  parseJsonBody,
} from './json-body';
import { keepRawBody } from './raw-body';
import { invalidUtf8UrlError } from './request-url';

/**
 * Everything that differs between Express and Fastify lives in this file: adapter options,
 * CORS preflight, the URL's encoding, the checks that precede body parsing, and body parsing.
 * Both feed the same `parseJsonBody`, so every body reaches the app, or fails, the same way, and
 * feature code never sees which adapter runs. Only the configured adapter's modules are loaded
 * (the other's cost a start some 40-90 ms).
 */
export async function createHttpAdapter(
  config: AppConfig,
  cors: CorsPolicy,
  checks: EarlyRequestChecks,
): Promise<ExpressAdapter | FastifyAdapter> {
  const { adapter, maxBodyBytes } = config.http;
  switch (adapter) {
    case 'express': {
      const [{ ExpressAdapter }, { default: express }] = await Promise.all([
        import('@nestjs/platform-express'),
        import('express'),
      ]);
      const instance = express();
      // Settings first: Express reads them when its router is created, at the first `use`.
      instance.disable('x-powered-by');
      // Fastify sends no ETag; Express's costs a SHA-1 per response (a third of its throughput).
      instance.set('etag', false);
      // Fastify's routing is case-sensitive; Express's becomes so too.
      instance.enable('case sensitive routing');
      // The function Fastify gets too, so `request.ip` is the same on both.
      instance.set('trust proxy', config.http.trustProxy);
      instance.use(setResponseHeaders(cors));
      instance.options(/.*/, answerPreflight);
      instance.use(checkBeforeBody(checks));
      instance.use(
        express.raw({
          type: hasJsonBody,
          limit: maxBodyBytes,
          // Compressed bodies are refused before this (Fastify does not inflate them either).
          inflate: false,
        }),
      );
      instance.use(parseExpressBody(config.http.maxJsonDepth));
      return new ExpressAdapter(instance);
    }
    case 'fastify': {
      const { FastifyAdapter } = await import('@nestjs/platform-fastify');
      return new FastifyAdapter({
        bodyLimit: maxBodyBytes,
        trustProxy: config.http.trustProxy,
        // No Nest middleware is used (the hooks above do that work), so no middie layer.
        skipMiddie: true,
        // Express's routing is not strict about a trailing slash; neither is ours.
        routerOptions: { ignoreTrailingSlash: true, maxParamLength: 8192 },
        genReqId: requestIdOf,
        // Fastify answers a URL it cannot decode before any hook or error handler runs.
        frameworkErrors: (error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
          const failure = invalidUtf8UrlError(request.url) ?? new BadRequestError(error.message);
          void reply
            .headers(cors.responseHeaders(request.raw))
            .code(failure.status)
            .send(toErrorEnvelope(failure));
        },
      });
    }
  }
}

/** Nest's own body parsers stay off: the adapter set-up above and below does the parsing. */
// abortOnError: false lets a start-up failure reach the entry point, which prints it plainly.
export const NEST_APPLICATION_OPTIONS = { bodyParser: false, abortOnError: false } as const;

/** Fastify's part of the set-up, which needs the instance Nest created. */
export function configureFastify(
  app: INestApplication,
  config: AppConfig,
  cors: CorsPolicy,
  checks: EarlyRequestChecks,
): void {
  const fastify = (app as NestFastifyApplication).getHttpAdapter().getInstance();
  // One hook, as each one costs Fastify a step of its hook runner. Headers go through the reply,
  // not the raw response: headers set on the raw response before Fastify writes its own push
  // Node onto a slow merge path (measured: ~25 µs a request). onRequest runs before the body is
  // read; a failed check goes to the error handler.
  fastify.addHook('onRequest', (request, reply, done) => {
    cors.setResponseHeaders(request.raw, (name, value) => reply.header(name, value));
    const invalidUrl = invalidUtf8UrlError(request.url);
    if (invalidUrl) {
      done(invalidUrl);
      return;
    }
    const pending = checks.checkOf(request.raw)?.(request.raw);
    if (pending) pending.then(() => done(), done);
    else done();
  });
  fastify.options('*', (_request, reply) => {
    void reply.code(200).send();
  });
  // Only JSON is parsed; other media types get Fastify's 415, mapped to the envelope.
  fastify.removeAllContentTypeParsers();
  // Multipart and form bodies stay unread, for the handlers that read them from the Node request.
  fastify.addContentTypeParser('multipart/form-data', (_request, _payload, done) => done(null));
  fastify.addContentTypeParser('application/x-www-form-urlencoded', (_request, _payload, done) =>
    done(null),
  );
  fastify.addContentTypeParser(
    JSON_CONTENT_TYPE,
    { parseAs: 'buffer', bodyLimit: config.http.maxBodyBytes },
    (request, body, done) => {
      try {
        assertUncompressedBody(request.headers);
        keepRawBody(request.raw, body as Buffer);
        done(null, parseJsonBody(body as Buffer, { maxDepth: config.http.maxJsonDepth }));
      } catch (error) {
        done(error as Error, undefined);
      }
    },
  );
}

/** A folder of files served as they are under a path prefix. */
export interface StaticFiles {
  /** `/console`: a file `a.js` of the folder is `/console/a.js`; no index files. */
  prefix: string;
  directory: string;
  /** Headers for each file served, from its path on disk. */
  headersFor: (filePath: string) => Record<string, string>;
}

/**
 * Serves `files` on either adapter, with each adapter's own static file server (serve-static,
 * @fastify/static). A path under the prefix that names no file falls through to the app's
 * not-found answer, the JSON envelope. Directories never redirect (a redirect's body is HTML).
 */
export function serveStaticFiles(app: INestApplication, files: StaticFiles): void {
  // Both static servers hand over something with a `setHeader(name, value)`.
  const setHeaders = (
    response: { setHeader(name: string, value: string): unknown },
    filePath: string,
  ): void => {
    for (const [name, value] of Object.entries(files.headersFor(filePath)))
      response.setHeader(name, value);
  };
  if (isExpressApp(app)) {
    app.useStaticAssets(files.directory, {
      prefix: files.prefix,
      redirect: false,
      index: false,
      fallthrough: true,
      dotfiles: 'ignore',
      setHeaders,
    });
    return;
  }
  void (app as NestFastifyApplication).useStaticAssets({
    root: files.directory,
    prefix: files.prefix,
    // Swagger UI has decorated the reply already; nothing here sends files by hand.
    decorateReply: false,
    redirect: false,
    index: false,
    // `headersFor` says how long each file may be cached (serve-static lets it overwrite its own).
    cacheControl: false,
    dotfiles: 'ignore',
    setHeaders,
  });
}

export function isExpressApp(app: INestApplication): app is NestExpressApplication {
  return app.getHttpAdapter().getType() === 'express';
}

function setResponseHeaders(cors: CorsPolicy) {
  return (request: Request, response: Response, next: NextFunction): void => {
    cors.setResponseHeaders(request, (name, value) => response.setHeader(name, value));
    next();
  };
}

/**
 * What precedes body parsing, in Fastify's order, as one middleware (each one costs Express's
 * router a dispatch): a URL that is not UTF-8 is refused first, then the early check of the
 * request's path runs, then a compressed JSON body is refused.
 */
function checkBeforeBody(checks: EarlyRequestChecks) {
  return (request: Request, _response: Response, next: NextFunction): void => {
    const invalidUrl = invalidUtf8UrlError(request.url);
    if (invalidUrl) {
      next(invalidUrl);
      return;
    }
    const pending = checks.checkOf(request)?.(request);
    if (pending) pending.then(() => rejectCompressedJson(request, next), next);
    else rejectCompressedJson(request, next);
  };
}

function hasJsonBody(request: IncomingMessage): boolean {
  return (
    METHODS_WITH_BODY.has(request.method ?? '') &&
    isJsonContentType(request.headers['content-type'])
  );
}

/** Where Fastify's JSON parser would refuse a compressed body, so does this. */
function rejectCompressedJson(request: Request, next: NextFunction): void {
  try {
    if (hasJsonBody(request)) assertUncompressedBody(request.headers);
    next();
  } catch (error) {
    next(error);
  }
}

/** CORS preflight: `OPTIONS` on any path is 200; the CORS headers are already set. */
function answerPreflight(_request: Request, response: Response): void {
  response.status(200).end();
}

function parseExpressBody(maxDepth: number) {
  return (request: Request, _response: Response, next: NextFunction): void => {
    if (!METHODS_WITH_BODY.has(request.method)) {
      next();
      return;
    }
    if (Buffer.isBuffer(request.body)) {
      try {
        keepRawBody(request, request.body);
        request.body = parseJsonBody(request.body, { maxDepth });
      } catch (error) {
        next(error);
        return;
      }
    } else if (hasBody(request) && !isLeftUnread(request.headers['content-type'])) {
      next(new UnsupportedMediaTypeError(request.headers['content-type']));
      return;
    }
    next();
  };
}

/** Bodies the handlers that accept them read from the Node request themselves. */
function isLeftUnread(contentType: string | undefined): boolean {
  return isMultipartContentType(contentType) || isFormContentType(contentType);
}

function hasBody(request: Request): boolean {
  const length = Number(request.headers['content-length'] ?? 0);
  return request.headers['transfer-encoding'] !== undefined || length > 0;
}
