'use strict';
// What the bench measures, as data. A scenario is one autocannon run against every server in
// `servers` (all of them when omitted); add one here (e.g. an MCP `tools/call` POST to /mcp with
// its headers) and run.js measures and reports it with no other change.

const JSON_HEADERS = { 'content-type': 'application/json' };
const SEED_DIAGRAM = '@startuml\nBob -> Alice : hello\n@enduml';
const MAX_CODE_BYTES = 50 * 1024;

/**
 * A realistic sequence diagram whose JSON request body stays within `maxBytes` (so the diagram
 * itself is within toolhub's 50KB limit too). Deterministic: a fixed-seed LCG picks the arrows.
 */
function largeDiagram(maxBytes = MAX_CODE_BYTES) {
  let seed = 42;
  const next = (n) => {
    seed = (seed * 1103515245 + 12345) % 2 ** 31;
    return seed % n;
  };
  const lines = ['@startuml', 'title Generated load-test diagram', 'autonumber'];
  for (let i = 0; i < 40; i++) lines.push(`participant P${i}`);
  const bodyBytes = (extra) =>
    Buffer.byteLength(JSON.stringify({ plantumlCode: [...lines, extra, '@enduml'].join('\n') }));
  for (let i = 0; ; i++) {
    const line =
      i % 25 === 24
        ? `note over P${next(40)} : checkpoint ${i}`
        : `P${next(40)} -> P${next(40)} : message ${i}`;
    if (bodyBytes(line) > maxBytes) break;
    lines.push(line);
  }
  lines.push('@enduml');
  return lines.join('\n');
}

const encodeBody = (plantumlCode) => JSON.stringify({ plantumlCode });

/** Tools stored before the registry scenario runs. */
const REGISTRY_TOOLS = 1000;

/**
 * A light, steady request to an endpoint served from memory: probed unloaded, then alongside a
 * load, its p99 says whether that load starves the event loop everything else shares.
 */
const PROBE = { path: '/api/tools', connections: 4, rate: 200 };

/**
 * `servers`: only these (default: every server whose own `scenarios` list, if any, names it).
 * `compareTo`: also reported as a ratio to that scenario on the same server (or, for a server
 * that does not run it, on its `baselineServer`). `apiKey`: sent with `Authorization: Bearer`,
 * issued by the CLI before the server starts. `seedTools`: stored via the API beforehand; the
 * answers then carry ids and times of their own, so they are not compared across servers.
 * `sequential`: also timed as that many requests one after another. `alongside`: a
 * PROBE run unloaded before the load and again during it.
 * @type {{ name: string, method: string, path: string, headers?: object, body?: string, connections: number, servers?: string[], compareTo?: string, apiKey?: boolean, seedTools?: number, sequential?: number, alongside?: typeof PROBE }[]}
 */
const SCENARIOS = [
  {
    name: 'encode',
    method: 'POST',
    path: '/api/tools/encodePlantUML',
    headers: JSON_HEADERS,
    body: encodeBody(SEED_DIAGRAM),
    connections: 50,
  },
  { name: 'tool list', method: 'GET', path: '/api/tools', connections: 50 },
  {
    name: 'encode 50KB',
    method: 'POST',
    path: '/api/tools/encodePlantUML',
    headers: JSON_HEADERS,
    body: encodeBody(largeDiagram()),
    connections: 10,
  },
  {
    // The same encode as `encode`, as an MCP tools/call on the stateless Streamable HTTP endpoint.
    name: 'mcp encode',
    method: 'POST',
    path: '/mcp',
    headers: {
      ...JSON_HEADERS,
      accept: 'application/json, text/event-stream',
      'mcp-protocol-version': '2025-11-25',
    },
    body: JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      method: 'tools/call',
      params: { name: 'encodePlantUML', arguments: { plantumlCode: SEED_DIAGRAM } },
    }),
    connections: 50,
    servers: ['toolhub/express', 'toolhub/fastify'],
    compareTo: 'encode',
  },
  {
    // The registry's list (target: p95 ≤ 200 ms over 100 requests), on every toolhub server:
    // PGlite, and PostgreSQL when one is configured; GET /api/tools probed alongside.
    name: 'registry list',
    method: 'GET',
    path: '/api/v1/tools?limit=20',
    connections: 50,
    servers: ['toolhub/express', 'toolhub/fastify', 'toolhub/express+pg', 'toolhub/fastify+pg'],
    compareTo: 'tool list',
    apiKey: true,
    seedTools: REGISTRY_TOOLS,
    sequential: 100,
    alongside: PROBE,
  },
];

/**
 * Targets, checked after the run: `minRatio` (× bare), `maxP95Ms`/`maxP99Ms` under load,
 * `maxSequentialP95Ms` over the scenario's `sequential` requests, `minComparedRatio` (÷ its
 * `compareTo`), `maxP99OverP50` (a tail no longer than that many medians), and
 * `maxAlongsideRatio` (the probe's p99 alongside the load ÷ unloaded).
 */
const TARGETS = [
  { server: 'toolhub/fastify', scenario: 'encode', minRatio: 0.6, maxP99Ms: 15 },
  { server: 'toolhub/express', scenario: 'encode', minRatio: 0.3, maxP99Ms: 35 },
  ...['toolhub/express', 'toolhub/fastify', 'toolhub/express+pg', 'toolhub/fastify+pg'].map(
    (server) => ({
      server,
      scenario: 'registry list',
      maxSequentialP95Ms: 200,
      minComparedRatio: 0.25,
      maxP99OverP50: 10,
      maxAlongsideRatio: 3,
    }),
  ),
];

/**
 * The agent runtime (see runtime.js): conversations with a scripted agent (no network), each
 * run streamed over SSE. Turn 1 streams ~200 characters and calls the builtin encodePlantUML,
 * turn 2 streams ~400: per run, 5 persisted events (user_message_sent, message, tool_use,
 * tool_result, message) and 39 streamed-only ones (message_chunk ×38, complete).
 * `runsPerSession`: a conversation's length; then its loop starts a new session (every run
 * reads its session's whole history, so endless sessions would slow down as the run goes on).
 * `probe`: GET /api/tools at a fixed rate (open loop, over at most `connections` connections),
 * unloaded and alongside the most sessions, on the servers with `probe` (PGlite).
 * A server with `follower` is two instances on one database with the live events over Redis
 * (BENCH_REDIS_URL): runs start on the first, and a client of the second follows each run
 * (`GET /api/v1/runs/{id}/events`); no INSERT baseline; `sessions` overrides the list below.
 */
const RUNTIME = {
  servers: [
    { name: 'toolhub/express', env: { HTTP_ADAPTER: 'express' }, probe: true },
    { name: 'toolhub/express+pg', env: { HTTP_ADAPTER: 'express' }, backend: 'postgres' },
    {
      name: 'toolhub/express+pg ×2',
      env: { HTTP_ADAPTER: 'express' },
      backend: 'postgres',
      follower: true,
      sessions: [50],
    },
  ],
  sessions: [1, 50],
  runsPerSession: 20,
  tool: 'encodePlantUML',
  agent: {
    name: 'bench_diagram_agent',
    system_prompt: 'You draw sequence diagrams with PlantUML and answer with a link to them.',
    model_config: {
      provider: 'scripted',
      model: 'scripted',
      script: [
        {
          text:
            'Sure. A calls B, so the diagram needs two participants and one arrow between ' +
            'them. I will write it in PlantUML and encode it, so that you get a link that ' +
            'renders the diagram on any PlantUML server.',
          chunk_size: 16,
          tool_calls: [
            { name: 'encodePlantUML', args: { plantumlCode: '@startuml\nA -> B\n@enduml' } },
          ],
        },
        {
          text:
            'Here is your diagram. It shows participant A sending one synchronous message to ' +
            'participant B; PlantUML draws both lifelines and the arrow from left to right. ' +
            'Open the link to see it. ' +
            'To extend it, add more arrows such as B --> A for a reply, or use activate and ' +
            'deactivate to show when each participant is busy. Tell me what else the ' +
            'sequence should contain and I will update it for you.',
          chunk_size: 16,
        },
      ],
    },
  },
  content: 'Draw a sequence diagram in which A calls B, please.',
  persistedPerRun: 5,
  probe: PROBE,
};

/**
 * The runtime's aims: persisted events/s ≥ `minBaselineRatio` × the bare INSERT baseline, p99
 * delivery ≤ `maxDeliveryP99Ms` at `sessions` sessions, the probe's loaded p99 ≤
 * `maxProbeRatio` × its unloaded p99.
 */
const RUNTIME_TARGETS = [
  { server: 'toolhub/express+pg', sessions: 1, minBaselineRatio: 0.5 },
  { server: 'toolhub/express+pg', sessions: 50, minBaselineRatio: 0.5, maxDeliveryP99Ms: 20 },
  { server: 'toolhub/express', sessions: 50, maxProbeRatio: 3 },
];

module.exports = { SCENARIOS, TARGETS, RUNTIME, RUNTIME_TARGETS, largeDiagram };
