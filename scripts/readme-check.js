#!/usr/bin/env node
// `npm run test:readme`: runs every shell block of README.md and of the guides in docs/ as printed
// (the README first, then the guides in the order it links them: see `checkedDocuments`), against
// the built server (dist/main.js) started the way the README starts it, and checks that each step
// exits 0 and prints what the document shows under it. The server runs with a fresh home directory, so its
// default data directory (and the `initial-admin-key` the README reads there) is a new one; the
// blocks run in a folder that looks like the checkout (dist, node_modules, package.json, .npmrc) with the
// same home, one bash per step, the variables they set carried to the next. A block marked
// `<!-- readme-check: skip (why) -->` is listed, not run; `<!-- readme-check: server stopped -->`
// runs with the server stopped (the embedded database serves one process at a time).
'use strict';

const { spawn, spawnSync, execFileSync } = require('node:child_process');
const { once } = require('node:events');
const { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync } = require('node:fs');
const { createServer } = require('node:net');
const { tmpdir } = require('node:os');
const { join } = require('node:path');
const {
  assignedVariables,
  checkedDocuments,
  outputPattern,
  readmeShellBlocks,
} = require('./readme-blocks');

const ROOT = join(__dirname, '..');
const README_PORT = 3000;
const STEP_TIMEOUT_MS = 180_000;
const START_TIMEOUT_MS = 120_000;

async function main() {
  const started = Date.now();
  const port = Number(process.env.README_CHECK_PORT ?? README_PORT);
  if (!(await portIsFree(port))) {
    throw new Error(`port ${port} is in use: stop what listens there, or set README_CHECK_PORT`);
  }
  // README_CHECK_ONLY=docs/a.md,docs/b.md runs the README (which sets up what the guides use)
  // and those guides only: for writing a guide, not for CI.
  const only = process.env.README_CHECK_ONLY?.split(',');
  const documents = checkedDocuments(ROOT).filter(
    (file) => !only || file === 'README.md' || only.includes(file),
  );
  const blocks = documents.flatMap((file) =>
    readmeShellBlocks(readFileSync(join(ROOT, file), 'utf8'), file),
  );
  const variables = assignedVariables(blocks);
  const scratch = mkdtempSync(join(tmpdir(), 'toolhub-readme-'));
  const work = join(scratch, 'toolhub');
  mkdirSync(work);
  // The checkout's npm configuration (.npmrc) too: a command that npm refuses there must fail here.
  for (const entry of ['dist', 'node_modules', 'package.json', '.npmrc']) {
    symlinkSync(join(ROOT, entry), join(work, entry));
  }
  const env = environment(join(scratch, 'home'), port);
  const server = new ServerProcess(work, env, port);
  const failures = [];
  try {
    await server.start();
    for (const block of blocks) {
      if (block.mode === 'skip') {
        console.log(`skip  ${block.file}:${block.line}  ${block.reason ?? ''}`);
        continue;
      }
      if (block.mode === 'server stopped') await server.stop();
      for (const step of block.steps) {
        const failure = runStep(step, block.file, {
          work,
          env,
          port,
          variables,
          state: join(scratch, 'state'),
        });
        if (failure) failures.push(failure);
      }
      if (block.mode === 'server stopped') await server.start();
    }
  } finally {
    await server.stop();
    if (failures.length > 0) console.error(`\nserver output:\n${server.output}`);
    rmSync(scratch, { recursive: true, force: true });
  }
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  if (failures.length > 0) {
    console.error(`\n${failures.length} step(s) failed (${seconds} s):\n`);
    console.error(failures.join('\n\n'));
    process.exit(1);
  }
  console.log(`\nevery shell block of the README and the guides ran as printed (${seconds} s)`);
}

/** The user's environment, minus what would point the blocks or the server elsewhere. */
function environment(home, port) {
  const env = { ...process.env, HOME: home, HOST: '127.0.0.1', PORT: String(port) };
  for (const name of ['DATA_DIR', 'XDG_DATA_HOME', 'DATABASE_URL', 'REDIS_URL', 'SECRET_KEY']) {
    delete env[name];
  }
  for (const name of Object.keys(env)) if (name.startsWith('TOOLHUB_')) delete env[name];
  // npx reuses the packages already downloaded instead of fetching them into the new home.
  env.npm_config_cache = execFileSync('npm', ['config', 'get', 'cache'], {
    encoding: 'utf8',
  }).trim();
  mkdirSync(home);
  return env;
}

/** Runs one step in its own bash; returns a report of what went wrong, or nothing. */
function runStep(step, file, { work, env, port, variables, state }) {
  const code = step.code.join('\n').replaceAll('localhost:3000', `localhost:${port}`);
  // The trap keeps the code's own exit status (`a && b` fails without tripping set -e).
  const script = [
    `[ -f '${state}' ] && . '${state}'`,
    `trap "declare -p ${variables.join(' ')} > '${state}' 2>/dev/null || true" EXIT`,
    'set -eo pipefail',
    code,
  ].join('\n');
  const startedAt = Date.now();
  const run = spawnSync('bash', ['-c', script], {
    cwd: work,
    env,
    encoding: 'utf8',
    timeout: STEP_TIMEOUT_MS,
    maxBuffer: 64 * 1024 * 1024,
  });
  const seconds = ((Date.now() - startedAt) / 1000).toFixed(1);
  const title = `${file}:${step.line}  ${step.code.find((line) => /^[^#\s]/u.test(line)) ?? ''}`;
  const shown = step.output.length > 0 ? outputPattern(step.output) : undefined;
  const problems = [];
  if (run.status !== 0) problems.push(`exit ${run.status ?? run.signal ?? run.error?.message}`);
  if (shown && !shown.test(run.stdout)) problems.push(`the output is not what ${file} shows`);
  console.log(`${problems.length ? 'FAIL' : 'ok  '}  ${title}  (${seconds} s)`);
  if (problems.length === 0) return undefined;
  return [
    `${title}: ${problems.join('; ')}`,
    `--- code\n${code}`,
    shown && `--- ${file} shows\n${step.output.join('\n')}`,
    `--- stdout\n${run.stdout}`,
    `--- stderr\n${run.stderr}`,
  ]
    .filter(Boolean)
    .join('\n');
}

/** `node dist/main.js` as `npm start` runs it, in the work folder with the check's home. */
class ServerProcess {
  constructor(cwd, env, port) {
    Object.assign(this, { cwd, env, port, output: '', child: undefined });
  }

  async start() {
    this.child = spawn(process.execPath, [join(ROOT, 'dist', 'main.js')], {
      cwd: this.cwd,
      env: this.env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const collect = (chunk) => (this.output += chunk.toString());
    this.child.stdout.on('data', collect);
    this.child.stderr.on('data', collect);
    const deadline = Date.now() + START_TIMEOUT_MS;
    while (!(await this.answers())) {
      if (this.child.exitCode !== null) throw new Error(`the server exited:\n${this.output}`);
      if (Date.now() > deadline) throw new Error(`the server did not answer:\n${this.output}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  async answers() {
    return fetch(`http://127.0.0.1:${this.port}/health`, { signal: AbortSignal.timeout(2_000) })
      .then((response) => response.ok)
      .catch(() => false);
  }

  async stop() {
    const child = this.child;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    child.kill('SIGTERM');
    await once(child, 'exit');
  }
}

function portIsFree(port) {
  return new Promise((resolve) => {
    const probe = createServer()
      .once('error', () => resolve(false))
      .listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
  });
}

main().catch((error) => {
  console.error(`readme-check: ${error.message}`);
  process.exit(1);
});
