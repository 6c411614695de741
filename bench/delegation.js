'use strict';
// What calling an agent through its `agent` tool costs over running the same agent directly:
// one toolhub server (Fastify, PGlite), a scripted agent that answers at once, and two ways to
// get its answer, alternated one call at a time so both see the same machine:
// - direct: `POST /api/v1/sessions`, then `POST …/runs` with `Accept: text/event-stream`, read
//   to the stream's end (a new session each time, as a tool call makes);
// - as a tool: `POST /api/tools/{name}` with `{ message }`, which answers once the run has ended.
// The figure is the ratio of their median latencies (as a tool ÷ direct): 1.0 means the tool
// path adds nothing.
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { createApiKey } = require('./registry');
const { childEnv, request, startServer, stopServer } = require('./servers');

const TOOL_NAME = 'ask_bench_agent';
const AGENT = {
  name: 'bench_delegate',
  system_prompt: 'You answer at once.',
  model_config: { provider: 'scripted', model: 'scripted', script: [{ text: 'Done.' }] },
};

async function benchDelegation({ seconds }) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'toolhub-bench-delegation-'));
  const env = { HTTP_ADAPTER: 'fastify', DATA_DIR: dataDir };
  const authorization = `Bearer ${await createApiKey(childEnv(env))}`;
  const server = await startServer({ name: 'toolhub/fastify', script: 'dist/main.js', env });
  try {
    const call = callerOf(server.port, authorization);
    const agent = await call('POST', '/api/v1/agents', AGENT);
    await call('POST', '/api/v1/tools', {
      name: TOOL_NAME,
      implementation: { type: 'agent', agent_id: agent.id },
    });
    const direct = async () => {
      const session = await call('POST', '/api/v1/sessions', { agent_id: agent.id });
      const streamed = await call(
        'POST',
        `/api/v1/sessions/${session.id}/runs`,
        {
          content: 'Go',
        },
        { accept: 'text/event-stream' },
      );
      if (!streamed.includes('"reason":"success"'))
        throw new Error('a direct run did not complete');
    };
    const asTool = async () => {
      const answer = await call('POST', `/api/tools/${TOOL_NAME}`, { message: 'Go' });
      if (answer.result?.response !== 'Done.') throw new Error('a tool call did not answer');
    };
    for (let i = 0; i < 20; i++) {
      await direct();
      await asTool();
    }
    const timings = { direct: [], asTool: [] };
    const until = performance.now() + seconds * 1000;
    while (performance.now() < until) {
      timings.direct.push(await timed(direct));
      timings.asTool.push(await timed(asTool));
    }
    const directP50 = median(timings.direct);
    const asToolP50 = median(timings.asTool);
    return { calls: timings.direct.length, directP50, asToolP50, ratio: asToolP50 / directP50 };
  } finally {
    await stopServer(server);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

function callerOf(port, authorization) {
  return async (method, urlPath, body, headers = {}) => {
    const res = await request(
      port,
      {
        method,
        path: urlPath,
        headers: { authorization, 'content-type': 'application/json', ...headers },
        body: JSON.stringify(body),
      },
      30_000,
    );
    if (res.status < 200 || res.status > 299) {
      throw new Error(`${method} ${urlPath} answered ${res.status}: ${res.body}`);
    }
    return headers.accept ? res.body : JSON.parse(res.body);
  };
}

async function timed(work) {
  const started = performance.now();
  await work();
  return performance.now() - started;
}

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

function delegationReport(result) {
  return [
    '### An agent as a tool',
    '',
    `The same scripted agent, ${result.calls} calls each way, alternated (Fastify, PGlite): ` +
      `run directly (a session, then a run streamed to its end) in ${result.directP50.toFixed(1)} ms, ` +
      `called as a tool in ${result.asToolP50.toFixed(1)} ms (medians): ` +
      `**${result.ratio.toFixed(2)} ×** the direct run's latency.`,
  ].join('\n');
}

module.exports = { benchDelegation, callerOf, delegationReport, median, timed };
