import { IsIn, Max, Min } from 'class-validator';
import { type ModuleImport, featureConfigsIn } from './feature-configs';
import { HostVariable } from './host-variable.decorator';
import { IntegerVariable } from './integer-variable.decorator';
import { PublicUrlVariable, parsePublicUrl } from './public-url-variable.decorator';
import { DEFAULT_HOST, DEFAULT_PORT } from './listen-defaults';
import { type ProxyTrust, parseTrustProxy } from './trust-proxy';
import { TrustProxyVariable } from './trust-proxy-variable.decorator';
import {
  ConfigValidationError,
  type Environment,
  type VariablesClass,
  checkEnvironment,
} from './validate-environment';
import { Describe, VariableGroup } from './variable-docs.decorator';

const HTTP_ADAPTERS = ['express', 'fastify'] as const;
const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

export type HttpAdapterName = (typeof HTTP_ADAPTERS)[number];
export type LogLevel = (typeof LOG_LEVELS)[number];

/** The environment variables of the server core; features declare their own. */
@VariableGroup('Server')
export class CoreEnvironment {
  @Describe('`express` or `fastify`: the HTTP framework under the same API (Fastify is faster)')
  @IsIn(HTTP_ADAPTERS)
  HTTP_ADAPTER: HttpAdapterName = 'express';

  @Describe('Port to listen on (`0`: any free port)')
  @IntegerVariable()
  @Min(0)
  @Max(65535)
  PORT = DEFAULT_PORT;

  @Describe(
    'Interface to listen on, an IP address or host name (`0.0.0.0` every interface, `127.0.0.1` this machine only)',
  )
  @HostVariable()
  HOST = DEFAULT_HOST;

  /** Room for a JSON-escaped 50KB diagram is the least it must leave. */
  @Describe('Largest request body, in bytes (at least 1024)')
  @IntegerVariable()
  @Min(1024)
  MAX_BODY_BYTES = 1024 * 1024;

  /** The ceiling keeps every recursive step after parsing far from the stack's end. */
  @Describe(
    'Deepest nesting of arrays and objects in a JSON request body (2–512); deeper is `400 JSON_TOO_DEEP`, refused before parsing',
  )
  @IntegerVariable()
  @Min(2)
  @Max(512)
  MAX_JSON_DEPTH = 64;

  @Describe(
    '`fatal`, `error`, `warn`, `info`, `debug`, `trace` or `silent`; logs are JSON lines on stdout',
  )
  @IsIn(LOG_LEVELS)
  LOG_LEVEL: LogLevel = 'info';

  @Describe(
    "Reverse proxies whose `X-Forwarded-For` names the client (the address the key throttle counts, the access log shows and `request.ip` gives): how many there are (`1`: the connection's peer only), or `loopback`, `linklocal`, `uniquelocal`, IP addresses and CIDR ranges, comma-separated",
    { unset: 'none: `X-Forwarded-For` is ignored' },
  )
  @TrustProxyVariable()
  TRUST_PROXY = '';

  @Describe(
    'The base URL clients reach the server at (behind a proxy, the one they see): links, OAuth issuer and resource identifiers are built from it',
    { unset: '`http://localhost:<PORT>`, with the port the server listens on' },
  )
  @PublicUrlVariable()
  PUBLIC_URL = '';
}

/** Every class of variables the app in `modules` reads: the core's first, then each feature's. */
export function variableClassesOf(modules: readonly ModuleImport[]): VariablesClass[] {
  return [CoreEnvironment, ...featureConfigsIn(modules)];
}

/** The validated configuration of the server core. Nothing outside config reads process.env. */
export class AppConfig {
  constructor(
    readonly http: {
      adapter: HttpAdapterName;
      port: number;
      host: string;
      maxBodyBytes: number;
      maxJsonDepth: number;
      /** Which proxies' `X-Forwarded-For` is believed; both adapters are given this one function. */
      trustProxy: ProxyTrust;
      /** `PUBLIC_URL` without a trailing slash; unset when the server is reached where it listens. */
      publicUrl?: string;
    },
    /** `stderr` when stdout is taken by a protocol (the MCP stdio server). */
    readonly log: { level: LogLevel; destination: 'stdout' | 'stderr' },
  ) {}

  /** The same configuration, logging to stderr. */
  withLogsOnStderr(): AppConfig {
    return new AppConfig(this.http, { ...this.log, destination: 'stderr' });
  }
}

/**
 * Validates the core variables and those of every feature in the import graph of `modules`
 * together, so one `ConfigValidationError` names every invalid variable before anything starts.
 */
export function loadAppConfig(env: Environment, modules: readonly ModuleImport[] = []): AppConfig {
  const read = (name: string) => env[name];
  const { instance: core, problems } = checkEnvironment(CoreEnvironment, read);
  for (const schema of featureConfigsIn(modules)) {
    problems.push(...checkEnvironment(schema, read).problems);
  }
  if (problems.length > 0) throw new ConfigValidationError(problems);
  return new AppConfig(
    {
      adapter: core.HTTP_ADAPTER,
      port: core.PORT,
      host: core.HOST,
      maxBodyBytes: core.MAX_BODY_BYTES,
      maxJsonDepth: core.MAX_JSON_DEPTH,
      // Validated above, so it parses.
      trustProxy: parseTrustProxy(core.TRUST_PROXY) as ProxyTrust,
      publicUrl: core.PUBLIC_URL === '' ? undefined : parsePublicUrl(core.PUBLIC_URL),
    },
    { level: core.LOG_LEVEL, destination: 'stdout' },
  );
}
