import { IsIn, IsString, Max, Min, MinLength } from 'class-validator';
import { IntegerVariable } from './integer-variable.decorator';
import { type Environment, validateEnvironment } from './validate-environment';

const HTTP_ADAPTERS = ['express', 'fastify'] as const;
const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

export type HttpAdapterName = (typeof HTTP_ADAPTERS)[number];
export type LogLevel = (typeof LOG_LEVELS)[number];

/** The environment variables of the server core; tools declare their own (see README). */
class CoreEnvironment {
  @IsIn(HTTP_ADAPTERS)
  HTTP_ADAPTER: HttpAdapterName = 'express';

  @IntegerVariable()
  @Min(0)
  @Max(65535)
  PORT = 3000;

  @IsString()
  @MinLength(1)
  HOST = '0.0.0.0';

  /** Largest request body accepted, in bytes; must leave room for a JSON-escaped 50KB diagram. */
  @IntegerVariable()
  @Min(1024)
  MAX_BODY_BYTES = 1024 * 1024;

  @IsIn(LOG_LEVELS)
  LOG_LEVEL: LogLevel = 'info';
}

/** The validated configuration of the server core. Nothing outside config reads process.env. */
export class AppConfig {
  constructor(
    readonly http: {
      adapter: HttpAdapterName;
      port: number;
      host: string;
      maxBodyBytes: number;
    },
    /** `stderr` when stdout is taken by a protocol (the MCP stdio server). */
    readonly log: { level: LogLevel; destination: 'stdout' | 'stderr' },
  ) {}

  /** The same configuration, logging to stderr. */
  withLogsOnStderr(): AppConfig {
    return new AppConfig(this.http, { ...this.log, destination: 'stderr' });
  }
}

export function loadAppConfig(env: Environment): AppConfig {
  const core = validateEnvironment(CoreEnvironment, (name) => env[name]);
  return new AppConfig(
    {
      adapter: core.HTTP_ADAPTER,
      port: core.PORT,
      host: core.HOST,
      maxBodyBytes: core.MAX_BODY_BYTES,
    },
    { level: core.LOG_LEVEL, destination: 'stdout' },
  );
}
