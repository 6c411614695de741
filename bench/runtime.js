'use strict';
// The agent runtime under load (RUNTIME in scenarios.js): runs/s and persisted events/s of 1 and
// of 50 concurrent conversations with a scripted agent, each run streamed over SSE; how long a
// persisted event takes from its `timestamp` to its arrival at the SSE client; the same numbers
// of bare single-row INSERT transactions on the same database at the same concurrency; on
// PGlite, how much the sessions slow down GET /api/tools answered alongside; and, with two
// instances on one database and Redis, how long the event takes to a client of the other one.
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { cpuMeter, waitQuiet } = require('./cpu');
const { postgresInsertBaseline, pgliteInsertBaseline } = require('./insert-baseline');
const { latencySummary, probe } = require('./load');
const { createApiKey, createPostgresDatabase, postgresAdminUrl } = require('./registry');
const { runSessions } = require('./runtime-load');
const { RUNTIME, RUNTIME_TARGETS } = require('./scenarios');
const { childEnv, startServer, stopServer, request, rssMb } = require('./servers');

const DEFAULT_REDIS_URL = 'redis://127.0.0.1:6379';
const backendOf = (def) =>
  def.backend !== 'postgres' ? 'PGlite' : def.env.REDIS_URL ? 'PostgreSQL + Redis' : 'PostgreSQL';
const sessionsOf = (def) => def.sessions ?? RUNTIME.sessions;
/** Measured phases per server (for the overall time limit): 2 baselines, the probe, 2 loads. */
const PHASES_PER_SERVER = RUNTIME.sessions.length * 2 + 1;

/**
 * The runtime servers that can run here, and why the others cannot. A server with a follower
 * gets the Redis (BENCH_REDIS_URL, else the default port's when one answers) in its env.
 */
async function runtimeServers() {
  const skipped = {};
  const servers = [];
  const redisUrl = process.env.BENCH_REDIS_URL || DEFAULT_REDIS_URL;
  const redis = RUNTIME.servers.some((def) => def.follower) && (await redisAnswers(redisUrl));
  for (const def of RUNTIME.servers) {
    if (def.backend === 'postgres' && !postgresAdminUrl()) {
      skipped[def.name] = 'set BENCH_DATABASE_URL';
    } else if (def.follower && !redis) {
      skipped[def.name] = `no Redis answers at ${redisUrl} (set BENCH_REDIS_URL)`;
    } else {
      servers.push(def.follower ? { ...def, env: { ...def.env, REDIS_URL: redisUrl } } : def);
    }
  }
  return { servers, skipped };
}

/** Whether a Redis answers PING at `url` within a few seconds. */
async function redisAnswers(url) {
  const { Redis } = require('ioredis');
  const redis = new Redis(url, {
    lazyConnect: true,
    connectTimeout: 2_000,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
  });
  redis.on('error', () => undefined); // the answer is the ping's outcome
  try {
    await redis.connect();
    return (await redis.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    redis.disconnect();
  }
}

/** The longest the runtime part of a bench may take per server, in s. */
const runtimeServerLimitS = ({ duration, warmup, quietWait }) =>
  90 + PHASES_PER_SERVER * (duration + warmup + quietWait + 45);

/**
 * Benchmarks the runtime on one server definition; records into `results.runtime.servers`.
 * `track`: the run's sets of data directories and databases, for cleanup however it ends.
 */
async function benchRuntimeServer(def, settings, results, track, busyLimit) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'toolhub-bench-runtime-'));
  track.dataDirs.add(dataDir);
  let database;
  const entry = { backend: backendOf(def), baseline: {}, sessions: {} };
  results.runtime.servers[def.name] = entry;
  try {
    // DATABASE_URL and REDIS_URL are the definition's to set, never inherited.
    const env = { REDIS_URL: undefined, ...def.env, DATA_DIR: dataDir, DATABASE_URL: undefined };
    if (def.backend === 'postgres') {
      database = await createPostgresDatabase(postgresAdminUrl());
      track.databases.add(database);
      env.DATABASE_URL = database.url;
      console.error(`bench: runtime ${def.name} on the new database ${database.name}`);
    }

    // The baseline first, while nothing else uses the database (once per database server:
    // the instances sharing one are compared with each other instead).
    if (!def.follower) {
      for (const b of await insertBaselines(def, database, dataDir, settings, busyLimit)) {
        entry.baseline[b.concurrency] = b;
      }
    }

    // Before the server starts: the embedded database admits one process at a time.
    const authorization = `Bearer ${await createApiKey(childEnv(env))}`;
    entry.busyBefore = await waitQuiet(busyLimit, settings.quietWait);
    await withServer(def.name, env, entry, async (server) => {
      if (!def.follower) {
        await measureServer(def, [server], authorization, database, settings, entry, busyLimit);
        return;
      }
      // Started after the first, so that each start-up time is its own.
      entry.follower = {};
      await withServer(`${def.name} (follower)`, env, entry.follower, (follower) =>
        measureServer(def, [server, follower], authorization, database, settings, entry, busyLimit),
      );
    });
  } finally {
    if (database) {
      await database.drop();
      track.databases.delete(database);
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
    track.dataDirs.delete(dataDir);
  }
}

/** Bare INSERT transactions on the server's database, at each of RUNTIME.sessions. */
function insertBaselines(def, database, dataDir, settings, busyLimit) {
  const baselineSettings = {
    ...settings,
    beforeEach: async (concurrency) => {
      await waitQuiet(busyLimit, settings.quietWait);
      console.error(
        `bench: runtime ${def.name} · bare INSERT transactions × ${concurrency} ` +
          `(${settings.duration} s)`,
      );
    },
  };
  return database
    ? postgresInsertBaseline(database.url, RUNTIME.sessions, baselineSettings, {
        dbMatch: database.name,
      })
    : pgliteInsertBaseline(path.join(dataDir, 'baseline'), RUNTIME.sessions, baselineSettings);
}

/**
 * Starts `dist/main.js` as `name` with `env`, runs `work(server)`, then stops the server and
 * records its start-up time and exit in `record`. An error while it ran says whether it died.
 */
async function withServer(name, env, record, work) {
  const server = await startServer({ name, script: 'dist/main.js', env });
  record.startupMs = server.startupMs;
  console.error(`bench: runtime ${name} up in ${server.startupMs} ms`);
  try {
    await work(server);
  } catch (error) {
    const { exitCode, signalCode } = server.child;
    if (exitCode === null && signalCode === null) throw error;
    throw new Error(
      `${name} exited (${exitCode ?? signalCode}) during the runtime bench:\n${server.output()}`,
    );
  } finally {
    const { code, signal } = await stopServer(server);
    record.exit = { code, signal };
  }
}

/**
 * The sessions loads (and the probe) against `server`; with a `follower` (a second instance),
 * a client of it follows every run.
 */
async function measureServer(
  def,
  [server, follower],
  authorization,
  database,
  settings,
  entry,
  busyLimit,
) {
  const agentId = await createAgent(server.port, authorization);
  const probeOpts = { port: server.port, ...RUNTIME.probe };
  if (def.probe) {
    await waitQuiet(busyLimit, settings.quietWait);
    console.error(`bench: runtime ${def.name} · ${probeLabel()} unloaded (${settings.duration} s)`);
    if (settings.warmup > 0) await probe(probeOpts, settings.warmup);
    const cpu = cpuMeter(server.pid);
    const unloaded = await probe(probeOpts, settings.duration);
    entry.probe = { unloaded: { ...unloaded, cpuCores: cpu() } };
  }
  const most = Math.max(...RUNTIME.sessions);
  for (const sessions of sessionsOf(def)) {
    await waitQuiet(busyLimit, settings.quietWait);
    const alongside = def.probe && sessions === most;
    console.error(
      `bench: runtime ${def.name} · ${sessions} session(s) ` +
        `(${settings.warmup} s warm-up, ${settings.duration} s` +
        `${alongside ? `, with ${probeLabel()}` : ''}${follower ? ', each run followed on the follower' : ''})`,
    );
    let cpu;
    let cores;
    let probing;
    // The server's memory as the window opens and as it closes: a load that holds what it
    // should let go shows here long before it runs out.
    const rss = {};
    const load = await runSessions(
      {
        port: server.port,
        followPort: follower?.port,
        authorization,
        agentId,
        sessions,
        warmup: settings.warmup,
        duration: settings.duration,
        runsPerSession: RUNTIME.runsPerSession,
        content: RUNTIME.content,
        persistedPerRun: RUNTIME.persistedPerRun,
      },
      {
        onWindow: (edge) => {
          if (edge === 'start') {
            cpu = cpuMeter([server.pid, follower?.pid], { dbMatch: database?.name });
            rss.startMb = rssMb(server.pid);
            if (alongside) probing = probe(probeOpts, settings.duration);
          } else {
            cores = cpu?.();
            rss.endMb = rssMb(server.pid);
          }
        },
      },
    );
    const result = { ...summarise(load, entry.baseline[sessions], cores), rss };
    if (probing) {
      const loaded = await probing;
      entry.probe.loaded = loaded;
      entry.probe.sessions = sessions;
      entry.probe.ratio = loaded.p99Ms / entry.probe.unloaded.p99Ms;
    }
    entry.sessions[sessions] = result;
  }
}

const probeLabel = () =>
  `GET ${RUNTIME.probe.path} at ${RUNTIME.probe.rate} req/s (open loop, ≤ ${RUNTIME.probe.connections} connections)`;

/** The figures of one sessions run, with its ratio to the baseline at the same concurrency. */
function summarise(load, baseline, cpuCores) {
  const seconds = load.windowSeconds;
  const persistedPerSec = load.persisted / seconds;
  const deliveryByType = Object.fromEntries(
    Object.entries(load.latenciesByType).map(([type, list]) => [type, latencySummary(list)]),
  );
  return {
    runsPerSec: load.runs / seconds,
    persistedPerSec,
    transientPerSec: load.transient / seconds,
    runs: load.runs,
    runsStarted: load.runsStarted,
    sessionsCreated: load.sessionsCreated,
    baselineInsertsPerSec: baseline?.insertsPerSec,
    ratioToBaseline: baseline ? persistedPerSec / baseline.insertsPerSec : undefined,
    delivery: latencySummary(load.persistedLatencies),
    deliveryByType,
    transientDelivery: latencySummary(load.transientLatencies),
    run: latencySummary(load.runLatencies),
    followed: load.followed && followedSummary(load.followed),
    failedRuns: load.failedRuns,
    failures: load.failures,
    cpuCores,
  };
}

/**
 * The persisted events a follower on the other instance got live, timed from their `timestamp`
 * at the run's own client (same instance) and at the follower's; `ratioP99`: other ÷ same.
 */
function followedSummary({ local, remote, replayed, late }) {
  const sameInstance = latencySummary(local);
  const otherInstance = latencySummary(remote);
  return {
    events: remote.length,
    replayed,
    late,
    sameInstance,
    otherInstance,
    ratioP99: otherInstance.p99Ms / sameInstance.p99Ms,
  };
}

/** The builtin tool the script calls, and an agent that may call it; resolves the agent's id. */
async function createAgent(port, authorization) {
  const call = async (method, urlPath, body) => {
    const res = await request(
      port,
      {
        method,
        path: urlPath,
        headers: { authorization, ...(body && { 'content-type': 'application/json' }) },
        body: body && JSON.stringify(body),
      },
      10_000,
    );
    if (res.status < 200 || res.status > 299) {
      throw new Error(`${method} ${urlPath} answered ${res.status}: ${res.body}`);
    }
    return JSON.parse(res.body);
  };
  const tools = await call('GET', `/api/v1/tools?search=${encodeURIComponent(RUNTIME.tool)}`);
  const tool = tools.items?.find((item) => item.name === RUNTIME.tool);
  if (!tool) throw new Error(`GET /api/v1/tools does not list the builtin ${RUNTIME.tool}`);
  const agent = await call('POST', '/api/v1/agents', { ...RUNTIME.agent, tool_ids: [tool.id] });
  return agent.id;
}

const fmt = (n, digits = 0) => (n === undefined || Number.isNaN(n) ? '—' : n.toFixed(digits));
const ms = (n) => (n === undefined ? '—' : n.toFixed(n >= 100 ? 0 : 1));
const pair = (s) => `${ms(s?.p50Ms)} / ${ms(s?.p99Ms)}`;
const trio = (s) => `${ms(s.p50Ms)} / ${ms(s.p95Ms)} / ${ms(s.p99Ms)}`;
const cores = (c) =>
  c === undefined
    ? '—'
    : [
        c.db === undefined ? c.server.toFixed(2) : `${c.server.toFixed(2)}+${c.db.toFixed(2)}`,
        c.client.toFixed(2),
        c.other.toFixed(2),
      ].join(' / ');

/** The report's runtime section; `targets` are the checks of RUNTIME_TARGETS. */
function runtimeReport(results) {
  const runtime = results.runtime;
  const lines = ['### Agent runtime: scripted runs streamed over SSE', ''];
  const names = Object.keys(runtime.servers);
  const [one, two] = RUNTIME.agent.model_config.script;
  lines.push(
    `Each conversation runs its runs back to back: \`POST /api/v1/sessions/{id}/runs\` with ` +
      `\`Accept: text/event-stream\`, read to the end of the stream. A run is 2 scripted model turns ` +
      `(${one.text.length} + ${two.text.length} characters in ${one.chunk_size}-character chunks) ` +
      `and one ${RUNTIME.tool} call: ${RUNTIME.persistedPerRun} persisted events and ` +
      `${Math.ceil(one.text.length / one.chunk_size) + Math.ceil(two.text.length / two.chunk_size) + 1} ` +
      `streamed-only ones. A new session every ${RUNTIME.runsPerSession} runs. Delivery: arrival at ` +
      `the SSE client − the event's \`timestamp\`, which the run sets when it emits the event, so ` +
      `it includes the wait behind the run's earlier events and the store's transaction ` +
      `(timestamps have 1 ms resolution). Baseline: bare single-row INSERT transactions on the ` +
      `same database at the same concurrency (PostgreSQL: \`pg\`, one client per loop; PGlite: ` +
      `in the bench process, on a data directory of its own). Toolhub's PostgreSQL pool has ` +
      `DATABASE_POOL_SIZE (10) connections.`,
    '',
  );
  if (names.length === 0) {
    lines.push(`Skipped: ${Object.values(results.skipped.runtime).join('; ') || 'nothing ran'}.`);
    return { lines, targets: [] };
  }
  lines.push(
    '| server | backend | sessions | runs/s | persisted events/s | INSERT tx/s | ÷ INSERT | ' +
      'delivery p50 / p99 ms | streamed-only p50 / p99 ms | run p50 / p99 ms | failed runs | ' +
      'CPU server+db / client / other | RSS MB, window start → end |',
    '|---|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|',
  );
  for (const name of names) {
    const server = runtime.servers[name];
    for (const [sessions, r] of Object.entries(server.sessions)) {
      lines.push(
        `| ${name} | ${server.backend} | ${sessions} | ${fmt(r.runsPerSec, 1)} | ` +
          `${fmt(r.persistedPerSec)} | ${fmt(r.baselineInsertsPerSec)} | ${fmt(r.ratioToBaseline, 2)} | ` +
          `${pair(r.delivery)} | ${pair(r.transientDelivery)} | ${pair(r.run)} | ` +
          `${r.failedRuns}${r.failedRuns ? ' ⚠️' : ''} | ${cores(r.cpuCores)} | ` +
          `${fmt(r.rss?.startMb)} → ${fmt(r.rss?.endMb)} |`,
      );
    }
  }
  lines.push(
    '',
    '| baseline | backend | concurrency | INSERT tx/s | CPU db / client / other |',
    '|---|---|--:|--:|--:|',
  );
  for (const name of names) {
    const server = runtime.servers[name];
    for (const b of Object.values(server.baseline)) {
      const c = b.cpuCores;
      lines.push(
        `| ${name} | ${server.backend} | ${b.concurrency} | ${fmt(b.insertsPerSec)} | ` +
          `${c.db === undefined ? '—' : c.db.toFixed(2)} / ${c.client.toFixed(2)} / ${c.other.toFixed(2)} |`,
      );
    }
  }
  lines.push(...followedLines(runtime), '');
  for (const name of names) {
    const server = runtime.servers[name];
    const most = server.sessions[Math.max(...RUNTIME.sessions)];
    if (most) {
      const byType = Object.entries(most.deliveryByType)
        .map(([type, s]) => `${type} ${ms(s.p50Ms)} / ${ms(s.p99Ms)}`)
        .join(', ');
      lines.push(
        `- ${name}: delivery p50 / p99 ms by type at ${Math.max(...RUNTIME.sessions)} sessions: ${byType}`,
      );
    }
    const p = server.probe;
    if (p?.unloaded && p.loaded) {
      lines.push(
        `- ${name}: ${probeLabel()}: p99 ${ms(p.unloaded.p99Ms)} ms unloaded, ` +
          `${ms(p.loaded.p99Ms)} ms with ${p.sessions} sessions running (${fmt(p.ratio, 2)}×; ` +
          `p50 ${ms(p.unloaded.p50Ms)} → ${ms(p.loaded.p50Ms)} ms)`,
      );
    }
    for (const [sessions, r] of Object.entries(server.sessions)) {
      for (const failure of r.failures)
        lines.push(`- ⚠️ ${name} · ${sessions} session(s): ${failure}`);
    }
  }
  for (const [name, reason] of Object.entries(results.skipped.runtime)) {
    lines.push(`- ${name}: skipped (${reason})`);
  }
  return { lines, targets: runtimeTargets(results) };
}

/** The servers with a follower: from persistence to a client of the same and of the other instance. */
function followedLines(runtime) {
  const rows = Object.entries(runtime.servers).flatMap(([name, server]) =>
    Object.entries(server.sessions)
      .filter(([, r]) => r.followed)
      .map(([sessions, r]) => {
        const f = r.followed;
        return (
          `| ${name} | ${server.backend} | ${sessions} | ${f.events} | ${f.replayed} | ${f.late} | ` +
          `${trio(f.sameInstance)} | ${trio(f.otherInstance)} | ${fmt(f.ratioP99, 2)} | ` +
          `${r.cpuCores?.servers?.map((c) => c.toFixed(2)).join(' / ') ?? '—'} |`
        );
      }),
  );
  if (rows.length === 0) return [];
  return [
    '',
    `Two instances on one database, the live events over Redis: each run starts on the first ` +
      `instance (its client is the one above) and a client of the second follows it ` +
      `(\`GET /api/v1/runs/{id}/events\`, opened on the run's first event). Timed: each persisted ` +
      `event the run emitted after the second instance answered that request (it listens to the ` +
      `run by then; earlier ones are replayed from the store and not timed), from its ` +
      `\`timestamp\` to its arrival at each client. Runs ended first: those that had ended ` +
      `before the second instance answered (their follower gets the stored events and no ` +
      `\`complete\`, which is streamed, not stored).`,
    '',
    '| server | backend | sessions | events timed | replayed | runs ended first | same instance p50 / p95 / p99 ms | ' +
      'other instance p50 / p95 / p99 ms | other ÷ same, p99 | CPU first / second instance |',
    '|---|---|--:|--:|--:|--:|--:|--:|--:|--:|',
    ...rows,
  ];
}

/** RUNTIME_TARGETS checked: `{ label, value, op, limit, pass, digits }` or `{ label, skipped }`. */
function runtimeTargets(results) {
  const checks = [];
  for (const t of RUNTIME_TARGETS) {
    const label = `${t.server} · runtime, ${t.sessions} session(s)`;
    const server = results.runtime.servers[t.server];
    const skipped = results.skipped.runtime[t.server];
    if (skipped) {
      checks.push({ label, skipped });
      continue;
    }
    const r = server?.sessions[t.sessions];
    const add = (what, value, op, limit, digits) =>
      checks.push({
        label: `${label}: ${what}`,
        server: t.server,
        scenario: `runtime ${t.sessions}`,
        what,
        value,
        op,
        limit,
        digits,
        pass:
          value !== undefined &&
          !Number.isNaN(value) &&
          (op === '≥' ? value >= limit : value <= limit),
      });
    if (t.minBaselineRatio !== undefined) {
      add('persisted events/s ÷ INSERT tx/s', r?.ratioToBaseline, '≥', t.minBaselineRatio, 2);
    }
    if (t.maxDeliveryP99Ms !== undefined) {
      add('p99 ms persistence → SSE client', r?.delivery.p99Ms, '≤', t.maxDeliveryP99Ms, 1);
    }
    if (t.maxProbeRatio !== undefined) {
      add(`${probeLabel()}: p99 loaded ÷ unloaded`, server?.probe?.ratio, '≤', t.maxProbeRatio, 2);
    }
  }
  return checks;
}

/** Runs or cores flagged as unreliable: other processes were busy. */
function runtimeBusyWarnings(results, busyLimit) {
  const warnings = [];
  for (const [name, server] of Object.entries(results.runtime.servers)) {
    const flag = (what, c) => {
      if (c && c.other > busyLimit) {
        warnings.push(
          `other processes used ${c.other} cores during ${name} · ${what}: not comparable`,
        );
      }
    };
    for (const [n, r] of Object.entries(server.sessions))
      flag(`runtime, ${n} session(s)`, r.cpuCores);
    for (const [n, b] of Object.entries(server.baseline))
      flag(`INSERT baseline × ${n}`, b.cpuCores);
    flag('probe unloaded', server.probe?.unloaded.cpuCores);
  }
  return warnings;
}

/** Failed runs or probe answers that were not 2xx: the bench fails. */
function runtimeFailures(results) {
  const failures = [];
  for (const [name, server] of Object.entries(results.runtime.servers)) {
    for (const [n, r] of Object.entries(server.sessions)) {
      if (r.failedRuns > 0) {
        failures.push(
          `${name} · runtime, ${n} session(s): ${r.failedRuns} failed run(s): ${r.failures.join('; ')}`,
        );
      }
    }
    for (const [when, p] of Object.entries(server.probe ?? {})) {
      if (p && typeof p === 'object' && p.non2xx + p.errors > 0) {
        failures.push(
          `${name} · ${RUNTIME.probe.path} ${when}: ${p.non2xx} non-2xx, ${p.errors} errors`,
        );
      }
    }
  }
  return failures;
}

module.exports = {
  runtimeServers,
  runtimeServerLimitS,
  benchRuntimeServer,
  runtimeReport,
  runtimeBusyWarnings,
  runtimeFailures,
};
