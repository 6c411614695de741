'use strict';
// What a tool source costs: one toolhub server (Fastify, PGlite) and a local upstream MCP server
// (upstream-mcp-server.js, its own process) serving `echo` and 999 more tools.
// - Sync: the source created on the 1,000-tool upstream (the POST answers after the first
//   import), then, after one untimed re-sync, a re-sync with nothing changed and one after 100
//   tools changed, each timed to the source's new `last_synced_at`; the baseline is one
//   `tools/list` of the same 1,000 tools by the official client SDK directly.
// - Calls: the imported `echo` called through toolhub (REST `POST /api/tools/bench__echo`, and
//   MCP `tools/call` with the client SDK) against the same tool called directly by one
//   connected client SDK, and by a new client per call (what toolhub's warm client per source
//   saves), each way as many calls as `CONCURRENCY` callers make in the same window. The figures
//   are throughput ratios to the direct client, and the CPU each process spends per call.
const fs = require('node:fs');
const http = require('node:http');
const os = require('node:os');
const path = require('node:path');
const { cpuMeter } = require('./cpu');
const { callerOf, timed } = require('./delegation');
const { createApiKey, timedRequest } = require('./registry');
const { HOST, childEnv, request, startServer, stopServer } = require('./servers');

const UPSTREAM_TOOLS = 1000;
const CHANGED_TOOLS = 100;
const CONCURRENCY = 10;
const SOURCE = 'bench';
const ECHO_ARGS = { text: 'hello from the bench' };
const SYNC_TIMEOUT_MS = 120_000;

async function benchSources({ seconds }) {
  const upstream = await startServer({
    name: 'upstream MCP server',
    script: 'bench/upstream-mcp-server.js',
    env: { BENCH_UPSTREAM_TOOLS: String(UPSTREAM_TOOLS) },
  });
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'toolhub-bench-sources-'));
  const env = { HTTP_ADAPTER: 'fastify', DATA_DIR: dataDir, TOOL_URL_ALLOW: HOST };
  const authorization = `Bearer ${await createApiKey(childEnv(env))}`;
  const server = await startServer({ name: 'toolhub/fastify', script: 'dist/main.js', env });
  const upstreamUrl = `http://${HOST}:${upstream.port}/mcp`;
  const direct = await connectClient(upstreamUrl);
  try {
    const call = callerOf(server.port, authorization);
    const sync = await benchSync(call, direct, {
      upstream,
      url: upstreamUrl,
      toolhubPid: server.pid,
    });
    const toolhubMcp = await connectClient(`http://${HOST}:${server.port}/mcp`, authorization);
    try {
      const calls = await benchCalls(
        {
          direct: () => callEcho(direct, 'echo'),
          rest: restCaller(server.port, authorization),
          mcp: () => callEcho(toolhubMcp, `${SOURCE}__echo`),
          clientPerCall: async () => {
            const client = await connectClient(upstreamUrl);
            try {
              await callEcho(client, 'echo');
            } finally {
              await client.close();
            }
          },
        },
        seconds,
        { toolhub: server.pid, upstream: upstream.pid },
      );
      return {
        tools: UPSTREAM_TOOLS,
        changed: CHANGED_TOOLS,
        concurrency: CONCURRENCY,
        sync,
        calls,
      };
    } finally {
      await toolhubMcp.close();
    }
  } finally {
    await direct.close();
    await stopServer(server);
    await stopServer(upstream);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/** A connected client SDK (v2, either era as the server offers). */
async function connectClient(url, authorization) {
  const { Client, StreamableHTTPClientTransport } = require('@modelcontextprotocol/client');
  const client = new Client(
    { name: 'toolhub-bench', version: '1.0.0' },
    { versionNegotiation: { mode: 'auto' }, listMaxPages: UPSTREAM_TOOLS + 1 },
  );
  const headers = authorization ? { authorization } : {};
  await client.connect(
    new StreamableHTTPClientTransport(new URL(url), { requestInit: { headers } }),
  );
  return client;
}

async function callEcho(client, name) {
  const result = await client.callTool({ name, arguments: ECHO_ARGS });
  // toolhub serves a result as its JSON text, so the echoed text comes back quoted.
  if (result.isError || !result.content?.[0]?.text?.includes(ECHO_ARGS.text)) {
    throw new Error(`${name} answered ${JSON.stringify(result)}`);
  }
}

/** REST calls of the imported tool on keep-alive connections, as the SDK's fetch keeps them. */
function restCaller(port, authorization) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: CONCURRENCY });
  const sent = {
    method: 'POST',
    path: `/api/tools/${SOURCE}__echo`,
    headers: { authorization, 'content-type': 'application/json' },
    body: JSON.stringify(ECHO_ARGS),
  };
  return async () => {
    const res = await timedRequest(agent, port, sent);
    if (res.status !== 200 || !res.body.includes(ECHO_ARGS.text)) {
      throw new Error(`POST ${sent.path} answered ${res.status}: ${res.body}`);
    }
  };
}

/**
 * The source created, then synced unchanged and after `CHANGED_TOOLS` changed, each timed, with
 * the CPU toolhub spent on it; the baseline's CPU is what this process spent as the client of
 * one `tools/list` (the upstream's share is the same both ways, so it is left out).
 */
async function benchSync(call, direct, { upstream, url, toolhubPid }) {
  const lists = [];
  for (let i = 0; i < 5; i++) {
    lists.push(
      await measured(
        () => listAll(direct),
        ({ client }) => client,
      ),
    );
  }
  const toolhubs = ({ server }) => server;
  let source;
  const create = await measured(
    async () => {
      source = await call('POST', '/api/v1/tool-sources', { name: SOURCE, type: 'mcp', url });
    },
    toolhubs,
    toolhubPid,
  );
  expectSynced(source, 0);
  // The first queued sync also pays the job path's first use; the timed ones come after it.
  source = await resync(call, source);
  const unchanged = await measured(
    async () => (source = await resync(call, source)),
    toolhubs,
    toolhubPid,
  );
  expectSynced(source, 0);
  const changed = await request(upstream.port, {
    method: 'POST',
    path: `/changes?count=${CHANGED_TOOLS}`,
  });
  if (changed.status !== 200) throw new Error(`the upstream refused a change: ${changed.body}`);
  const afterChange = await measured(
    async () => (source = await resync(call, source)),
    toolhubs,
    toolhubPid,
  );
  expectSynced(source, CHANGED_TOOLS);
  const byMs = (a, b) => a.ms - b.ms;
  return { list: lists.sort(byMs)[2], create, unchanged, changed: afterChange };
}

/** `work`'s wall time and the CPU ms the process `coresOf` picks from the meter spent on it. */
async function measured(work, coresOf, pid) {
  const cpu = cpuMeter(pid);
  const ms = await timed(work);
  return { ms, cpuMs: coresOf(cpu()) * ms };
}

async function listAll(client) {
  const { tools } = await client.listTools(undefined, { cacheMode: 'bypass' });
  if (tools.length !== UPSTREAM_TOOLS) throw new Error(`tools/list listed ${tools.length} tools`);
}

/** `POST …/sync`, then the source once its `last_synced_at` has moved on. */
async function resync(call, source) {
  await call('POST', `/api/v1/tool-sources/${source.id}/sync`);
  const deadline = performance.now() + SYNC_TIMEOUT_MS;
  for (;;) {
    const now = await call('GET', `/api/v1/tool-sources/${source.id}`);
    if (now.last_synced_at !== source.last_synced_at && now.status !== 'syncing') return now;
    if (performance.now() > deadline) throw new Error(`no sync of ${source.name} ended`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

function expectSynced(source, pendingChanges) {
  if (
    source.status !== 'ready' ||
    source.tool_count !== UPSTREAM_TOOLS ||
    source.pending_changes !== pendingChanges
  ) {
    throw new Error(
      `the source is ${source.status} with ${source.tool_count} tools and ` +
        `${source.pending_changes} pending changes (${source.last_error ?? 'no error'})`,
    );
  }
}

/**
 * Each way's calls per second, `CONCURRENCY` callers each calling again as soon as answered,
 * after a warm-up; the ways take turns in two rounds, so a slow spell of the machine falls on
 * more than one. The CPU each process spent per call (toolhub, the upstream, this process as the
 * callers) moves less than calls per second on a busy machine.
 */
async function benchCalls(ways, seconds, pids) {
  const windowS = seconds / 2;
  const sums = Object.fromEntries(
    Object.keys(ways).map((name) => [
      name,
      { calls: 0, cpuMs: { toolhub: 0, upstream: 0, bench: 0 }, otherCores: 0 },
    ]),
  );
  for (const work of Object.values(ways)) await callersFor(work, Math.min(1, windowS));
  for (let round = 0; round < 2; round++) {
    for (const [name, work] of Object.entries(ways)) {
      const cpu = cpuMeter([pids.toolhub, pids.upstream]);
      const calls = await callersFor(work, windowS);
      const { servers, client, other } = cpu();
      const sum = sums[name];
      sum.calls += calls;
      sum.cpuMs.toolhub += servers[0] * windowS * 1000;
      sum.cpuMs.upstream += servers[1] * windowS * 1000;
      sum.cpuMs.bench += client * windowS * 1000;
      sum.otherCores = Math.max(sum.otherCores, other);
    }
  }
  const perS = (name) => sums[name].calls / (2 * windowS);
  return Object.fromEntries(
    Object.entries(sums).map(([name, { calls, cpuMs, otherCores }]) => [
      name,
      {
        calls,
        perS: perS(name),
        ratio: perS(name) / perS('direct'),
        cpuUsPerCall: Object.fromEntries(
          Object.entries(cpuMs).map(([process, ms]) => [process, (ms * 1000) / calls]),
        ),
        otherCores,
      },
    ]),
  );
}

/** How many calls `CONCURRENCY` callers made in `seconds`. */
/** How many times `concurrency` callers, each calling `work` in turn, finish it in `seconds`. */
async function callersFor(work, seconds, concurrency = CONCURRENCY) {
  const until = performance.now() + seconds * 1000;
  let calls = 0;
  const caller = async () => {
    while (performance.now() < until) {
      await work();
      calls++;
    }
  };
  await Promise.all(Array.from({ length: concurrency }, caller));
  return calls;
}

const WAYS = [
  ['direct', 'The client SDK, one connected client (baseline)'],
  ['rest', 'toolhub REST `POST /api/tools/bench__echo`'],
  ['mcp', 'toolhub MCP `tools/call` (client SDK)'],
  ['clientPerCall', 'The client SDK, a new client per call'],
];

function sourcesReport(result) {
  const { sync, calls } = result;
  const row = (what, { ms, cpuMs }) =>
    `| ${what} | ${ms.toFixed(0)} | ${(ms / sync.list.ms).toFixed(1)} × | ` +
    `${cpuMs.toFixed(0)} | ${(cpuMs / sync.list.cpuMs).toFixed(1)} × |`;
  return [
    '### Tool sources',
    '',
    `A call of an upstream MCP tool (\`echo\`), ${result.concurrency} callers each way, ` +
      `two rounds alternated (Fastify, PGlite):`,
    '',
    '| Way | Calls | Calls/s | × one client | CPU µs per call: toolhub / upstream / callers | Other cores (most) |',
    '|---|--:|--:|--:|--:|--:|',
    ...WAYS.map(([name, what]) => {
      const way = calls[name];
      const cpu = Object.values(way.cpuUsPerCall)
        .map((us) => us.toFixed(0))
        .join(' / ');
      return (
        `| ${what} | ${way.calls} | ${way.perS.toFixed(0)} | ${way.ratio.toFixed(2)} | ${cpu} | ` +
        `${way.otherCores.toFixed(2)} |`
      );
    }),
    '',
    `Syncing a ${result.tools.toLocaleString('en')}-tool upstream, against one \`tools/list\` ` +
      `of it by the client SDK (${sync.list.ms.toFixed(1)} ms, ${sync.list.cpuMs.toFixed(0)} ms ` +
      `of its CPU, the median of 5; toolhub's CPU for the syncs):`,
    '',
    '| Sync | ms | × one tools/list | CPU ms | × one tools/list |',
    '|---|--:|--:|--:|--:|',
    row(`The source created, to \`ready\` with ${result.tools} tools`, sync.create),
    row('A re-sync, nothing changed', sync.unchanged),
    row(`A re-sync, ${result.changed} tools changed`, sync.changed),
  ].join('\n');
}

module.exports = { benchSources, callersFor, sourcesReport };
