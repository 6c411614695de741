/**
 * Start-up as a newcomer meets it: every configuration mistake in one message, a port in use (found
 * before anything is created) and an unusable data directory as one line naming the variable, no
 * stack trace, exit code 1; `--help` for the server and every CLI command; `.env` read from the
 * working directory without overriding the environment.
 */
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { type AddressInfo, type Server, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MAIN } from './support/server-process';
import { CLI, type Finished, STACK_LINE, runBuilt } from './support/run-built';
import { CONTRACT_ADAPTERS } from './support/test-app';

// Each case starts the built server or CLI; a busy machine may take long (the waits are for
// exits, never for a time).
jest.setTimeout(180_000);

let scratch: string;

beforeAll(() => {
  scratch = mkdtempSync(join(tmpdir(), 'toolhub-startup-'));
});

afterAll(() => {
  rmSync(scratch, { recursive: true, force: true });
});

/** The lines a process wrote to stderr, without blank ones. */
const linesOf = (output: string) => output.split('\n').filter((line) => line.trim() !== '');

describe('a configuration with many mistakes', () => {
  let run: Finished;

  beforeAll(async () => {
    // Some mistakes come from .env in the working directory, the others from the environment.
    const cwd = mkdtempSync(join(scratch, 'cwd-'));
    writeFileSync(
      join(cwd, '.env'),
      [
        '# a comment',
        'PLANTUML_SERVER_URL=not a url',
        'MAX_CODE_BYTES=lots',
        // The environment sets it too, validly: the environment wins.
        'TOOL_TIMEOUT_SECONDS=-5',
      ].join('\n'),
    );
    run = await runBuilt(MAIN, [], {
      cwd,
      env: {
        DATA_DIR: join(scratch, 'never-made'),
        PORT: 'abc',
        HOST: 'bad host!',
        TRUST_PROXY: 'true',
        MCP_ALLOWED_ORIGINS: 'nope',
        TOOL_TIMEOUT_SECONDS: '30',
        DATABASE_POOL_SIZE: '0',
        DATABASE_URL: 'mysql://toolhub:hunter2@db.internal/toolhub',
      },
    });
  });

  test('stops the server with exit code 1, nothing started and nothing logged', () => {
    expect(run.code).toBe(1);
    expect(run.stdout).toBe('');
  });

  test('names every bad variable, of the core and of each feature, in one message', () => {
    const [title, ...problems] = linesOf(run.stderr);
    expect(title).toBe('Invalid configuration:');
    const named = problems.map((line) => /^ {2}- ([A-Z_]+) /.exec(line)?.[1]);
    expect(named.sort()).toEqual(
      [
        'DATABASE_POOL_SIZE',
        'DATABASE_URL',
        'HOST',
        'MAX_CODE_BYTES',
        'MCP_ALLOWED_ORIGINS',
        'PLANTUML_SERVER_URL',
        'PORT',
        'TRUST_PROXY',
      ].sort(),
    );
  });

  test("gives each variable's expected form and the value it got, never a password", () => {
    expect(run.stderr).toContain(
      'PORT must be a whole number, must not be less than 0, must not be greater than 65535 (got "abc")',
    );
    expect(run.stderr).toMatch(/HOST must be an IP address .* or a host name \(got "bad host!"\)/);
    expect(run.stderr).toMatch(/TRUST_PROXY must be a number of proxies .*\(got "true"\)/);
    expect(run.stderr).toMatch(/MCP_ALLOWED_ORIGINS must be \* or origins.*\(got "nope"\)/);
    expect(run.stderr).toContain(
      'DATABASE_POOL_SIZE must be a whole number, must not be less than 1, must not be greater than 1000 (got "0")',
    );
    expect(run.stderr).toMatch(/MAX_CODE_BYTES must be a whole number.*\(got "lots"\)/);
    expect(run.stderr).toContain('PLANTUML_SERVER_URL must be a URL address (got "not a url")');
    expect(run.stderr).toContain('(got "mysql://toolhub:***@db.internal/toolhub")');
    expect(run.stderr).not.toContain('hunter2');
  });

  test('shows no stack trace', () => {
    expect(run.stderr).not.toMatch(STACK_LINE);
  });
});

describe('a server that cannot start where it is told to', () => {
  let blocker: Server;
  let port: number;

  beforeAll(async () => {
    blocker = createServer();
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
    port = (blocker.address() as AddressInfo).port;
  });

  afterAll(async () => {
    await new Promise((resolve) => blocker.close(resolve));
  });

  // HOST unset is every interface, which includes the loopback address the port is taken on.
  test.each([
    ...CONTRACT_ADAPTERS.map((adapter) => [adapter, { HTTP_ADAPTER: adapter, HOST: '127.0.0.1' }]),
    ['HOST unset', {}],
  ] as [string, Record<string, string>][])(
    'a port in use [%s]: one line naming PORT and HOST, exit code 1, nothing created',
    async (_case, env) => {
      const dataDir = mkdtempSync(join(scratch, 'port-in-use-'));
      const run = await runBuilt(MAIN, [], {
        env: { DATA_DIR: dataDir, PORT: String(port), ...env },
      });
      expect(run.code).toBe(1);
      expect(run.stdout).toBe('');
      expect(linesOf(run.stderr)).toEqual([
        `PORT ${port} on HOST ${env.HOST ?? '0.0.0.0'} is already in use: stop what listens there, or set PORT to a free port.`,
      ]);
      expect(`${run.stdout}${run.stderr}`).not.toMatch(STACK_LINE);
      // No database, key file or lock: the start stopped before anything was made.
      expect(readdirSync(dataDir)).toEqual([]);
    },
  );

  test('a data directory that cannot be made: one line naming DATA_DIR, exit code 1', async () => {
    const file = join(scratch, 'a-file');
    writeFileSync(file, '');
    const run = await runBuilt(MAIN, [], {
      env: { DATA_DIR: join(file, 'data'), PORT: '0', LOG_LEVEL: 'silent' },
    });
    expect(run.code).toBe(1);
    // The database, or a key file beside it, may be the first to try the directory.
    const lines = linesOf(run.stderr);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain(join(file, 'data'));
    expect(lines[0]).toContain('ENOTDIR');
    expect(lines[0]).toContain('DATA_DIR');
    expect(run.stderr).not.toMatch(STACK_LINE);
  });
});

describe('--help', () => {
  // Independent runs: together, they cost one process start.
  const runs: Record<string, Finished> = {};
  const commands: [string, string[]][] = [
    ['main --help', [MAIN, '--help']],
    ['main --port 80', [MAIN, '--port', '80']],
    ['cli --help', [CLI, '--help']],
    ['cli keys --help', [CLI, 'keys', '--help']],
    ['cli keys create --help', [CLI, 'keys', 'create', '-h']],
    ['cli mcp --help', [CLI, 'mcp', '--help']],
  ];

  beforeAll(async () => {
    // No DATA_DIR and no HOME: a run that started anything would fail instead of helping.
    const results = await Promise.all(
      commands.map(([, [script, ...args]]) =>
        runBuilt(script, args, { env: { HOME: join(scratch, 'no-home') } }),
      ),
    );
    commands.forEach(([name], i) => (runs[name] = results[i]));
  });

  test('main --help prints the usage and every variable, and exits 0 without starting', () => {
    const run = runs['main --help'];
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/^Usage: node dist\/main\.js/);
    // The variables of the core and of the features, each with its default.
    expect(run.stdout).toMatch(/^ {2}PORT +default 3000$/m);
    expect(run.stdout).toMatch(/^ {2}DATABASE_CONNECT_TIMEOUT_SECONDS +default 30$/m);
    expect(run.stdout).toMatch(/^ {2}PLANTUML_SERVER_URL +default https:/m);
    expect(run.stdout).toMatch(/^ {2}MCP_ALLOWED_ORIGINS +unset by default$/m);
    expect(run.stdout).toContain('docs/operations.md');
    expect(run.stdout).toContain('.env');
    expect(run.stdout).not.toContain('listening');
  });

  test('an argument the server does not take is refused, pointing to --help', () => {
    expect(runs['main --port 80']).toMatchObject({
      code: 1,
      stderr: 'Unknown argument --port. See node dist/main.js --help\n',
    });
  });

  test('the CLI prints every command', () => {
    const run = runs['cli --help'];
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/^ {2}toolhub mcp /m);
    expect(run.stdout).toMatch(/^ {2}toolhub keys create /m);
    expect(run.stdout).toMatch(/^ {2}toolhub keys list /m);
    expect(run.stdout).toMatch(/^ {2}toolhub keys revoke /m);
  });

  test.each(['cli keys --help', 'cli keys create --help'])(
    '%s prints the key commands and exits 0',
    (name) => {
      const run = runs[name];
      expect(run).toMatchObject({ code: 0, stderr: '' });
      expect(run.stdout).toMatch(/^Usage:\n {2}toolhub keys create --name <name>/);
      expect(run.stdout).toContain('POST /api/v1/keys');
    },
  );

  test('cli mcp --help prints the mcp command and exits 0 without serving', () => {
    const run = runs['cli mcp --help'];
    expect(run).toMatchObject({ code: 0, stderr: '' });
    expect(run.stdout).toMatch(/^Usage:\n {2}toolhub mcp /);
  });
});
