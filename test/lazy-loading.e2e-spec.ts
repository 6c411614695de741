/**
 * What the built entry points (dist/, built by `npm test`) load: `--help` none of the server's
 * modules, a start none of the libraries only some requests use (they load when first used).
 * test/support/loaded-packages.js, preloaded, lists the packages a process loaded.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runBuilt } from './support/run-built';
import { MAIN } from './support/server-process';

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
