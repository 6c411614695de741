import 'reflect-metadata';
import { type DynamicModule, Module, forwardRef } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import { ConfigModule } from '@nestjs/config';
import { Type } from 'class-transformer';
import { IsIn, IsInt, Max, Min } from 'class-validator';
import { AppConfig, loadAppConfig } from './app-config';
import { provideFeatureConfig } from './feature-config.provider';
import { TRUST_NO_PROXY } from './trust-proxy';
import { ConfigValidationError, type Environment } from './validate-environment';

function configError(env: Environment): ConfigValidationError {
  try {
    loadAppConfig(env);
  } catch (error) {
    if (error instanceof ConfigValidationError) return error;
    throw error;
  }
  throw new Error('loadAppConfig did not throw');
}

describe('loadAppConfig', () => {
  it('moves only the logs to stderr for a stdio protocol, keeping everything else', () => {
    const config = loadAppConfig({ PORT: '4000', LOG_LEVEL: 'warn' });
    const onStderr = config.withLogsOnStderr();
    expect(onStderr.log).toEqual({ level: 'warn', destination: 'stderr' });
    expect(onStderr.http).toEqual(config.http);
    expect(config.log.destination).toBe('stdout');
  });

  it('uses the defaults when no variable is set', () => {
    const config = loadAppConfig({});
    expect(config).toBeInstanceOf(AppConfig);
    expect(config.http).toEqual({
      adapter: 'express',
      port: 3000,
      host: '0.0.0.0',
      maxBodyBytes: 1024 * 1024,
      maxJsonDepth: 64,
      trustProxy: TRUST_NO_PROXY,
    });
    expect(config.log).toEqual({ level: 'info', destination: 'stdout' });
  });

  it('parses every override, numbers as numbers', () => {
    const config = loadAppConfig({
      HTTP_ADAPTER: 'fastify',
      PORT: '8080',
      HOST: '127.0.0.1',
      MAX_BODY_BYTES: '2048',
      MAX_JSON_DEPTH: '16',
      LOG_LEVEL: 'debug',
      TRUST_PROXY: 'loopback',
      PUBLIC_URL: 'https://hub.example.com/',
    });
    expect(config.http).toStrictEqual({
      adapter: 'fastify',
      port: 8080,
      host: '127.0.0.1',
      maxBodyBytes: 2048,
      maxJsonDepth: 16,
      trustProxy: expect.any(Function),
      publicUrl: 'https://hub.example.com',
    });
    expect(config.http.trustProxy('127.0.0.1', 0)).toBe(true);
    expect(config.http.trustProxy('203.0.113.7', 0)).toBe(false);
    expect(config.log).toStrictEqual({ level: 'debug', destination: 'stdout' });
  });

  it('accepts the boundary values of the numeric ranges', () => {
    expect(loadAppConfig({ PORT: '0' }).http.port).toBe(0);
    expect(loadAppConfig({ PORT: '65535' }).http.port).toBe(65535);
    expect(loadAppConfig({ MAX_BODY_BYTES: '1024' }).http.maxBodyBytes).toBe(1024);
    expect(loadAppConfig({ MAX_JSON_DEPTH: '2' }).http.maxJsonDepth).toBe(2);
    expect(loadAppConfig({ MAX_JSON_DEPTH: '512' }).http.maxJsonDepth).toBe(512);
  });

  it.each(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])(
    'accepts LOG_LEVEL=%s',
    (level) => {
      expect(loadAppConfig({ LOG_LEVEL: level }).log.level).toBe(level);
    },
  );

  it('treats empty strings as unset, so every variable falls back to its default', () => {
    const config = loadAppConfig({
      HTTP_ADAPTER: '',
      PORT: '',
      HOST: '',
      MAX_BODY_BYTES: '',
      LOG_LEVEL: '',
      TRUST_PROXY: '',
    });
    expect(config).toEqual(loadAppConfig({}));
  });

  it('ignores variables it does not declare', () => {
    expect(loadAppConfig({ SOMETHING_ELSE: 'x', PATH: '/bin' })).toEqual(loadAppConfig({}));
  });

  it.each(['0.0.0.0', '::', '127.0.0.1', 'localhost', 'my_host.internal'])(
    'accepts HOST=%s',
    (host) => {
      expect(loadAppConfig({ HOST: host }).http.host).toBe(host);
    },
  );

  it.each([
    ['HOST', 'bad host!'],
    ['HOST', 'http://localhost'],
    ['PORT', 'abc'],
    ['PORT', '70000'],
    ['PORT', '-1'],
    ['PORT', '80.5'],
    ['HTTP_ADAPTER', 'koa'],
    ['HTTP_ADAPTER', 'Express'],
    ['LOG_LEVEL', 'loud'],
    ['MAX_BODY_BYTES', '10'],
    ['MAX_BODY_BYTES', '1023'],
    ['MAX_JSON_DEPTH', '1'],
    ['MAX_JSON_DEPTH', '513'],
    ['TRUST_PROXY', 'true'],
    ['TRUST_PROXY', 'loopback;10.0.0.0/8'],
    ['TRUST_PROXY', '10.0.0.0/33'],
  ])('rejects %s=%j with a ConfigValidationError naming it', (name, value) => {
    const error = configError({ [name]: value });
    expect(error).toBeInstanceOf(ConfigValidationError);
    expect(error.name).toBe('ConfigValidationError');
    expect(error.message.startsWith('Invalid configuration:')).toBe(true);
    expect(error.message).toContain(name);
    expect(error.message).toContain(`(got ${JSON.stringify(value)})`);
  });

  it('lists one problem per line, each naming the variable and the value given', () => {
    const error = configError({ LOG_LEVEL: 'loud' });
    const lines = error.message.split('\n');
    expect(lines[0]).toBe('Invalid configuration:');
    expect(lines.slice(1).length).toBeGreaterThan(0);
    for (const line of lines.slice(1)) {
      expect(line).toMatch(/^ {2}- LOG_LEVEL .* \(got "loud"\)$/);
    }
  });

  it.each([' ', '\t', '1e3', '0x50', '80.5', '-1'])(
    'rejects PORT=%j instead of reading it as some other number',
    (port) => {
      expect(configError({ PORT: port }).message).toMatch(/PORT must be a whole number/);
    },
  );

  it('says the forms TRUST_PROXY takes when it is malformed', () => {
    expect(configError({ TRUST_PROXY: 'yes' }).message).toContain(
      'TRUST_PROXY must be a number of proxies (1: the peer only), or loopback, linklocal, ' +
        'uniquelocal, IP addresses and CIDR ranges, comma-separated (got "yes")',
    );
  });

  it("says a variable's expected form: every rule it has, not only the one broken", () => {
    expect(configError({ PORT: '70000' }).message).toContain(
      'PORT must be a whole number, must not be less than 0, must not be greater than 65535 (got "70000")',
    );
  });

  it('names every bad variable in one message when several are invalid', () => {
    const error = configError({
      PORT: '70000',
      HTTP_ADAPTER: 'koa',
      HOST: 'localhost',
      LOG_LEVEL: 'info',
    });
    expect(error.message.startsWith('Invalid configuration:')).toBe(true);
    expect(error.message).toMatch(/PORT .*\(got "70000"\)/);
    expect(error.message).toMatch(/HTTP_ADAPTER .*\(got "koa"\)/);
    // Valid variables are not reported.
    expect(error.message).not.toContain('HOST');
    expect(error.message).not.toContain('LOG_LEVEL');
  });

  it('reports all four invalid variables of a fully broken environment at once', () => {
    const error = configError({
      PORT: 'abc',
      HTTP_ADAPTER: 'koa',
      LOG_LEVEL: 'loud',
      MAX_BODY_BYTES: '10',
    });
    for (const [name, value] of [
      ['PORT', 'abc'],
      ['HTTP_ADAPTER', 'koa'],
      ['LOG_LEVEL', 'loud'],
      ['MAX_BODY_BYTES', '10'],
    ]) {
      expect(error.message).toContain(`${name} `);
      expect(error.message).toContain(`(got "${value}")`);
    }
  });
});

/** A feature's own variables, as a tool module would declare them. */
class TinyFeatureConfig {
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(10)
  TINY_RETRIES = 3;

  @IsIn(['red', 'blue'])
  TINY_COLOUR = 'red';
}

async function compileFeature(env: Environment): Promise<TinyFeatureConfig> {
  const moduleRef = await Test.createTestingModule({
    imports: [
      ConfigModule.forRoot({
        ignoreEnvFile: true,
        skipProcessEnv: true,
        load: [() => ({ ...env })],
      }),
    ],
    providers: [provideFeatureConfig(TinyFeatureConfig)],
  }).compile();
  try {
    await moduleRef.init();
    return moduleRef.get(TinyFeatureConfig);
  } finally {
    await moduleRef.close();
  }
}

describe('provideFeatureConfig', () => {
  it('provides a typed instance with the defaults when nothing is set', async () => {
    const config = await compileFeature({});
    expect(config).toBeInstanceOf(TinyFeatureConfig);
    expect(config.TINY_RETRIES).toBe(3);
    expect(config.TINY_COLOUR).toBe('red');
  });

  it('provides the overrides, numbers converted to numbers', async () => {
    const config = await compileFeature({ TINY_RETRIES: '7', TINY_COLOUR: 'blue' });
    expect(config).toBeInstanceOf(TinyFeatureConfig);
    expect(config.TINY_RETRIES).toBe(7);
    expect(config.TINY_COLOUR).toBe('blue');
  });

  it('treats an empty variable as unset', async () => {
    const config = await compileFeature({ TINY_RETRIES: '', TINY_COLOUR: '' });
    expect(config.TINY_RETRIES).toBe(3);
    expect(config.TINY_COLOUR).toBe('red');
  });

  it('reads only the environment given to ConfigModule, not process.env', async () => {
    process.env.TINY_COLOUR = 'blue';
    try {
      expect((await compileFeature({})).TINY_COLOUR).toBe('red');
    } finally {
      delete process.env.TINY_COLOUR;
    }
  });

  it('stops the module from starting with a ConfigValidationError naming every bad variable', async () => {
    const start = compileFeature({ TINY_RETRIES: '99', TINY_COLOUR: 'green' });
    await expect(start).rejects.toBeInstanceOf(ConfigValidationError);
    await expect(start).rejects.toThrow(/^Invalid configuration:/);
    await expect(start).rejects.toThrow(/TINY_RETRIES .*\(got "99"\)/);
    await expect(start).rejects.toThrow(/TINY_COLOUR .*\(got "green"\)/);
  });

  it('uses the same message format as the core variables', async () => {
    const start = compileFeature({ TINY_RETRIES: 'abc' });
    await expect(start).rejects.toThrow(
      /^Invalid configuration:\n {2}- TINY_RETRIES .*\(got "abc"\)/,
    );
  });
});

describe('loadAppConfig with the modules of the app', () => {
  @Module({ providers: [provideFeatureConfig(TinyFeatureConfig)] })
  class TinyToolModule {}

  @Module({})
  class HostModule {
    static forRoot(): DynamicModule {
      return { module: HostModule, imports: [forwardRef(() => TinyToolModule)] };
    }
  }

  it('validates the core variables and those of every module it imports, in one message', () => {
    let error: unknown;
    try {
      loadAppConfig({ PORT: 'abc', TINY_COLOUR: 'green' }, [HostModule.forRoot()]);
    } catch (thrown) {
      error = thrown;
    }
    expect(error).toBeInstanceOf(ConfigValidationError);
    const lines = (error as Error).message.split('\n');
    expect(lines[0]).toBe('Invalid configuration:');
    expect(lines.slice(1)).toEqual([
      expect.stringMatching(/^ {2}- PORT must be a whole number.* \(got "abc"\)$/),
      expect.stringMatching(/^ {2}- TINY_COLOUR must be one of .* \(got "green"\)$/),
    ]);
  });

  it('finds nothing to validate in modules that declare no variables', () => {
    expect(loadAppConfig({ TINY_COLOUR: 'green' }, [ConfigModule])).toEqual(loadAppConfig({}));
  });
});
