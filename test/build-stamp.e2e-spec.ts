/**
 * `npm start` builds only when the build's inputs changed since the last build, whichever command
 * built it. Run in a copy of the project's npm scripts whose compiler is a stand-in that counts
 * its builds, so each case takes seconds, not a real build.
 */
import { spawnSync } from 'node:child_process';
import {
  appendFileSync,
  chmodSync,
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

// Each case runs npm a few times; a busy machine may take long.
jest.setTimeout(120_000);

const PROJECT = join(__dirname, '..');

/**
 * Stands in for `nest build`: empties dist/ as it does, leaves a server in it, and counts the
 * build; with `edit-while-building` present, a source changes while it builds.
 */
const FAKE_NEST = `#!/bin/sh
rm -rf dist && mkdir dist && : > dist/main.js
echo build >> builds.log
if [ -f edit-while-building ]; then echo '// edited' >> src/main.ts; fi
`;

let project: string;

/** Runs npm with the project's scripts, as a user would, and fails on a failed run. */
function npm(...args: string[]): void {
  const run = spawnSync('npm', args, {
    cwd: project,
    env: { PATH: process.env.PATH, HOME: process.env.HOME },
    encoding: 'utf8',
  });
  if (run.status !== 0) throw new Error(`npm ${args.join(' ')}: ${run.stdout}${run.stderr}`);
}

const builds = () => readFileSync(join(project, 'builds.log'), 'utf8').split('\n').length - 1;

beforeEach(() => {
  project = mkdtempSync(join(tmpdir(), 'toolhub-build-stamp-'));
  const { scripts } = JSON.parse(readFileSync(join(PROJECT, 'package.json'), 'utf8'));
  writeFileSync(join(project, 'package.json'), JSON.stringify({ name: 'copy', scripts }));
  cpSync(join(PROJECT, 'scripts'), join(project, 'scripts'), { recursive: true });
  // The template needs PGlite, which the copy has not; nothing here reads a database.
  writeFileSync(join(project, 'scripts', 'new-database-template.js'), '');
  const bin = join(project, 'node_modules', '.bin');
  mkdirSync(bin, { recursive: true });
  writeFileSync(join(bin, 'nest'), FAKE_NEST);
  writeFileSync(join(bin, 'vite'), '#!/bin/sh\n');
  chmodSync(join(bin, 'nest'), 0o755);
  chmodSync(join(bin, 'vite'), 0o755);
  mkdirSync(join(project, 'src'));
  writeFileSync(join(project, 'src', 'main.ts'), 'export {};\n');
  writeFileSync(join(project, 'builds.log'), '');
});

afterEach(() => rmSync(project, { recursive: true, force: true }));

test('npm start after npm run build does not build again', () => {
  npm('run', 'build');
  expect(existsSync(join(project, 'dist', '.build-inputs'))).toBe(true);
  npm('start');
  expect(builds()).toBe(1);
});

test('npm start after a source changed builds once, and not again after', () => {
  npm('run', 'build');
  appendFileSync(join(project, 'src', 'main.ts'), '// changed\n');
  npm('start');
  npm('start');
  expect(builds()).toBe(2);
});

test('a source changed while npm run build ran is built by the next npm start', () => {
  writeFileSync(join(project, 'edit-while-building'), '');
  npm('run', 'build');
  rmSync(join(project, 'edit-while-building'));
  npm('start');
  expect(builds()).toBe(2);
});
