/**
 * What the built entry points (dist/, built by `npm test`) load: `--help` none of the server's
 * modules, a start none of the libraries only some requests use (they load when first used).
 * test/support/loaded-packages.js, preloaded, lists the packages a process loaded.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eventually } from './support/eventually';
import { McpClients } from './support/mcp-clients';
import { runBuilt } from './support/run-built';
import { MAIN, type ServerProcess, startServerProcess } from './support/server-process';

// Each case starts a built process; a busy machine may take long (the waits are for exits and
// files, never for a time).
jest.setTimeout(180_000);

const PRELOAD = join(__dirname, 'support', 'loaded-packages.js');

let scratch: string;

beforeAll(() => {
  scratch = mkdtempSync(join(tmpdir(), 'toolhub-loading-'));
});

afterAll(() => {
  rmSync(scratch, { recursive: true, force: true });
});

/** The environment that has a process list its packages in `file`. */
function listingPackagesIn(file: string): Record<string, string> {
  return { NODE_OPTIONS: `--require ${PRELOAD}`, LOADED_PACKAGES_FILE: file };
}

/** The packages listed; a missing list (the preload did not run) fails the test. */
function packagesListedIn(file: string): string[] {
  return readFileSync(file, 'utf8').split('\n').filter(Boolean);
}

describe('node dist/main.js --help', () => {
  test('prints the usage without loading Nest or any library of the server', async () => {
    const file = join(scratch, 'help.txt');
    const run = await runBuilt(MAIN, ['--help'], { env: listingPackagesIn(file) });
    expect(run).toMatchObject({ code: 0, stderr: '' });
    expect(run.stdout).toMatch(/^Usage: node dist\/main\.js/);
    expect(run.stdout).toMatch(/^ {2}DATA_DIR +default ~\/\.local\/share\/toolhub$/m);
    expect(packagesListedIn(file)).toEqual([]);
  });
});

/** Libraries that only some requests (or an operator's settings) need: none loads with a start. */
const LOADED_ON_FIRST_USE = [
  '@modelcontextprotocol/server',
  '@modelcontextprotocol/core',
  '@modelcontextprotocol/node',
  '@modelcontextprotocol/client',
  '@modelcontextprotocol/sdk',
  'zod',
  '@opentelemetry/sdk-node',
  '@anthropic-ai/sdk',
  'openai',
  'undici',
  '@a2a-js/sdk',
  'jose',
];

describe('a start (telemetry off)', () => {
  const clients = new McpClients();
  let server: ServerProcess;

  beforeAll(async () => {
    server = await startServerProcess(listingPackagesIn(join(scratch, 'start.txt')));
  });

  afterAll(async () => {
    await clients.closeAll();
    await server?.stop();
  });

  /** What the server has loaded so far, as the preload lists it on SIGWINCH. */
  async function loadedPackages(): Promise<string[]> {
    const list = join(scratch, 'start.txt');
    rmSync(list, { force: true });
    server.child.kill('SIGWINCH');
    return eventually('the list of loaded packages', () =>
      Promise.resolve(existsSync(list) ? packagesListedIn(list) : undefined),
    );
  }

  test('serves REST without loading the libraries only some requests use', async () => {
    const tools = await fetch(`${server.url}/api/tools`);
    expect(tools.status).toBe(200);
    const loaded = await loadedPackages();
    expect(loaded).toContain('@nestjs/core');
    expect(loaded.filter((name) => LOADED_ON_FIRST_USE.includes(name))).toEqual([]);
  });

  test('loads the MCP SDK with the first request to /mcp, and answers it', async () => {
    const { client } = await clients.connectHttp(server.url);
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name)).toContain('encodePlantUML');
    expect(await loadedPackages()).toEqual(
      expect.arrayContaining(['@modelcontextprotocol/server', 'zod']),
    );
  });
});
