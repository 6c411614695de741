'use strict';
// The upstream MCP server of the `sources` part (official server SDK, 2026-07-28 revision with
// the 2025 fallback), a child process of the bench so that it costs the same whichever way it
// is called: `echo` (read-only, answers its text at once) and `BENCH_UPSTREAM_TOOLS - 1` more
// tools for the sync to import. `POST /changes?count=N` rewrites the description of N of those
// tools, as an upstream release would; `GET /health` answers once it listens.
const http = require('node:http');
const { Server, createMcpHandler } = require('@modelcontextprotocol/server');
const { toNodeHandler } = require('@modelcontextprotocol/node');

const TOOL_COUNT = Number(process.env.BENCH_UPSTREAM_TOOLS || 1000);
const TEXT_INPUT = {
  type: 'object',
  properties: { text: { type: 'string', maxLength: 1000 } },
  required: ['text'],
};

const echo = {
  name: 'echo',
  description: 'Answers its text',
  inputSchema: TEXT_INPUT,
  annotations: { readOnlyHint: true },
};
const others = Array.from({ length: TOOL_COUNT - 1 }, (_, i) => ({
  name: `tool_${String(i + 1).padStart(4, '0')}`,
  description: `Tool ${i + 1} of a large upstream`,
  inputSchema: TEXT_INPUT,
  annotations: { readOnlyHint: true },
}));
let release = 0;

/** A new release of the upstream: `count` tools get a new description. */
function change(count) {
  release++;
  for (const tool of others.slice(0, count)) {
    tool.description = `${tool.description.replace(/ \(release \d+\)$/, '')} (release ${release})`;
  }
}

const handler = createMcpHandler(() => {
  const server = new Server(
    { name: 'bench-upstream', version: '1.0.0' },
    { capabilities: { tools: {} } },
  );
  server.setRequestHandler('tools/list', () => ({ tools: [echo, ...others] }));
  server.setRequestHandler('tools/call', (request) => {
    if (request.params.name !== 'echo') {
      return { content: [{ type: 'text', text: 'only echo answers' }], isError: true };
    }
    return { content: [{ type: 'text', text: String(request.params.arguments?.text) }] };
  });
  return server;
});
const serveMcp = toNodeHandler(handler);

const server = http.createServer((req, res) => {
  const url = new URL(req.url, 'http://upstream');
  if (url.pathname === '/health') return void res.end('ok');
  if (url.pathname === '/changes' && req.method === 'POST') {
    change(Number(url.searchParams.get('count')));
    return void res.end(JSON.stringify({ release }));
  }
  void serveMcp(req, res);
});
server.listen(Number(process.env.PORT), process.env.HOST || '127.0.0.1');
