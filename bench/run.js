'use strict';
// toolhub load benchmark: the bare node:http baseline vs toolhub on Express and on Fastify.
//   npm run bench                      (builds first)
//   BENCH_DURATION=3 node bench/run.js [--enforce]
// Env: BENCH_DURATION (s per run, 10), BENCH_WARMUP (s, discarded, 1), BENCH_QUIET_WAIT (longest
// wait in s for other processes to go quiet before each start and run, 60).
// Prints a Markdown report and writes the raw numbers to .bench/results.json. Exits non-zero
// if a server fails to start or answers anything but 2xx; with --enforce, also on a missed target.
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { isDeepStrictEqual } = require('node:util');
const { encoderPath } = require('./bare-server');
const { waitQuiet } = require('./cpu');
const { measure } = require('./load');
const { SCENARIOS, TARGETS } = require('./scenarios');
const { ROOT, startServer, stopServer, killAll, request } = require('./servers');

const OUT_DIR = path.join(ROOT, '.bench');
const TOOLS_BODY_FILE = path.join(OUT_DIR, 'tools-body.json');

// Run order: toolhub first, because the bare server serves toolhub's real GET /api/tools body.
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
];
/** Share of the machine (before a start) or cores (during a run) others may use unflagged. */
const BUSY_LIMIT = 0.15;
const RETRIES = 2;
const REPORT_ORDER = ['bare', 'nest/express', 'toolhub/express', 'nest/fastify', 'toolhub/fastify'];

function seconds(name, fallback, { allowZero = false } = {}) {
  const value = Number(process.env[name] || fallback);
  if (!(value > 0 || (allowZero && value === 0))) {
    throw new Error(
      `${name} must be a ${allowZero ? 'non-negative' : 'positive'} number of seconds`,
    );
  }
  return value;
}

async function benchServer(def, settings, results) {
  const busyBefore = await waitQuiet(BUSY_LIMIT, settings.quietWait);
  const server = await startServer(def);
  const entry = { busyBefore, startupMs: server.startupMs, rssMb: server.rssMb, scenarios: {} };
  results.servers[def.name] = entry;
  console.error(`bench: ${def.name} up in ${server.startupMs} ms, RSS ${server.rssMb} MB`);
  try {
    if (def.script === 'dist/main.js') {
      const tools = await request(server.port, { path: '/api/tools' });
      if (tools.status !== 200) throw new Error(`GET /api/tools answered ${tools.status}`);
      fs.writeFileSync(TOOLS_BODY_FILE, tools.body);
    }
    for (const scenario of SCENARIOS) {
      if (scenario.servers && !scenario.servers.includes(def.name)) continue;
      // One checked request first: a scenario that cannot succeed once is not worth loading.
      const probe = await request(server.port, scenario, 10_000);
      if (probe.status < 200 || probe.status > 299) {
        throw new Error(`${def.name} answered ${probe.status} to ${scenario.name}: ${probe.body}`);
      }
      // A run disturbed by other processes is repeated (up to RETRIES times); the least
      // disturbed one is kept and still flagged in the report if it was disturbed.
      let best;
      for (let attempt = 0; attempt <= RETRIES; attempt++) {
        await waitQuiet(BUSY_LIMIT, settings.quietWait);
        console.error(`bench: ${def.name} · ${scenario.name} (${settings.duration} s)`);
        const numbers = await measure(server.port, server.pid, scenario, settings);
        if (!best || numbers.cpuCores.other < best.cpuCores.other) best = numbers;
        if (numbers.cpuCores.other <= BUSY_LIMIT || numbers.non2xx + numbers.errors > 0) break;
        console.error(`bench: other processes used ${numbers.cpuCores.other} cores; again`);
      }
      entry.scenarios[scenario.name] = { ...best, sampleResponse: probe.body };
    }
  } finally {
    const { code, signal } = await stopServer(server);
    entry.exit = { code, signal };
  }
}

const fmt = (n, digits = 0) => (n === undefined ? '—' : n.toFixed(digits));
const cpu = (c) => [c.server, c.client, c.other].map((x) => x.toFixed(2)).join(' / ');
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
      `${meta.cpus}× ${meta.cpuModel} · autocannon on the same machine (CPU columns in cores)`,
    '',
  );
  lines.push(
    '| server | scenario | request | conns | req/s | p50 ms | p99 ms | × bare | non-2xx / errors | CPU server / client / other |',
  );
  lines.push('|---|---|---|--:|--:|--:|--:|--:|--:|--:|');
  for (const scenario of SCENARIOS) {
    const bare = results.servers.bare?.scenarios[scenario.name];
    for (const name of REPORT_ORDER) {
      const r = results.servers[name]?.scenarios[scenario.name];
      if (!r) continue;
      r.ratioToBare = bare ? r.reqPerSec / bare.reqPerSec : undefined;
      const bad = r.non2xx + r.errors > 0 ? ' ⚠️' : '';
      lines.push(
        `| ${name} | ${scenario.name} | \`${label(scenario)}\` | ${r.connections} | ` +
          `${fmt(r.reqPerSec)} | ${fmt(r.p50Ms)} | ${fmt(r.p99Ms)} | ${fmt(r.ratioToBare, 2)} | ` +
          `${r.non2xx} / ${r.errors}${bad} | ${cpu(r.cpuCores)} |`,
      );
    }
  }
  const comparisons = comparisonLines(results);
  if (comparisons.length) lines.push('', ...comparisons);

  lines.push('', '| server | start-up ms | idle RSS MB |', '|---|--:|--:|');
  for (const name of REPORT_ORDER) {
    const s = results.servers[name];
    if (s) lines.push(`| ${name} | ${name === 'bare' ? '—' : s.startupMs} | ${fmt(s.rssMb, 1)} |`);
  }

  const busy = busyWarnings(results);
  if (busy.length) lines.push('', ...busy.map((w) => `⚠️ ${w}`));

  lines.push('', '### Targets', '');
  results.targets = [];
  for (const t of TARGETS) {
    const r = results.servers[t.server]?.scenarios[t.scenario];
    const checks = [
      ['× bare', r?.ratioToBare, '≥', t.minRatio, (v) => v >= t.minRatio, 2],
      ['p99 ms', r?.p99Ms, '≤', t.maxP99Ms, (v) => v <= t.maxP99Ms, 0],
    ];
    for (const [what, value, op, limit, ok, digits] of checks) {
      const pass = value !== undefined && ok(value);
      results.targets.push({ server: t.server, scenario: t.scenario, what, value, limit, pass });
      lines.push(
        `- ${pass ? '✅' : '❌'} ${t.server} · ${t.scenario}: ${what} ${fmt(value, digits)} ` +
          `(target ${op} ${limit})`,
      );
    }
  }
  return lines.join('\n');
}

/** Scenarios with `compareTo` (MCP vs REST) as a ratio to that scenario on the same server. */
function comparisonLines(results) {
  const lines = [];
  for (const scenario of SCENARIOS.filter((s) => s.compareTo)) {
    for (const name of REPORT_ORDER) {
      const r = results.servers[name]?.scenarios[scenario.name];
      const base = results.servers[name]?.scenarios[scenario.compareTo];
      if (!r || !base) continue;
      r.ratioToCompared = r.reqPerSec / base.reqPerSec;
      lines.push(
        `- ${name}: ${scenario.name} ÷ ${scenario.compareTo} = ${fmt(r.ratioToCompared, 2)} ` +
          `(${fmt(r.reqPerSec)} vs ${fmt(base.reqPerSec)} req/s)`,
      );
    }
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
  for (const scenario of SCENARIOS) {
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
  if (!fs.existsSync(path.join(ROOT, 'dist', 'main.js'))) {
    throw new Error('dist/main.js not found; run `npm run build` first');
  }
  encoderPath(); // fail now, not after the toolhub runs, if the bare server cannot start
  fs.mkdirSync(OUT_DIR, { recursive: true });
  fs.rmSync(TOOLS_BODY_FILE, { force: true });

  // Everything is time-bound: each run by load.js, start and stop by servers.js, and the
  // whole bench by this watchdog (exit handlers then kill any child still running).
  const perRunS = settings.duration + settings.warmup + settings.quietWait + 22;
  const perServerS = 40 + settings.quietWait + SCENARIOS.length * (RETRIES + 1) * perRunS;
  setTimeout(
    () => {
      console.error('bench: overall time limit exceeded');
      process.exit(1);
    },
    SERVERS.length * perServerS * 1000,
  ).unref();

  const results = {
    meta: {
      date: new Date().toISOString(),
      node: process.version,
      cpus: os.cpus().length,
      cpuModel: os.cpus()[0]?.model.trim(),
      durationS: settings.duration,
      warmupS: settings.warmup,
      scenarios: SCENARIOS.map(({ body, ...s }) => ({ ...s, bodyBytes: bodyBytes({ body }) })),
    },
    servers: {},
  };
  for (const def of SERVERS) await benchServer(def, settings, results);

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
  return failures.length > 0 || (enforce && missed > 0) ? 1 : 0;
}

process.on('exit', killAll);
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(signal, () => {
    console.error(`\nbench: ${signal}; stopping servers`);
    process.exit(130);
  });
}

main().then(
  (code) => process.exit(code),
  (error) => {
    console.error(`bench: ${error instanceof Error ? error.message : error}`);
    process.exit(1);
  },
);
