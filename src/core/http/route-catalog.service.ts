import {
  Injectable,
  type OnApplicationBootstrap,
  RequestMethod,
  SetMetadata,
} from '@nestjs/common';
import { METHOD_METADATA, PATH_METADATA } from '@nestjs/common/constants';
import { DiscoveryService, MetadataScanner } from '@nestjs/core';
import {
  type DomainError,
  MethodNotAllowedError,
  MissingPathParameterError,
  type PayloadTooLargeError,
  RouteNotFoundError,
} from '../errors';
import { CorsPolicy } from './cors';

interface Route {
  pattern: string;
  regex: RegExp;
  methods: Set<string>;
  /** The controller answers a malformed body with 422 (see `MalformedBodyAs422`). */
  malformedBodyAs422: boolean;
  /** How the controller writes a failure's body (see `FailureBodiesFrom`). */
  failureBody?: FailureBodyWriter;
  /** The controller's own error for a body over the parser limit (see `OversizedBodiesAs`). */
  oversizedBody?: OversizedBodyError;
  /** For a pattern ending in a parameter, that parameter and the paths it is missing from. */
  lastParameter?: { name: string; missingFrom: RegExp };
}

const MALFORMED_BODY_AS_422 = 'toolhub:malformedBodyAs422';
const FAILURE_BODY = 'toolhub:failureBody';
const OVERSIZED_BODY = 'toolhub:oversizedBody';

/**
 * Marks a controller whose routes answer a malformed JSON body with 422 instead of 400. The body
 * is parsed before routing, so the exception filter asks the route catalog which rule applies.
 */
export const MalformedBodyAs422 = (): ClassDecorator => SetMetadata(MALFORMED_BODY_AS_422, true);

/**
 * The body a failure is answered with on a route that speaks a protocol of its own, or undefined
 * where the route answers the `{ success: false, error }` envelope like every other.
 */
export type FailureBodyWriter = (error: DomainError) => unknown;

/**
 * Marks a controller whose clients read failures in its protocol's own form (MCP: JSON-RPC
 * errors). Some fail before the controller runs (a malformed body), so the exception filter asks
 * the route catalog for the writer; the status stays the error's own.
 */
export const FailureBodiesFrom = (writer: FailureBodyWriter): ClassDecorator =>
  SetMetadata(FAILURE_BODY, writer);

/** A route's own error for a body over `limitBytes`, the parser limit. */
export type OversizedBodyError = (limitBytes: number) => PayloadTooLargeError;

/**
 * Marks a controller that answers a body over the parser limit with an error of its own rather
 * than `PAYLOAD_TOO_LARGE`. The body is read before routing, so the exception filter asks the
 * route catalog.
 */
export const OversizedBodiesAs = (error: OversizedBodyError): ClassDecorator =>
  SetMetadata(OVERSIZED_BODY, error);

/** Paths whose pattern is remembered, at most. */
const PATTERN_CACHE_SIZE = 1000;

/** Display order of methods in `Allow` headers and 405 messages. */
const METHOD_ORDER = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'];

/**
 * Every controller route, read from Nest's own metadata so it is the same for both HTTP
 * adapters. It explains requests that matched nothing (405 with `Allow`, a missing path
 * parameter, or a plain 404) and labels requests by route pattern for metrics.
 */
@Injectable()
export class RouteCatalog implements OnApplicationBootstrap {
  private routes: Route[] = [];
  /** `patternOf` runs for every request; most of them ask about a few paths again and again. */
  private readonly patternCache = new Map<string, string | undefined>();

  constructor(
    private readonly discovery: DiscoveryService,
    private readonly scanner: MetadataScanner,
    private readonly cors: CorsPolicy,
  ) {}

  onApplicationBootstrap(): void {
    const byPattern = new Map<string, Route>();
    for (const wrapper of this.discovery.getControllers()) {
      const controller = wrapper.metatype as (new (...args: never[]) => unknown) | null;
      if (!controller) continue;
      const prefixes = asArray(Reflect.getMetadata(PATH_METADATA, controller) as unknown);
      const malformedBodyAs422 = Reflect.getMetadata(MALFORMED_BODY_AS_422, controller) === true;
      const failureBody = Reflect.getMetadata(FAILURE_BODY, controller) as
        FailureBodyWriter | undefined;
      const oversizedBody = Reflect.getMetadata(OVERSIZED_BODY, controller) as
        OversizedBodyError | undefined;
      const prototype = controller.prototype as Record<string, unknown>;
      for (const name of this.scanner.getAllMethodNames(prototype)) {
        const handler = prototype[name] as object;
        const method = Reflect.getMetadata(METHOD_METADATA, handler) as RequestMethod | undefined;
        if (method === undefined) continue;
        for (const prefix of prefixes) {
          for (const path of asArray(Reflect.getMetadata(PATH_METADATA, handler) as unknown)) {
            const pattern = normalize(`${prefix}/${path}`);
            const route = byPattern.get(pattern) ?? {
              pattern,
              regex: toRegex(pattern),
              lastParameter: lastParameterOf(pattern),
              methods: new Set<string>(),
              malformedBodyAs422,
              failureBody,
              oversizedBody,
            };
            expandMethod(method).forEach((m) => route.methods.add(m));
            byPattern.set(pattern, route);
          }
        }
      }
    }
    // Literal segments before parameters, so `/api/tools/x` beats `/api/tools/:name`.
    this.routes = [...byPattern.values()].sort(
      (a, b) => paramCount(a.pattern) - paramCount(b.pattern),
    );
    this.patternCache.clear();
    this.cors.advertiseMethods((prefix) => this.methodsUnder(prefix));
  }

  /** Every method served on a path that starts with `prefix`. */
  private methodsUnder(prefix: string): Set<string> {
    const base = normalize(prefix);
    return new Set(
      this.routes
        .filter(({ pattern }) => pattern === base || pattern.startsWith(`${base}/`))
        .flatMap(({ methods }) => [...methods]),
    );
  }

  /** Every `METHOD /pattern` served (HEAD left out: it follows GET), e.g. `GET /api/v1/tools/:id`. */
  endpoints(): string[] {
    return this.routes.flatMap(({ pattern, methods }) =>
      [...methods].filter((method) => method !== 'HEAD').map((method) => `${method} ${pattern}`),
    );
  }

  /** The route pattern a path belongs to (for metric labels), or undefined when none. */
  patternOf(path: string): string | undefined {
    if (this.patternCache.has(path)) return this.patternCache.get(path);
    const clean = normalize(path);
    const pattern = this.routes.find((r) => r.regex.test(clean))?.pattern;
    // Paths with ids in them are endless: a full cache starts over rather than growing.
    if (this.patternCache.size >= PATTERN_CACHE_SIZE) this.patternCache.clear();
    this.patternCache.set(path, pattern);
    return pattern;
  }

  /** Whether a handler serves `method path` (so a 404 from there is the handler's own). */
  serves(method: string, path: string): boolean {
    return this.routeServing(method, path) !== undefined;
  }

  /** The pattern of the route serving `method path` (for span names), or undefined when none. */
  patternServing(method: string, path: string): string | undefined {
    return this.routeServing(method, path)?.pattern;
  }

  /** Whether the route serving `method path` answers a malformed body with 422. */
  answersMalformedBodyWith422(method: string, path: string): boolean {
    const clean = normalize(path);
    return this.routes.some(
      (r) => r.malformedBodyAs422 && r.methods.has(method) && r.regex.test(clean),
    );
  }

  /** How the route serving `method path` writes a failure's body, if it has a form of its own. */
  failureBodyWriterOf(method: string, path: string): FailureBodyWriter | undefined {
    return this.routeServing(method, path)?.failureBody;
  }

  /** The error the route serving `method path` answers a body over the parser limit with. */
  oversizedBodyErrorOf(method: string, path: string): OversizedBodyError | undefined {
    return this.routeServing(method, path)?.oversizedBody;
  }

  private routeServing(method: string, path: string): Route | undefined {
    const clean = normalize(path);
    return this.routes.find((r) => r.methods.has(method) && r.regex.test(clean));
  }

  /** Why `method path` matched no handler, as the error the client should see. */
  explainUnmatched(method: string, path: string): DomainError {
    const clean = normalize(path);
    const route = this.routes.find((r) => r.regex.test(clean));
    const missing = this.routeMissingLastParameter(method, clean);
    // A trailing slash leaves the last segment empty (`POST /api/tools/`): its parameter is
    // missing. Without one, the path is a resource of its own, so its methods answer
    // (`POST /api/tools` is the discovery path's 405 "Only GET method is allowed").
    if (missing && (path.endsWith('/') || !route)) return missing;
    if (route && !route.methods.has(method)) return methodNotAllowed(route.methods);
    return new RouteNotFoundError(method, path);
  }

  /** `POST /api/tools/` when only `POST /api/tools/:toolName` has POST: the last parameter is missing. */
  private routeMissingLastParameter(method: string, path: string): DomainError | undefined {
    for (const { pattern, methods, lastParameter } of this.routes) {
      if (lastParameter && methods.has(method) && lastParameter.missingFrom.test(path)) {
        return new MissingPathParameterError(lastParameter.name, `${method} ${pattern}`);
      }
    }
    return undefined;
  }
}

function lastParameterOf(pattern: string): Route['lastParameter'] {
  const match = /^(.*)\/:([A-Za-z0-9_]+)$/.exec(pattern);
  return match ? { name: match[2], missingFrom: toRegex(normalize(match[1])) } : undefined;
}

function methodNotAllowed(methods: Set<string>): MethodNotAllowedError {
  const allowHeader = METHOD_ORDER.filter((m) => methods.has(m) || m === 'OPTIONS');
  const allowed = allowHeader.filter((m) => m !== 'HEAD' && m !== 'OPTIONS');
  return new MethodNotAllowedError(allowed, allowHeader);
}

function expandMethod(method: RequestMethod): string[] {
  if (method === RequestMethod.ALL) return METHOD_ORDER;
  const name = RequestMethod[method];
  // OPTIONS is answered on every path by the CORS preflight route and is always allowed.
  if (name === 'OPTIONS') return [];
  // Both adapters answer HEAD for every GET route.
  return name === 'GET' ? ['GET', 'HEAD'] : [name];
}

function asArray(value: unknown): string[] {
  if (Array.isArray(value)) return value.map(String);
  return [typeof value === 'string' ? value : '/'];
}

function normalize(path: string): string {
  const collapsed = `/${path}`.replace(/\/+/g, '/');
  return collapsed.length > 1 ? collapsed.replace(/\/$/, '') : collapsed;
}

function paramCount(pattern: string): number {
  return (pattern.match(/:/g) ?? []).length;
}

function toRegex(pattern: string): RegExp {
  const source = pattern
    .split('/')
    .map((segment) =>
      segment.startsWith(':') ? '[^/]+' : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'),
    )
    .join('/');
  return new RegExp(`^${source}$`);
}
