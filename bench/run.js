'use strict';
// toolhub load benchmark: the bare node:http baseline vs toolhub on Express and on Fastify, the
// registry's list with 1,000 tools stored, on PGlite and on PostgreSQL, and the agent runtime
// (scripted runs streamed over SSE, see runtime.js) on PGlite, on PostgreSQL, and on two instances
// sharing PostgreSQL and Redis.
//   npm run bench                      (builds first)
//   BENCH_DURATION=3 node bench/run.js [--enforce]
//   BENCH_ONLY=runtime node bench/run.js
// Env: BENCH_DURATION (s per run, 10), BENCH_WARMUP (s, discarded, 1), BENCH_QUIET_WAIT (longest
// wait in s for other processes to go quiet before each start and run, 60), BENCH_DATABASE_URL
// (else DATABASE_URL: a PostgreSQL server on which to create, and afterwards drop, a database
// per server for the PostgreSQL runs; neither set: those runs are skipped), BENCH_REDIS_URL (the
// Redis of the two-instance runtime run, default redis://127.0.0.1:6379; skipped if it does not
// answer), BENCH_ONLY (the parts to run, comma-separated: `http` (the autocannon scenarios),
// `runtime`, `artifacts` (tool response processing, in this process, see artifacts.js),
// `delegation` (an agent called as a tool against the same agent run directly, see
// delegation.js), `workflow` (a three-step workflow against its steps run directly, see
// workflow.js), `webhooks` (queued webhook deliveries against plain signed POSTs, see
// webhooks.js), `sources` (a call through an imported MCP tool against a direct client SDK call,
// and the sync of a 1,000-tool upstream, see sources.js), `audit` (tool calls with the audit log
// against without it, see audit.js); default all), BENCH_SCENARIOS (of the `http` part, only the scenarios named,
// comma-separated, e.g. `tool list,registry list`; default all).
// Every server gets a fresh DATA_DIR (removed afterwards), so ./data is never touched.
// Prints a Markdown report and writes the raw numbers to .bench/results.json. Exits non-zero
// if a server fails to start or answers anything but 2xx; with --enforce, also on a missed target.
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { isDeepStrictEqual } = require('node:util');
const { encoderPath } = require('./bare-server');
const { artifactsLimitS, artifactsReport, benchArtifacts } = require('./artifacts');
const { benchDelegation, delegationReport } = require('./delegation');
const { benchSources, sourcesReport } = require('./sources');
const { auditReport, benchAudit } = require('./audit');
const { benchWebhooks, webhooksReport } = require('./webhooks');
const { benchWorkflow, workflowReport } = require('./workflow');
const { waitQuiet } = require('./cpu');
const { measure, probe: probeLoad } = require('./load');
const {
  keysUnsupported,
  createApiKey,
  postgresAdminUrl,
  createPostgresDatabase,
  seedTools,
  sequentialLatency,
} = require('./registry');
const {
  runtimeServers,
  runtimeServerLimitS,
  benchRuntimeServer,
  runtimeReport,
  runtimeBusyWarnings,
  runtimeFailures,
} = require('./runtime');
const { SCENARIOS, TARGETS, RUNTIME } = require('./scenarios');
const { ROOT, childEnv, startServer, stopServer, killAll, request } = require('./servers');

const OUT_DIR = path.join(ROOT, '.bench');
const TOOLS_BODY_FILE = path.join(OUT_DIR, 'tools-body.json');

// Run order: toolhub first, because the bare server serves toolhub's real GET /api/tools body.
// `scenarios`: only these; `backend: 'postgres'`: on a fresh database of BENCH_DATABASE_URL.
const SERVERS = [
  { name: 'toolhub/express', script: 'dist/main.js', env: { HTTP_ADAPTER: 'express' } },
  { name: 'toolhub/fastify', script: 'dist/main.js', env: { HTTP_ADAPTER: 'fastify' } },
  { name: 'bare', script: 'bench/bare-server.js', env: { BENCH_TOOLS_BODY_FILE: TOOLS_BODY_FILE } },
  // A minimal Nest app per adapter: separates the framework's cost from toolhub's own.
  ...['express', 'fastify'].map((adapter) => ({
    name: `nest/${adapter}`,
    script: 'bench/bare-nest-server.js',
    env: { BENCH_TOOLS_BODY_FILE: TOOLS_BODY_FILE, HTTP_ADAPTER: adapter },
  })),
  // The registry list on PostgreSQL. Its baseline (GET /api/tools, served from memory, never
  // from the database) is taken from the same adapter's PGlite server in the same run.
  ...['express', 'fastify'].map((adapter) => ({
    name: `toolhub/${adapter}+pg`,
    script: 'dist/main.js',
    env: { HTTP_ADAPTER: adapter },
    backend: 'postgres',
    scenarios: ['registry list'],
    baselineServer: `toolhub/${adapter}`,
  })),
];
/** Share of the machine (before a start) or cores (during a run) others may use unflagged. */
const BUSY_LIMIT = 0.15;
const RETRIES = 2;
const REPORT_ORDER = [
  'bare',
  'nest/express',
  'toolhub/express',
  'toolhub/express+pg',
  'nest/fastify',
  'toolhub/fastify',
  'toolhub/fastify+pg',
];
const PARTS = [
  'http',
  'runtime',
  'artifacts',
  'delegation',
  'workflow',
  'webhooks',
  'sources',
  'audit',
];
const backendOf = (def) => (def.backend === 'postgres' ? 'PostgreSQL' : 'PGlite');
const serverDef = (name) => SERVERS.find((def) => def.name === name);

/** Made by this run and removed when it ends, however it ends. */
const dataDirs = new Set();
const databases = new Set();

function seconds(name, fallback, { allowZero = false } = {}) {
  const value = Number(process.env[name] || fallback);
  if (!(value > 0 || (allowZero && value === 0))) {
    throw new Error(
      `${name} must be a ${allowZero ? 'non-negative' : 'positive'} number of seconds`,
    );
  }
  return value;
}

const runsOn = (scenario, def) =>
  (!scenario.servers || scenario.servers.includes(def.name)) &&
  (!def.scenarios || def.scenarios.includes(scenario.name));

/** `scenario` as sent: with the server's API key, if it needs one. */
const withKey = (scenario, authorization) =>
  scenario.apiKey ? { ...scenario, headers: { ...scenario.headers, authorization } } : scenario;

/** The scenarios BENCH_SCENARIOS names, or all of them. */
function chosenScenarios() {
  const names = process.env.BENCH_SCENARIOS?.split(',').map((name) => name.trim());
  if (!names) return SCENARIOS;
  const unknown = names.filter((name) => !SCENARIOS.some((s) => s.name === name));
  if (unknown.length) throw new Error(`BENCH_SCENARIOS names no scenario ${unknown.join(', ')}`);
  return SCENARIOS.filter((s) => names.includes(s.name));
}

async function benchServer(def, settings, results, skipped) {
  const scenarios = chosenScenarios().filter((s) => runsOn(s, def) && !skipped[s.name]);
  if (scenarios.length === 0) return;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'toolhub-bench-'));
  dataDirs.add(dataDir);
  let database;
  try {
    // DATABASE_URL is the PostgreSQL runs' to set, never inherited: PGlite servers use DATA_DIR.
    const env = { ...def.env, DATA_DIR: dataDir, DATABASE_URL: undefined };
    if (def.backend === 'postgres') {
      database = await createPostgresDatabase(postgresAdminUrl());
      databases.add(database);
      env.DATABASE_URL = database.url;
      console.error(`bench: ${def.name} on the new database ${database.name}`);
    }
    // Before the server starts: the embedded database admits one process at a time.
    const authorization = scenarios.some((s) => s.apiKey)
      ? `Bearer ${await createApiKey(childEnv(env))}`
      : undefined;
    await runServer({ ...def, env }, scenarios, authorization, database, settings, results);
  } finally {
    if (database) {
      await database.drop();
      databases.delete(database);
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
    dataDirs.delete(dataDir);
  }
}

/** The scenario's `alongside` probe on its own (after a warm-up), before the load. */
async function probeAlone(port, scenario, settings) {
  const { path: probePath, rate } = scenario.alongside;
  console.error(`bench: GET ${probePath} at ${rate} req/s, unloaded (${settings.duration} s)`);
  if (settings.warmup > 0) await probeLoad({ port, ...scenario.alongside }, settings.warmup);
  return probeLoad({ port, ...scenario.alongside }, settings.duration);
}

async function runServer(def, scenarios, authorization, database, settings, results) {
  const busyBefore = await waitQuiet(BUSY_LIMIT, settings.quietWait);
  const server = await startServer(def);
  const entry = {
    backend: def.script === 'dist/main.js' ? backendOf(def) : undefined,
    busyBefore,
    startupMs: server.startupMs,
    rssMb: server.rssMb,
    scenarios: {},
  };
  results.servers[def.name] = entry;
  console.error(`bench: ${def.name} up in ${server.startupMs} ms, RSS ${server.rssMb} MB`);
  try {
    if (def.script === 'dist/main.js') {
      const tools = await request(server.port, { path: '/api/tools' });
      if (tools.status !== 200) throw new Error(`GET /api/tools answered ${tools.status}`);
      if (!fs.existsSync(TOOLS_BODY_FILE)) fs.writeFileSync(TOOLS_BODY_FILE, tools.body);
    }
    for (const scenario of scenarios) {
      const sent = withKey(scenario, authorization);
      let seeding;
      if (scenario.seedTools) {
        console.error(`bench: ${def.name} · storing ${scenario.seedTools} tools`);
        const seconds = await seedTools(server.port, authorization, { count: scenario.seedTools });
        seeding = { tools: scenario.seedTools, seconds };
      }
      // Right after seeding, before any load: what one client sees from a fresh server.
      const sequential =
        scenario.sequential && (await sequentialLatency(server.port, sent, scenario.sequential));
      // One checked request first: a scenario that cannot succeed once is not worth loading.
      const probe = await request(server.port, sent, 10_000);
      if (probe.status < 200 || probe.status > 299) {
        throw new Error(`${def.name} answered ${probe.status} to ${scenario.name}: ${probe.body}`);
      }
      if (scenario.seedTools) checkPage(def, scenario, probe.body);
      const unloaded = scenario.alongside && (await probeAlone(server.port, scenario, settings));
      // A run disturbed by other processes is repeated (up to RETRIES times); the least
      // disturbed one is kept and still flagged in the report if it was disturbed.
      let best;
      for (let attempt = 0; attempt <= RETRIES; attempt++) {
        await waitQuiet(BUSY_LIMIT, settings.quietWait);
        console.error(`bench: ${def.name} · ${scenario.name} (${settings.duration} s)`);
        const numbers = await measure(server.port, server.pid, sent, settings, {
          dbMatch: database?.name,
          alongside: scenario.alongside,
        }).catch((error) => {
          const { exitCode, signalCode } = server.child;
          if (exitCode === null && signalCode === null) throw error;
          throw new Error(
            `${def.name} exited (${exitCode ?? signalCode}) during ${scenario.name}:\n${server.output()}`,
          );
        });
        if (!best || numbers.cpuCores.other < best.cpuCores.other) best = numbers;
        if (numbers.cpuCores.other <= BUSY_LIMIT || numbers.non2xx + numbers.errors > 0) break;
        console.error(`bench: other processes used ${numbers.cpuCores.other} cores; again`);
      }
      if (unloaded) best.alongside = { unloaded, loaded: best.alongside };
      entry.scenarios[scenario.name] = { ...best, seeding, sequential, sampleResponse: probe.body };
    }
  } finally {
    const { code, signal } = await stopServer(server);
    entry.exit = { code, signal };
  }
}

/** The seeded tools must all be there, and a page must be what the path asks for. */
function checkPage(def, scenario, body) {
  const page = JSON.parse(body);
  const limit = Number(new URL(scenario.path, 'http://x').searchParams.get('limit'));
  if (!(page.total >= scenario.seedTools) || page.items?.length !== limit) {
    throw new Error(
      `${def.name}: ${scenario.path} lists ${page.items?.length} of ${page.total} tools ` +
        `after storing ${scenario.seedTools}`,
    );
  }
}

const fmt = (n, digits = 0) => (n === undefined ? '—' : n.toFixed(digits));
const ms = (n) => fmt(n, n !== undefined && n >= 100 ? 0 : 1);
/** Cores used: server (+ its PostgreSQL backends) / load generator / everything else. */
const cpu = (c) =>
  [c.db === undefined ? c.server : `${c.server.toFixed(2)}+${c.db.toFixed(2)}`, c.client, c.other]
    .map((x) => (typeof x === 'number' ? x.toFixed(2) : x))
    .join(' / ');
const bodyBytes = (s) => (s.body === undefined ? 0 : Buffer.byteLength(s.body));
const label = (s) =>
  `${s.method} ${s.path}` +
  (bodyBytes(s) > 1024 ? ` (${(bodyBytes(s) / 1024).toFixed(1)} KB)` : '');

function report(results) {
  const lines = [];
  const { meta } = results;
  lines.push(`## toolhub benchmark`, '');
  lines.push(
    `${meta.durationS} s per run after a ${meta.warmupS} s warm-up · Node ${meta.node} · ` +
      `${meta.cpus}× ${meta.cpuModel} · autocannon on the same machine (CPU columns in cores; ` +
      `+ the server's PostgreSQL backends)`,
    '',
  );
  const http = results.meta.parts.includes('http');
  if (http) lines.push(...httpLines(results));
  const runtime = results.meta.parts.includes('runtime') ? runtimeReport(results) : undefined;
  if (runtime) lines.push('', ...runtime.lines);
  if (results.artifacts) lines.push('', artifactsReport(results.artifacts));
  if (results.delegation) lines.push('', delegationReport(results.delegation));
  if (results.workflow) lines.push('', workflowReport(results.workflow));
  if (results.webhooks) lines.push('', webhooksReport(results.webhooks));
  if (results.sources) lines.push('', sourcesReport(results.sources));
  if (results.audit) lines.push('', auditReport(results.audit));

  const busy = [
    ...busyWarnings(results),
    ...(runtime ? runtimeBusyWarnings(results, BUSY_LIMIT) : []),
  ];
  if (busy.length) lines.push('', ...busy.map((w) => `⚠️ ${w}`));

  lines.push('', '### Targets', '');
  results.targets = [];
  if (http) lines.push(...httpTargetLines(results));
  for (const check of runtime?.targets ?? []) {
    if (check.skipped) {
      lines.push(`- ⏭️ ${check.label}: skipped (${check.skipped})`);
      continue;
    }
    const { label: what, op, digits, ...target } = check;
    results.targets.push(target);
    lines.push(
      `- ${check.pass ? '✅' : '❌'} ${what} ${fmt(check.value, digits)} (target ${op} ${check.limit})`,
    );
  }
  return lines.join('\n');
}

/** The autocannon scenarios: the main table, comparisons, the registry, start-up. */
function httpLines(results) {
  const lines = [];
  lines.push(
    '| server | scenario | request | conns | req/s | p50 ms | p95 ms | p99 ms | × bare | non-2xx / errors | CPU server / client / other |',
  );
  lines.push('|---|---|---|--:|--:|--:|--:|--:|--:|--:|--:|');
  for (const scenario of SCENARIOS) {
    const bare = results.servers.bare?.scenarios[scenario.name];
    for (const name of REPORT_ORDER) {
      const r = results.servers[name]?.scenarios[scenario.name];
      if (!r) continue;
      r.ratioToBare = bare ? r.reqPerSec / bare.reqPerSec : undefined;
      const bad = r.non2xx + r.errors > 0 ? ' ⚠️' : '';
      lines.push(
        `| ${name} | ${scenario.name} | \`${label(scenario)}\` | ${r.connections} | ` +
          `${fmt(r.reqPerSec)} | ${ms(r.p50Ms)} | ${ms(r.p95Ms)} | ${ms(r.p99Ms)} | ` +
          `${fmt(r.ratioToBare, 2)} | ` +
          `${r.non2xx} / ${r.errors}${bad} | ${cpu(r.cpuCores)} |`,
      );
    }
  }
  const comparisons = comparisonLines(results);
  if (comparisons.length) lines.push('', ...comparisons);
  lines.push('', ...registryLines(results));

  lines.push('', '| server | start-up ms | idle RSS MB |', '|---|--:|--:|');
  for (const name of REPORT_ORDER) {
    const s = results.servers[name];
    if (s) lines.push(`| ${name} | ${name === 'bare' ? '—' : s.startupMs} | ${fmt(s.rssMb, 1)} |`);
  }
  return lines;
}

const scenarioNamed = (name) => SCENARIOS.find((s) => s.name === name);

/** What a scenario's `alongside` probe requests, for the report. */
function alongsideLabel(name) {
  const { path: probePath, rate, connections } = scenarioNamed(name)?.alongside ?? {};
  return `GET ${probePath} at ${rate} req/s (open loop, ≤ ${connections} connections)`;
}

/** TARGETS checked; each is added to `results.targets`. */
function httpTargetLines(results) {
  const lines = [];
  for (const t of TARGETS) {
    const r = results.servers[t.server]?.scenarios[t.scenario];
    const skip = skipReason(results, t.server, t.scenario);
    if (skip) {
      lines.push(`- ⏭️ ${t.server} · ${t.scenario}: skipped (${skip})`);
      continue;
    }
    const sequentialP95 = r?.sequential?.p95Ms;
    const checks = [
      ['× bare', r?.ratioToBare, '≥', t.minRatio, (v) => v >= t.minRatio, 2],
      [
        `p95 ms of ${r?.sequential?.requests ?? ''} sequential requests`,
        sequentialP95,
        '≤',
        t.maxSequentialP95Ms,
        (v) => v <= t.maxSequentialP95Ms,
        1,
      ],
      [`p95 ms at ${r?.connections} conns`, r?.p95Ms, '≤', t.maxP95Ms, (v) => v <= t.maxP95Ms, 1],
      ['p99 ms', r?.p99Ms, '≤', t.maxP99Ms, (v) => v <= t.maxP99Ms, 0],
      [
        `req/s ÷ ${scenarioNamed(t.scenario)?.compareTo}`,
        r?.ratioToCompared,
        '≥',
        t.minComparedRatio,
        (v) => v >= t.minComparedRatio,
        2,
      ],
      ['p99 ÷ p50', r && r.p99Ms / r.p50Ms, '≤', t.maxP99OverP50, (v) => v <= t.maxP99OverP50, 1],
      [
        `${alongsideLabel(t.scenario)}: p99 alongside ÷ unloaded`,
        r?.alongside && r.alongside.loaded.p99Ms / r.alongside.unloaded.p99Ms,
        '≤',
        t.maxAlongsideRatio,
        (v) => v <= t.maxAlongsideRatio,
        2,
      ],
    ].filter(([, , , limit]) => limit !== undefined);
    for (const [what, value, op, limit, ok, digits] of checks) {
      const pass = value !== undefined && ok(value);
      results.targets.push({ server: t.server, scenario: t.scenario, what, value, limit, pass });
      lines.push(
        `- ${pass ? '✅' : '❌'} ${t.server} · ${t.scenario}: ${what} ${fmt(value, digits)} ` +
          `(target ${op} ${limit})`,
      );
    }
  }
  return lines;
}

/**
 * Scenarios with `compareTo` (MCP vs REST, registry vs in-memory list) as a ratio to that
 * scenario on the same server, or on the server's `baselineServer` when it does not run it.
 */
function comparisonLines(results) {
  const lines = [];
  for (const scenario of SCENARIOS.filter((s) => s.compareTo)) {
    for (const name of REPORT_ORDER) {
      const r = results.servers[name]?.scenarios[scenario.name];
      if (!r) continue;
      const baseName = results.servers[name].scenarios[scenario.compareTo]
        ? name
        : serverDef(name)?.baselineServer;
      const base = results.servers[baseName]?.scenarios[scenario.compareTo];
      if (!base) continue;
      r.ratioToCompared = r.reqPerSec / base.reqPerSec;
      r.comparedTo = { server: baseName, scenario: scenario.compareTo };
      lines.push(
        `- ${name}: ${scenario.name} ÷ ${scenario.compareTo}` +
          `${baseName === name ? '' : ` of ${baseName}`} = ${fmt(r.ratioToCompared, 2)} ` +
          `(${fmt(r.reqPerSec)} vs ${fmt(base.reqPerSec)} req/s)`,
      );
    }
  }
  return lines;
}

/** Why `scenario` did not run on `server` on purpose (no PostgreSQL, no `keys create`). */
function skipReason(results, server, scenario) {
  if (results.skipped.scenarios[scenario]) return results.skipped.scenarios[scenario];
  if (!results.servers[server] && results.skipped.servers[server]) {
    return results.skipped.servers[server];
  }
  return undefined;
}

/** The registry scenarios: load figures by backend, the seeding, and the sequential run. */
function registryLines(results) {
  const lines = [];
  for (const scenario of SCENARIOS.filter((s) => s.seedTools)) {
    lines.push(
      `### Registry: \`${scenario.method} ${scenario.path}\` with ` +
        `${scenario.seedTools.toLocaleString('en')} tools stored`,
      '',
    );
    const reason = results.skipped.scenarios[scenario.name];
    if (reason) {
      lines.push(`Skipped: ${reason}.`);
      continue;
    }
    lines.push(
      `| server | backend | conns | req/s | p50 ms | p95 ms | p99 ms | × ${scenario.compareTo} | ` +
        `${scenario.sequential} sequential: p50 / p95 / max ms | stored in s |`,
      '|---|---|--:|--:|--:|--:|--:|--:|--:|--:|',
    );
    for (const name of REPORT_ORDER) {
      const r = results.servers[name]?.scenarios[scenario.name];
      if (!r) continue;
      const seq = r.sequential;
      lines.push(
        `| ${name} | ${results.servers[name].backend} | ${r.connections} | ${fmt(r.reqPerSec)} | ` +
          `${ms(r.p50Ms)} | ${ms(r.p95Ms)} | ${ms(r.p99Ms)} | ${fmt(r.ratioToCompared, 2)} | ` +
          `${seq ? `${ms(seq.p50Ms)} / ${ms(seq.p95Ms)} / ${ms(seq.maxMs)}` : '—'} | ` +
          `${fmt(r.seeding?.seconds, 1)} |`,
      );
    }
    for (const name of REPORT_ORDER) {
      const alongside = results.servers[name]?.scenarios[scenario.name]?.alongside;
      if (!alongside) continue;
      const { unloaded, loaded } = alongside;
      lines.push(
        `- ${name}: ${alongsideLabel(scenario.name)}: p50 / p99 ${ms(unloaded.p50Ms)} / ` +
          `${ms(unloaded.p99Ms)} ms unloaded, ${ms(loaded.p50Ms)} / ${ms(loaded.p99Ms)} ms ` +
          `alongside the list (${fmt(loaded.p99Ms / unloaded.p99Ms, 2)}× p99)`,
      );
    }
    const skippedServers = (scenario.servers ?? [])
      .filter((name) => !results.servers[name] && results.skipped.servers[name])
      .map((name) => `${name}: skipped (${results.skipped.servers[name]})`);
    if (skippedServers.length) lines.push('', ...skippedServers.map((line) => `- ${line}`));
  }
  return lines;
}

/** Other processes using CPU make the numbers incomparable; say so in the report. */
function busyWarnings(results) {
  const warnings = [];
  for (const [name, server] of Object.entries(results.servers)) {
    if (server.busyBefore > BUSY_LIMIT) {
      const pct = Math.round(server.busyBefore * 100);
      warnings.push(`machine ${pct}% busy before ${name} started: its start-up time is unreliable`);
    }
    for (const [scenario, r] of Object.entries(server.scenarios)) {
      if (r.cpuCores.other > BUSY_LIMIT) {
        warnings.push(
          `other processes used ${r.cpuCores.other} cores during ${name} · ${scenario}: not comparable`,
        );
      }
    }
  }
  return warnings;
}

const parse = (text) => {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
};

/** Toolhub and bare should answer each scenario with the same JSON; say so if not. */
function mismatches(results) {
  const notes = [];
  // Seeded scenarios answer with ids and times of each server's own.
  for (const scenario of SCENARIOS.filter((s) => !s.seedTools)) {
    const bodies = REPORT_ORDER.map((name) => [
      name,
      results.servers[name]?.scenarios[scenario.name]?.sampleResponse,
    ]).filter(([, body]) => body !== undefined);
    for (const [name, body] of bodies.slice(1)) {
      if (!isDeepStrictEqual(parse(body), parse(bodies[0][1]))) {
        notes.push(`note: ${name} answers ${scenario.name} differently from ${bodies[0][0]}`);
      }
    }
  }
  return notes;
}

async function main() {
  const enforce = process.argv.includes('--enforce');
  const settings = {
    duration: seconds('BENCH_DURATION', 10),
    warmup: seconds('BENCH_WARMUP', 1, { allowZero: true }),
    // Longest wait for other processes to go quiet before each start and each run.
    quietWait: seconds('BENCH_QUIET_WAIT', 60, { allowZero: true }),
  };
  const parts = (process.env.BENCH_ONLY || PARTS.join(','))
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
  const unknown = parts.filter((part) => !PARTS.includes(part));
  if (unknown.length || parts.length === 0) {
    throw new Error(`BENCH_ONLY must list some of ${PARTS.join(', ')}; got ${unknown.join(', ')}`);
  }
  if (!fs.existsSync(path.join(ROOT, 'dist', 'main.js'))) {
    throw new Error('dist/main.js not found; run `npm run build` first');
  }
  chosenScenarios(); // fail now on a misspelt name, not after the first server
  encoderPath(); // fail now, not after the toolhub runs, if the bare server cannot start
  fs.mkdirSync(OUT_DIR, { recursive: true });
  fs.rmSync(TOOLS_BODY_FILE, { force: true });

  // What cannot run here is skipped, and said so in the report.
  const skipped = { scenarios: {}, servers: {}, runtime: {} };
  const noKeys = await keysUnsupported();
  for (const scenario of SCENARIOS.filter((s) => s.apiKey && noKeys)) {
    skipped.scenarios[scenario.name] = `it needs an API key, and ${noKeys}`;
  }
  const servers = parts.includes('http')
    ? SERVERS.filter((def) => def.backend !== 'postgres' || postgresAdminUrl())
    : [];
  for (const def of SERVERS.filter((d) => parts.includes('http') && !servers.includes(d))) {
    skipped.servers[def.name] = 'set BENCH_DATABASE_URL';
  }
  let runtime = { servers: [] };
  if (parts.includes('runtime')) {
    runtime = await runtimeServers();
    Object.assign(skipped.runtime, runtime.skipped);
    if (noKeys) {
      for (const def of runtime.servers)
        skipped.runtime[def.name] = `it needs an API key, and ${noKeys}`;
      runtime.servers = [];
    }
  }
  for (const reason of new Set([
    ...Object.values(skipped.scenarios),
    ...Object.values(skipped.servers),
    ...Object.values(skipped.runtime),
  ])) {
    console.error(`bench: skipping a part: ${reason}`);
  }

  // Everything is time-bound: each run by load.js, start and stop by servers.js, seeding by
  // its requests' time limit, and the whole bench by this watchdog (which kills any child
  // still running and drops the databases this run made).
  const perRunS = settings.duration + settings.warmup + settings.quietWait + 22;
  const perServerS = 100 + settings.quietWait + SCENARIOS.length * (RETRIES + 1) * perRunS;
  const runtimeS = runtime.servers.length * runtimeServerLimitS(settings);
  const artifactsS = parts.includes('artifacts') ? artifactsLimitS(settings) : 0;
  const delegationS = parts.includes('delegation') ? 2 * settings.duration + 180 : 0;
  const workflowS = parts.includes('workflow') ? 2 * settings.duration + 180 : 0;
  const webhooksS = parts.includes('webhooks') ? settings.duration + settings.quietWait + 240 : 0;
  // The syncs, then four ways of calling, each for the whole duration.
  const sourcesS = parts.includes('sources') ? 4 * settings.duration + settings.quietWait + 420 : 0;
  // Two servers started, then both ways for the whole duration.
  const auditS = parts.includes('audit') ? 2 * settings.duration + settings.quietWait + 180 : 0;
  setTimeout(
    () => {
      console.error('bench: overall time limit exceeded');
      void exitAfterCleanup(1);
    },
    (servers.length * perServerS +
      runtimeS +
      artifactsS +
      delegationS +
      workflowS +
      webhooksS +
      sourcesS +
      auditS) *
      1000,
  ).unref();

  const results = {
    meta: {
      date: new Date().toISOString(),
      node: process.version,
      cpus: os.cpus().length,
      cpuModel: os.cpus()[0]?.model.trim(),
      durationS: settings.duration,
      warmupS: settings.warmup,
      parts,
      scenarios: SCENARIOS.map(({ body, ...s }) => ({ ...s, bodyBytes: bodyBytes({ body }) })),
      runtime: RUNTIME,
    },
    skipped,
    servers: {},
    runtime: { servers: {} },
  };
  for (const def of servers) await benchServer(def, settings, results, skipped.scenarios);
  for (const def of runtime.servers) {
    await benchRuntimeServer(def, settings, results, { dataDirs, databases }, BUSY_LIMIT);
  }
  if (parts.includes('artifacts')) {
    await waitQuiet(BUSY_LIMIT, settings.quietWait);
    console.error(`bench: tool response processing (${settings.duration} s per result)`);
    results.artifacts = await benchArtifacts({ seconds: settings.duration });
  }
  if (parts.includes('delegation')) {
    await waitQuiet(BUSY_LIMIT, settings.quietWait);
    console.error(
      `bench: an agent as a tool against the agent run directly (${settings.duration} s)`,
    );
    results.delegation = await benchDelegation({ seconds: settings.duration });
  }
  if (parts.includes('workflow')) {
    await waitQuiet(BUSY_LIMIT, settings.quietWait);
    console.error(
      `bench: a three-step workflow against its steps run directly (${settings.duration} s)`,
    );
    results.workflow = await benchWorkflow({ seconds: settings.duration });
  }
  if (parts.includes('webhooks')) {
    await waitQuiet(BUSY_LIMIT, settings.quietWait);
    console.error(`bench: webhook deliveries against plain signed POSTs (${settings.duration} s)`);
    results.webhooks = await benchWebhooks({ seconds: settings.duration });
  }
  if (parts.includes('sources')) {
    await waitQuiet(BUSY_LIMIT, settings.quietWait);
    console.error(
      `bench: calls through an imported MCP tool against direct client SDK calls, and syncs ` +
        `(${settings.duration} s)`,
    );
    results.sources = await benchSources({ seconds: settings.duration });
  }
  if (parts.includes('audit')) {
    await waitQuiet(BUSY_LIMIT, settings.quietWait);
    console.error(
      `bench: tool calls with the audit log against without it (${settings.duration} s)`,
    );
    results.audit = await benchAudit({ seconds: settings.duration });
  }

  console.log(report(results));
  const failures = [];
  for (const [name, server] of Object.entries(results.servers)) {
    for (const [scenario, r] of Object.entries(server.scenarios)) {
      if (r.non2xx + r.errors > 0) {
        failures.push(
          `${name} · ${scenario}: ${r.non2xx} non-2xx, ${r.errors} errors (${r.timeouts} timeouts); ` +
            `status codes ${JSON.stringify(r.statusCodes)}`,
        );
      }
    }
  }
  const notes = mismatches(results);
  if (notes.length) console.log(`\n${notes.join('\n')}`);
  if (failures.length)
    console.log(`\n**FAILED: not every response was 2xx**\n- ${failures.join('\n- ')}`);
  const failedRuns = runtimeFailures(results);
  if (failedRuns.length) console.log(`\n**FAILED: runtime runs**\n- ${failedRuns.join('\n- ')}`);
  const missed = results.targets.filter((t) => !t.pass).length;
  if (missed)
    console.log(
      `\n${missed} target check(s) missed${enforce ? '' : ' (not enforced; pass --enforce)'}`,
    );

  for (const server of Object.values(results.servers)) {
    for (const r of Object.values(server.scenarios)) delete r.sampleResponse;
  }
  fs.writeFileSync(path.join(OUT_DIR, 'results.json'), `${JSON.stringify(results, null, 2)}\n`);
  console.error(`bench: raw numbers in ${path.relative(process.cwd(), OUT_DIR)}/results.json`);
  return failures.length + failedRuns.length > 0 || (enforce && missed > 0) ? 1 : 0;
}

/** Kills the servers, then drops this run's databases (for at most 10 s) and exits. */
let stopping = false;
async function exitAfterCleanup(code) {
  stopping = true;
  killAll();
  const drops = [...databases].map((db) =>
    db.drop().catch((error) => console.error(`bench: could not drop ${db.name}: ${error}`)),
  );
  await Promise.race([Promise.all(drops), new Promise((resolve) => setTimeout(resolve, 10_000))]);
  process.exit(code);
}

process.on('exit', () => {
  killAll();
  for (const dir of dataDirs) fs.rmSync(dir, { recursive: true, force: true });
});
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(signal, () => {
    console.error(`\nbench: ${signal}; stopping servers`);
    void exitAfterCleanup(130);
  });
}

main().then(
  (code) => stopping || process.exit(code),
  (error) => {
    if (stopping) return; // a signal or the watchdog: exitAfterCleanup exits
    console.error(`bench: ${error instanceof Error ? error.message : error}`);
    process.exit(1);
  },
);
