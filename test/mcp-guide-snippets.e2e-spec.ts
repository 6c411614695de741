/**
 * The MCP guide's client configurations (Claude Desktop, Cursor, VS Code), parsed from
 * docs/mcp.md and used as written while the built server runs: stdio ones spawned by the SDK's
 * `StdioClientTransport` from another working directory with only the environment they name,
 * HTTP ones through its `StreamableHTTPClientTransport`. Placeholders are filled the way the
 * guide says (the toolhub folder, the first admin key from `<DATA_DIR>/initial-admin-key`), and
 * the server's port replaces 3000. Then `toolhub mcp`'s start-up failures: one line, exit 1.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { type Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import { ErrorCode, McpError } from '@modelcontextprotocol/sdk/types.js';
import { callTool, rejectionOf } from './support/mcp-clients';
import { SEED_DIAGRAM } from './support/plantuml-samples';
import { type ServerProcess, startServerProcess } from './support/server-process';
import { type TestDatabase, createTestDatabase } from './support/test-database';

const ROOT = join(__dirname, '..');
const CLI = join(ROOT, 'dist', 'cli.js');

/** A server entry of an MCP client configuration: a command to spawn, or a URL. */
interface ServerEntry {
  command?: string;
  args?: string[];
  env?: Record<string, string>;
  url?: string;
  headers?: Record<string, string>;
}

/** Every JSON block of the MCP guide that configures an MCP client, with the paragraph above it. */
function guideClientConfigs(): { heading: string; servers: Record<string, ServerEntry> }[] {
  const guide = readFileSync(join(ROOT, 'docs', 'mcp.md'), 'utf8');
  const configs = [];
  for (const match of guide.matchAll(/^```json\n([\s\S]*?)^```/gmu)) {
    const config = JSON.parse(match[1]) as {
      mcpServers?: Record<string, ServerEntry>;
      servers?: Record<string, ServerEntry>;
    };
    const servers = config.mcpServers ?? config.servers;
    if (!servers) continue;
    const before = guide.slice(0, match.index);
    const paragraph = before.trimEnd().split('\n\n').pop() ?? '';
    configs.push({ heading: paragraph.split('\n')[0], servers });
  }
  return configs;
}

const PLACEHOLDER_KEYS = ['thk_…', '${input:toolhub-key}'];

// Each test starts processes (the server once; a stdio client each) that take seconds on a busy
// machine: a bound on a failure to start, not a timed assertion.
jest.setTimeout(120_000);

describe('the MCP guide’s client configurations, as written, beside a running server', () => {
  let database: TestDatabase;
  let server: ServerProcess;
  let key: string;
  let elsewhere: string;
  let privateToolName: string;

  /** Fills what the guide tells the reader to fill; everything else stays as written. */
  const filled = (text: string) =>
    PLACEHOLDER_KEYS.reduce(
      (result, placeholder) => result.replaceAll(placeholder, key),
      text
        .replaceAll('/absolute/path/to/toolhub', ROOT)
        .replaceAll('http://localhost:3000', server.url),
    );

  function transportFor(entry: ServerEntry): Transport {
    if (entry.command) {
      return new StdioClientTransport({
        command: entry.command,
        args: entry.args?.map(filled),
        env: Object.fromEntries(
          Object.entries(entry.env ?? {}).map(([name, value]) => [name, filled(value)]),
        ),
        cwd: elsewhere,
        stderr: 'pipe',
      });
    }
    if (!entry.url) throw new Error(`neither a command nor a URL: ${JSON.stringify(entry)}`);
    return new StreamableHTTPClientTransport(new URL(filled(entry.url)), {
      requestInit: {
        headers: Object.fromEntries(
          Object.entries(entry.headers ?? {}).map(([name, value]) => [name, filled(value)]),
        ),
      },
    });
  }

  beforeAll(async () => {
    database = await createTestDatabase();
    server = await startServerProcess(database.env);
    key = readFileSync(join(database.env.DATA_DIR, 'initial-admin-key'), 'utf8').trim();
    elsewhere = mkdtempSync(join(tmpdir(), 'toolhub-elsewhere-'));
    // A private tool: only a client served by this server's database, with the key, sees it.
    privateToolName = `private_${Date.now()}`;
    const registered = await fetch(`${server.url}/api/v1/tools`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${key}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({
        name: privateToolName,
        description: 'Registered through the API, private',
        parameters: { type: 'object' },
        implementation: { type: 'http', url: 'https://tools.example.com/private' },
      }),
    });
    expect(registered.status).toBe(201);
  });

  afterAll(async () => {
    await server?.stop();
    await database?.drop();
    if (elsewhere) rmSync(elsewhere, { recursive: true, force: true });
  });

  const configs = guideClientConfigs();

  test('the guide shows a stdio configuration and an HTTP one', () => {
    const entries = configs.flatMap((config) => Object.values(config.servers));
    expect(entries.some((entry) => entry.command)).toBe(true);
    expect(entries.some((entry) => entry.url)).toBe(true);
  });

  test.each(configs.map((config) => [config.heading, config.servers] as const))(
    '%s: lists the server’s tools, private ones too, and calls them',
    async (_heading, servers) => {
      const expected = await fetch(`${server.url}/api/tools`, {
        headers: { Authorization: `Bearer ${key}` },
      }).then(async (response) => ((await response.json()) as { tools: { name: string }[] }).tools);
      for (const entry of Object.values(servers)) {
        const client = new Client({ name: 'mcp-guide-snippet', version: '1.0.0' });
        await client.connect(transportFor(entry));
        try {
          const { tools } = await client.listTools();
          expect(tools.map((tool) => tool.name)).toEqual(expected.map((tool) => tool.name));
          expect(tools.map((tool) => tool.name)).toContain(privateToolName);

          const result = await callTool(client, 'encodePlantUML', { plantumlCode: SEED_DIAGRAM });
          expect(result.isError).toBeFalsy();
          expect(result.structuredContent).toMatchObject({ format: 'svg' });

          const error = await rejectionOf(callTool(client, 'noSuchTool', {}));
          expect(error).toBeInstanceOf(McpError);
          expect((error as McpError).code).toBe(ErrorCode.InvalidParams);
        } finally {
          await client.close();
        }
      }
    },
  );

  describe('toolhub mcp failing to start: one line on stderr naming the fix, exit 1', () => {
    /** `toolhub mcp` from another directory with only `env`, stdin closed at once. */
    const runMcp = (env: Record<string, string>) =>
      new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
        const child = execFile(
          process.execPath,
          [CLI, 'mcp'],
          { cwd: elsewhere, env: { PATH: process.env.PATH ?? '', ...env } },
          (_error, stdout, stderr) => resolve({ code: child.exitCode, stdout, stderr }),
        );
        child.stdin?.end();
      });

    const expectOneLine = (
      run: Awaited<ReturnType<typeof runMcp>>,
      ...fragments: (string | RegExp)[]
    ) => {
      expect(run.code).toBe(1);
      expect(run.stdout).toBe('');
      const lines = run.stderr.split('\n').filter((line) => line !== '');
      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatch(/^toolhub mcp: /u);
      for (const fragment of fragments) expect(lines[0]).toMatch(fragment);
    };

    // Only the embedded database is locked to one process.
    const embedded = process.env.DATABASE_URL ? test.skip : test;
    embedded(
      'the server holds the data directory: use TOOLHUB_URL and TOOLHUB_API_KEY',
      async () => {
        expectOneLine(
          await runMcp({ ...database.env, LOG_LEVEL: 'info' }),
          database.env.DATA_DIR,
          'TOOLHUB_URL=http://127.0.0.1:3000',
          'TOOLHUB_API_KEY',
        );
      },
    );

    test('no server answers at TOOLHUB_URL', async () => {
      const url = new URL(server.url);
      url.port = String(Number(url.port) === 1 ? 2 : 1);
      expectOneLine(
        await runMcp({ TOOLHUB_URL: url.origin }),
        `no toolhub server answers at TOOLHUB_URL=${url.origin}`,
      );
    });

    test('the server refuses TOOLHUB_API_KEY', async () => {
      expectOneLine(
        await runMcp({ TOOLHUB_URL: server.url, TOOLHUB_API_KEY: `thk_${'x'.repeat(43)}` }),
        `the server at ${server.url} refused TOOLHUB_API_KEY (401)`,
      );
    });

    test('TOOLHUB_URL is not an http(s) URL', async () => {
      expectOneLine(await runMcp({ TOOLHUB_URL: 'localhost:3000' }), 'TOOLHUB_URL must be');
    });
  });
});
