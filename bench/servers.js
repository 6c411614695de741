'use strict';
// Starting, probing and stopping the servers under test, each a child process on its own
// loopback port. Every child is tracked so `killAll` can end them whatever happens.
const { spawn } = require('node:child_process');
const { randomBytes } = require('node:crypto');
const fs = require('node:fs');
const http = require('node:http');
const net = require('node:net');
const path = require('node:path');
const { setTimeout: sleep } = require('node:timers/promises');

const BENCH_SECRET_KEY = randomBytes(32).toString('base64');

const ROOT = path.resolve(__dirname, '..');
const HOST = '127.0.0.1';
const STARTUP_TIMEOUT_MS = 30_000;
const STOP_TIMEOUT_MS = 5_000;
const live = new Set();

/** A port the OS has just handed out, so almost certainly still free. */
function freePort() {
  return new Promise((resolve, reject) => {
    const probe = net.createServer().once('error', reject);
    probe.listen(0, HOST, () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

/** One HTTP request with a hard time limit; resolves `{ status, body }`. */
function request(port, { method = 'GET', path: urlPath, headers = {}, body }, timeoutMs = 2_000) {
  return new Promise((resolve, reject) => {
    const req = http.request(
      { host: HOST, port, method, path: urlPath, headers, timeout: timeoutMs, agent: false },
      (res) => {
        const chunks = [];
        res.on('data', (chunk) => chunks.push(chunk));
        res.on('end', () =>
          resolve({ status: res.statusCode, body: Buffer.concat(chunks).toString('utf8') }),
        );
        res.on('error', reject);
      },
    );
    req.on('timeout', () => req.destroy(new Error(`${method} ${urlPath} timed out`)));
    req.on('error', reject);
    req.end(body);
  });
}

function rssMb(pid) {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/^VmRSS:\s+(\d+)\s+kB/m.exec(status)?.[1]);
  return Math.round((kb / 1024) * 10) / 10;
}

/**
 * This process's environment with `overrides` applied; an override of `undefined` removes the
 * variable (e.g. DATABASE_URL for a PGlite server). LOG_LEVEL is removed, so the default applies.
 */
function childEnv(overrides = {}) {
  // Instances sharing a PostgreSQL database must share a secrets key; one per bench run.
  const env = { SECRET_KEY: BENCH_SECRET_KEY, ...process.env, ...overrides };
  delete env.LOG_LEVEL;
  for (const [name, value] of Object.entries(env)) if (value === undefined) delete env[name];
  return env;
}

/**
 * Spawns `def.script` with `def.env` (see `childEnv`) and waits for its first 200 on GET
 * /health, polling every 10 ms. Output is drained into a short tail kept for error messages,
 * so a chatty child can never block on a full pipe.
 */
async function startServer(def) {
  const port = await freePort();
  const env = childEnv({ ...def.env, PORT: String(port), HOST });
  const started = performance.now();
  const child = spawn(process.execPath, [path.join(ROOT, def.script)], {
    cwd: ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  live.add(child);
  child.once('exit', () => live.delete(child));
  let tail = '';
  const keep = (chunk) => (tail = (tail + chunk).slice(-4000));
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  const output = () => tail.trim() || '(no output)';
  const exited = new Promise((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );

  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null || !child.pid) {
      throw new Error(`${def.name} exited before it was ready. Its output:\n${output()}`);
    }
    const ok = await request(port, { path: '/health' }, 500).then(
      (res) => res.status === 200,
      () => false,
    );
    if (ok) break;
    if (performance.now() - started > STARTUP_TIMEOUT_MS) {
      child.kill('SIGKILL');
      throw new Error(`${def.name} not healthy after ${STARTUP_TIMEOUT_MS} ms:\n${output()}`);
    }
    await sleep(10);
  }
  const startupMs = Math.round(performance.now() - started);
  return {
    name: def.name,
    port,
    pid: child.pid,
    startupMs,
    rssMb: rssMb(child.pid),
    child,
    exited,
    output,
  };
}

/** SIGTERM, then SIGKILL if the server has not exited within the time limit. */
async function stopServer(server) {
  if (server.child.exitCode !== null || server.child.signalCode !== null) return server.exited;
  server.child.kill('SIGTERM');
  const timer = setTimeout(() => {
    console.error(`bench: ${server.name} ignored SIGTERM for ${STOP_TIMEOUT_MS} ms; killing it`);
    server.child.kill('SIGKILL');
  }, STOP_TIMEOUT_MS);
  const result = await server.exited;
  clearTimeout(timer);
  return result;
}

/** Synchronous, for exit and signal handlers. */
function killAll() {
  for (const child of live) child.kill('SIGKILL');
}

module.exports = { ROOT, HOST, childEnv, startServer, stopServer, killAll, request, rssMb };
