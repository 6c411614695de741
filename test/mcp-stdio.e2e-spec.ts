/**
 * `toolhub mcp`: the built CLI (`dist/cli.js`, built by `npm test`) serving the tools over MCP's
 * stdio transport, driven by the official SDK client that spawns it the way desktop clients do,
 * from its own database or relaying to a running server (on either adapter); lines no SDK client
 * sends are written raw.
 */
import { type ChildProcess, execFile } from 'node:child_process';
import { once } from 'node:events';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import {
  CallToolResultSchema,
  EmptyResultSchema,
  ErrorCode,
  McpError,
} from '@modelcontextprotocol/sdk/types.js';
import { Client as ModernClient } from '@modelcontextprotocol/client';
import { StdioClientTransport as ModernStdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { decode } from 'plantuml-encoder';
import {
  MODERN_PROTOCOL_VERSION,
  callTool,
  listeningUrl,
  rejectionOf,
} from './support/mcp-clients';
import { SEED_DIAGRAM } from './support/plantuml-samples';
import { RawStdioSession } from './support/raw-stdio-session';
import { type TestDatabase, createTestDatabase } from './support/test-database';
import { describeHttpContract } from './support/test-app';

const CLI = join(__dirname, '..', 'dist', 'cli.js');

/**
 * Lines that are no JSON-RPC message, and what the server answers each with: JSON-RPC's error
 * of id null, written at once (before any later line is answered), or nothing for a blank line.
 */
const LINES_THAT_ARE_NO_MESSAGE: [string, string, unknown[]][] = [
  [
    'text that is not JSON',
    '{"jsonrpc": "2.0", "id": 1,',
    [unidentifiedError(ErrorCode.ParseError, expect.stringMatching(/^Parse error: ./))],
  ],
  [
    'a number',
    '42',
    [
      unidentifiedError(
        ErrorCode.InvalidRequest,
        'Invalid Request: a JSON-RPC message is an object, not a number',
      ),
    ],
  ],
  [
    'null',
    'null',
    [
      unidentifiedError(
        ErrorCode.InvalidRequest,
        'Invalid Request: a JSON-RPC message is an object, not null',
      ),
    ],
  ],
  [
    'a batch, which stdio does not carry',
    '[{"jsonrpc":"2.0","id":"in-batch","method":"ping"}]',
    [
      unidentifiedError(
        ErrorCode.InvalidRequest,
        'Invalid Request: a JSON-RPC message is an object, not an array',
      ),
    ],
  ],
  [
    'an object without jsonrpc',
    '{"id":1,"method":"ping"}',
    [unidentifiedError(ErrorCode.InvalidRequest, 'Invalid Request: jsonrpc must be "2.0"')],
  ],
  ['a blank line, which separates nothing', '  ', []],
];

function unidentifiedError(code: number, message: unknown) {
  return { jsonrpc: '2.0', id: null, error: { code, message } };
}

/**
 * The JSON-RPC errors of requests the SDK client can send, asserted the same whether the CLI
 * serves from its database or relays to a server.
 */
function requestErrorTests(client: () => Client): void {
  test('tools/call with array arguments is -32602 Invalid params, saying so', async () => {
    const error = await rejectionOf(
      client().request(
        { method: 'tools/call', params: { name: 'encodePlantUML', arguments: [SEED_DIAGRAM] } },
        CallToolResultSchema,
      ),
    );
    expect(error).toBeInstanceOf(McpError);
    expect((error as McpError).code).toBe(ErrorCode.InvalidParams);
    expect((error as McpError).message).toBe(
      'MCP error -32602: Invalid params for tools/call: arguments must be an object, not an array',
    );
  });

  test('an unknown method is -32601 Method not found', async () => {
    const error = await rejectionOf(client().request({ method: 'tools/nope' }, EmptyResultSchema));
    expect(error).toBeInstanceOf(McpError);
    expect((error as McpError).code).toBe(ErrorCode.MethodNotFound);
  });
}

/**
 * A 2026-07-28 client (the SDK v2's, pinned: no fallback to `initialize`) spawning the CLI with
 * `env()`, served the same tools and results as a 2025 client.
 */
function modernClientTests(env: () => Record<string, string>): void {
  let modern: ModernClient;

  beforeAll(async () => {
    modern = new ModernClient(
      { name: 'toolhub-stdio-modern-e2e', version: '1.0.0' },
      { versionNegotiation: { mode: { pin: MODERN_PROTOCOL_VERSION } } },
    );
    await modern.connect(
      new ModernStdioClientTransport({ command: process.execPath, args: [CLI, 'mcp'], env: env() }),
    );
  });

  afterAll(() => modern.close());

  test('a 2026-07-28 client connects in the modern era and calls a tool', async () => {
    expect(modern.getProtocolEra()).toBe('modern');
    const { tools } = await modern.listTools();
    expect(tools.map((tool) => tool.name)).toContain('encodePlantUML');
    const result = await modern.callTool({
      name: 'encodePlantUML',
      arguments: { plantumlCode: SEED_DIAGRAM },
    });
    const { encoded } = result.structuredContent as Record<string, string>;
    expect(decode(encoded)).toBe(SEED_DIAGRAM);
  });
}

/** Runs the CLI to completion with the given arguments. */
function runCli(args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = execFile(process.execPath, [CLI, ...args], (_error, stdout, stderr) =>
      resolve({ code: child.exitCode, stdout, stderr }),
    );
  });
}

describe('toolhub mcp over stdio', () => {
  let client: Client;
  let transport: StdioClientTransport;
  let child: ChildProcess | undefined;
  let stderr = '';
  let stderrEnded: Promise<unknown>;
  /** Transport errors, e.g. a line on stdout that is not a JSON-RPC message. */
  const clientErrors: Error[] = [];

  let database: TestDatabase;

  beforeAll(async () => {
    if (!existsSync(CLI))
      throw new Error(`${CLI} is missing: run 'npx nest build' (npm test does)`);
    database = await createTestDatabase();
    transport = new StdioClientTransport({
      command: process.execPath,
      args: [CLI, 'mcp'],
      // At debug, Nest's account of its start is logged: lines whose place the test checks.
      env: { LOG_LEVEL: 'debug', ...database.env },
      stderr: 'pipe',
    });
    const stderrStream = transport.stderr;
    if (!stderrStream) throw new Error('the transport did not pipe stderr');
    stderrStream.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    stderrEnded = once(stderrStream, 'end');
    client = new Client({ name: 'toolhub-stdio-e2e', version: '1.0.0' });
    client.onerror = (error) => clientErrors.push(error);
    await client.connect(transport);
    // The SDK keeps the child private; the test needs it to see how the child ends.
    child = (transport as unknown as { _process?: ChildProcess })._process;
  });

  afterAll(async () => {
    await client.close();
    await database.drop();
  });

  test('initializes with the toolhub server', () => {
    expect(client.getServerVersion()?.name).toBe('toolhub');
    expect(client.getServerCapabilities()).toMatchObject({ tools: {} });
  });

  test('lists encodePlantUML with its schema and annotations', async () => {
    const { tools, nextCursor } = await client.listTools();
    expect(nextCursor).toBeUndefined();
    const encode = tools.find((tool) => tool.name === 'encodePlantUML');
    if (!encode)
      throw new Error(`encodePlantUML is not listed: ${tools.map((t) => t.name).join(', ')}`);
    expect(encode.inputSchema.required).toEqual(['plantumlCode']);
    expect(encode.annotations).toMatchObject({ readOnlyHint: true, idempotentHint: true });
    expect(encode.outputSchema?.anyOf).toHaveLength(2);
  });

  test('a call returns the diagram URL as structured content and JSON text', async () => {
    const result = await callTool(client, 'encodePlantUML', { plantumlCode: SEED_DIAGRAM });
    expect(result.isError).toBeFalsy();
    const { url, encoded, format } = result.structuredContent as Record<string, string>;
    expect(format).toBe('svg');
    expect(url).toBe(`https://www.plantuml.com/plantuml/svg/${encoded}`);
    expect(decode(encoded)).toBe(SEED_DIAGRAM);
    expect(result.content).toEqual([
      { type: 'text', text: JSON.stringify(result.structuredContent) },
    ]);
  });

  test('an empty diagram is an EMPTY_CODE tool error result', async () => {
    const result = await callTool(client, 'encodePlantUML', { plantumlCode: '' });
    const message = 'plantumlCode is required and cannot be empty';
    expect(result).toEqual({
      isError: true,
      content: [{ type: 'text', text: `EMPTY_CODE: ${message}` }],
      structuredContent: { error: { code: 'EMPTY_CODE', message } },
    });
  });

  test('stdout carries only protocol messages; the logs go to stderr as JSON lines', () => {
    expect(clientErrors).toEqual([]);
    const lines = stderr.split('\n').filter((line) => line.trim() !== '');
    expect(lines.length).toBeGreaterThan(0);
    for (const line of lines) {
      expect(JSON.parse(line)).toMatchObject({
        level: expect.any(Number),
        msg: expect.any(String),
      });
    }
  });

  requestErrorTests(() => client);

  // Last: it ends the session the other tests use.
  test('closing the client ends the child process, which exits on its own with 0', async () => {
    expect(child).toBeDefined();
    expect(child?.exitCode).toBeNull();
    await client.close();
    await stderrEnded;
    // The SDK escalates to SIGTERM when the child does not exit on its own after stdin closes.
    expect(child?.signalCode).toBeNull();
    expect(child?.exitCode).toBe(0);
    expect(clientErrors).toEqual([]);
  });
});

describe('toolhub mcp over stdio, to a 2026-07-28 client', () => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await createTestDatabase();
  });

  afterAll(() => database.drop());

  modernClientTests(() => ({ LOG_LEVEL: 'silent', ...database.env }));
});

describe('toolhub mcp over stdio, lines that are no message', () => {
  let database: TestDatabase;
  let session: RawStdioSession;

  beforeAll(async () => {
    database = await createTestDatabase();
    session = new RawStdioSession(process.execPath, [CLI, 'mcp'], {
      LOG_LEVEL: 'silent',
      ...database.env,
    });
  });

  afterAll(async () => {
    await session.close();
    await database.drop();
  });

  test.each(LINES_THAT_ARE_NO_MESSAGE)(
    '%s: answered as JSON-RPC asks',
    async (_name, line, answers) => {
      expect(await session.answersTo(line)).toEqual(answers);
    },
  );
});

describeHttpContract('toolhub mcp over stdio, relaying to a running server', (testApp) => {
  let env: Record<string, string>;
  let client: Client;
  let session: RawStdioSession;

  beforeAll(async () => {
    env = { LOG_LEVEL: 'silent', TOOLHUB_URL: await listeningUrl(testApp()) };
    client = new Client({ name: 'toolhub-stdio-relay-e2e', version: '1.0.0' });
    await client.connect(
      new StdioClientTransport({ command: process.execPath, args: [CLI, 'mcp'], env }),
    );
    session = new RawStdioSession(process.execPath, [CLI, 'mcp'], env);
  });

  afterAll(async () => {
    await client.close();
    await session.close();
  });

  requestErrorTests(() => client);

  modernClientTests(() => env);

  test.each(LINES_THAT_ARE_NO_MESSAGE)(
    '%s: answered as JSON-RPC asks',
    async (_name, line, answers) => {
      expect(await session.answersTo(line)).toEqual(answers);
    },
  );
});

describe('toolhub CLI arguments', () => {
  type Run = Awaited<ReturnType<typeof runCli>>;
  const runs = new Map<string, Run>();
  const commands = [[], ['--help'], ['serve']];

  // The runs are independent; starting them together keeps the file fast.
  beforeAll(async () => {
    const results = await Promise.all(commands.map((args) => runCli(args)));
    commands.forEach((args, i) => runs.set(JSON.stringify(args), results[i]));
  });

  test.each([[[]], [['--help']]])('with %j it prints the usage and exits 0', (args) => {
    const run = runs.get(JSON.stringify(args));
    expect(run?.code).toBe(0);
    expect(`${run?.stdout}${run?.stderr}`).toMatch(
      /Usage:\n {2}toolhub mcp .*\n {2}toolhub keys create/,
    );
  });

  test('an unknown command prints the usage and exits 2', () => {
    const run = runs.get(JSON.stringify(['serve']));
    expect(run?.code).toBe(2);
    expect(`${run?.stdout}${run?.stderr}`).toMatch(
      /Usage:\n {2}toolhub mcp .*\n {2}toolhub keys create/,
    );
  });
});
