'use strict';
// What the registry scenario needs around its load run: an API key issued by the CLI before the
// server starts (PGlite admits one process at a time), a fresh PostgreSQL database per server,
// 1,000 tools stored through the HTTP API, and the 100 sequential requests of its p95 target.
const { execFile } = require('node:child_process');
const { randomBytes } = require('node:crypto');
const http = require('node:http');
const path = require('node:path');
const { latencySummary } = require('./load');
const { ROOT, HOST, childEnv } = require('./servers');

const CLI = path.join(ROOT, 'dist', 'cli.js');

/** Runs `node dist/cli.js …args`; resolves `{ code, stdout, stderr }`, never rejects on exit code. */
function cli(args, env, timeoutMs = 30_000) {
  return new Promise((resolve, reject) => {
    execFile(
      process.execPath,
      [CLI, ...args],
      { cwd: ROOT, env, timeout: timeoutMs, maxBuffer: 1024 * 1024 },
      (error, stdout, stderr) => {
        if (error && typeof error.code !== 'number') reject(error);
        else resolve({ code: error ? error.code : 0, stdout, stderr });
      },
    );
  });
}

/** Why the CLI cannot issue keys (no `keys create` in its usage), or undefined if it can. */
async function keysUnsupported() {
  const help = await cli(['--help'], childEnv()).catch((error) => ({
    stdout: '',
    stderr: `${error}`,
  }));
  if (/keys create/.test(`${help.stdout}\n${help.stderr}`)) return undefined;
  return '`node dist/cli.js --help` lists no `keys create` command';
}

/** Issues an API key with `toolhub keys create` in the server's environment (before it starts). */
async function createApiKey(env) {
  const { code, stdout, stderr } = await cli(['keys', 'create', '--name', 'bench'], env);
  const key = stdout.trim();
  if (code !== 0 || !/^\S+$/.test(key)) {
    throw new Error(
      `\`toolhub keys create --name bench\` exited with ${code}, printing ${JSON.stringify(key)}:\n` +
        stderr.trim().slice(-2000),
    );
  }
  return key;
}

/** The PostgreSQL server the bench may use, or undefined (then the PostgreSQL runs are skipped). */
const postgresAdminUrl = () =>
  process.env.BENCH_DATABASE_URL || process.env.DATABASE_URL || undefined;

async function withClient(url, work) {
  const { Client } = require('pg');
  const client = new Client({ connectionString: url, connectionTimeoutMillis: 10_000 });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/**
 * Creates an empty database `toolhub_bench_<random>` on the server of `adminUrl`; resolves its
 * `url`, `name` and `drop()` (which ends any session still using it).
 */
async function createPostgresDatabase(adminUrl) {
  const name = `toolhub_bench_${randomBytes(5).toString('hex')}`;
  await withClient(adminUrl, (client) => client.query(`CREATE DATABASE "${name}"`));
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const drop = () =>
    withClient(adminUrl, (client) =>
      client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`),
    );
  return { name, url: url.toString(), drop };
}

/** One request on `agent`; resolves `{ status, body, ms }`. */
function timedRequest(agent, port, { method = 'GET', path: urlPath, headers = {}, body }) {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const req = http.request(
      { host: HOST, port, method, path: urlPath, headers, agent, timeout: 10_000 },
      (res) => {
        const chunks = [];
        res.on('data', (chunk) => chunks.push(chunk));
        res.on('end', () =>
          resolve({
            status: res.statusCode,
            body: Buffer.concat(chunks).toString('utf8'),
            ms: performance.now() - started,
          }),
        );
        res.on('error', reject);
      },
    );
    req.on('timeout', () => req.destroy(new Error(`${method} ${urlPath} timed out`)));
    req.on('error', reject);
    req.end(body);
  });
}

/** A tool like one a user would register: a short description and a three-field schema. */
function toolBody(i) {
  const n = String(i).padStart(4, '0');
  return JSON.stringify({
    name: `bench_tool_${n}`,
    description: `Benchmark tool ${n}: fetches a quote for a symbol from a made-up market feed`,
    parameters: {
      type: 'object',
      properties: {
        symbol: { type: 'string', description: 'Ticker symbol, e.g. ACME' },
        currency: { type: 'string', enum: ['USD', 'EUR', 'GBP'] },
        days: { type: 'integer', minimum: 1, maximum: 365 },
      },
      required: ['symbol'],
    },
  });
}

/** Stores `count` tools with POST /api/v1/tools, `concurrency` at a time; resolves the seconds taken. */
async function seedTools(port, authorization, { count, concurrency = 10 }) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: concurrency });
  const headers = { authorization, 'content-type': 'application/json' };
  const started = performance.now();
  let next = 0;
  const worker = async () => {
    while (next < count) {
      const i = next++;
      const res = await timedRequest(agent, port, {
        method: 'POST',
        path: '/api/v1/tools',
        headers,
        body: toolBody(i),
      });
      if (res.status !== 201) {
        throw new Error(`POST /api/v1/tools (tool ${i}) answered ${res.status}: ${res.body}`);
      }
    }
  };
  try {
    await Promise.all(Array.from({ length: concurrency }, worker));
  } finally {
    agent.destroy();
  }
  return Math.round((performance.now() - started) / 10) / 100;
}

/**
 * `count` requests one after another on one kept-alive connection, right after
 * seeding (no warm-up); resolves p50/p95/p99/max in ms.
 */
async function sequentialLatency(port, scenario, count = 100) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const latencies = [];
  try {
    for (let i = 0; i < count; i++) {
      const res = await timedRequest(agent, port, scenario);
      if (res.status !== 200)
        throw new Error(`${scenario.path} answered ${res.status}: ${res.body}`);
      latencies.push(res.ms);
    }
  } finally {
    agent.destroy();
  }
  return { requests: count, ...latencySummary(latencies) };
}

module.exports = {
  keysUnsupported,
  createApiKey,
  timedRequest,
  postgresAdminUrl,
  createPostgresDatabase,
  seedTools,
  sequentialLatency,
};
