/**
 * What the built server logs as it starts: at the default level only what an operator acts on
 * (the first admin key, the line saying where it listens, its database and data directory);
 * Nest's account of modules and routes at `debug`.
 */
import { eventually } from './support/eventually';
import { startServerProcess } from './support/server-process';
import { CONTRACT_ADAPTERS } from './support/test-app';

// Each case starts the built server; a busy machine may take long (the waits are for lines).
jest.setTimeout(120_000);

interface LogLine {
  level: number;
  msg: string;
}

const BANNER = /^toolhub listening on /;
const ADMIN_KEY = /^No API key existed: created the admin key thk_/;
const ROUTE_MAPPED = /^Mapped \{/;
const MODULE_INITIALISED = / dependencies initialized$/;

/** Every line of the output; one that is not JSON counts too, as a message of its own. */
function linesOf(output: string): LogLine[] {
  return output
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => {
      try {
        return JSON.parse(line) as LogLine;
      } catch {
        return { level: NaN, msg: line };
      }
    });
}

/** Starts the server on a new database at `LOG_LEVEL`, and what it logged up to its banner. */
async function startLog(adapter: string, logLevel: string): Promise<LogLine[]> {
  const server = await startServerProcess({ HTTP_ADAPTER: adapter, LOG_LEVEL: logLevel });
  try {
    return await eventually('the line saying where the server listens', () => {
      const lines = linesOf(server.output());
      const banner = lines.findIndex((line) => BANNER.test(line.msg));
      return Promise.resolve(banner < 0 ? undefined : lines.slice(0, banner + 1));
    });
  } finally {
    await server.stop();
  }
}

describe.each(CONTRACT_ADAPTERS)('the first start of the built server [%s]', (adapter) => {
  test('at the default level: the admin key, then where it listens, and nothing else', async () => {
    // Empty is unset: the default level.
    const lines = await startLog(adapter, '');
    expect(lines.map((line) => line.msg)).toEqual([
      expect.stringMatching(ADMIN_KEY),
      expect.stringMatching(BANNER),
    ]);
    expect(lines[1].msg).toMatch(/ · database .+ · data directory \//);
  });

  test("at debug: Nest's account of each module and route, at debug", async () => {
    const lines = await startLog(adapter, 'debug');
    const mapped = lines.filter((line) => ROUTE_MAPPED.test(line.msg));
    const initialised = lines.filter((line) => MODULE_INITIALISED.test(line.msg));
    expect(mapped.map((line) => line.msg)).toContain('Mapped {/api/tools, GET} route');
    expect(initialised.map((line) => line.msg)).toContain('AppModule dependencies initialized');
    expect(new Set([...mapped, ...initialised].map((line) => line.level))).toEqual(new Set([20]));
    expect(lines.filter((line) => ADMIN_KEY.test(line.msg))).toHaveLength(1);
  });
});
