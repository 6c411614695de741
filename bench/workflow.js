'use strict';
// What running three steps as a workflow costs over running the same steps directly: one
// toolhub server (Fastify, PGlite), a tool → agent → tool workflow (the builtin encodePlantUML,
// a scripted agent that answers at once, encodePlantUML again, fed through templates), and the
// same three calls made one after the other by the client, alternated one at a time so both
// see the same machine:
// - direct: `POST /api/tools/encodePlantUML`, a new session and its run streamed to its end,
//   `POST /api/tools/encodePlantUML`;
// - as a workflow: `POST /api/v1/workflows/{id}/runs` streamed to its end.
// The figure is the ratio of their median latencies (workflow ÷ direct).
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { callerOf, median, timed } = require('./delegation');
const { createApiKey } = require('./registry');
const { childEnv, startServer, stopServer } = require('./servers');

const DIAGRAM = '@startuml\nBob -> Alice : hello\n@enduml';
const AGENT = {
  name: 'bench_step',
  system_prompt: 'You answer at once.',
  model_config: { provider: 'scripted', model: 'scripted', script: [{ text: 'Done.' }] },
};

async function benchWorkflow({ seconds }) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'toolhub-bench-workflow-'));
  const env = { HTTP_ADAPTER: 'fastify', DATA_DIR: dataDir };
  const authorization = `Bearer ${await createApiKey(childEnv(env))}`;
  const server = await startServer({ name: 'toolhub/fastify', script: 'dist/main.js', env });
  try {
    const call = callerOf(server.port, authorization);
    const agent = await call('POST', '/api/v1/agents', AGENT);
    const listed = await call('GET', '/api/v1/tools?search=encodePlantUML');
    const toolId = listed.items[0].id;
    const workflow = await call('POST', '/api/v1/workflows', {
      name: 'bench_three_steps',
      steps: [
        { type: 'tool', id: toolId, input: { plantumlCode: '{{ input.code }}' } },
        { type: 'agent', id: agent.id, input: 'Describe {{ steps.0.output.url }}' },
        {
          type: 'tool',
          id: toolId,
          input: { plantumlCode: '@startuml\nA -> B : {{ previous.output }}\n@enduml' },
        },
      ],
    });
    const direct = async () => {
      const first = await call('POST', '/api/tools/encodePlantUML', { plantumlCode: DIAGRAM });
      const session = await call('POST', '/api/v1/sessions', { agent_id: agent.id });
      const streamed = await call(
        'POST',
        `/api/v1/sessions/${session.id}/runs`,
        { content: `Describe ${first.result.url}` },
        { accept: 'text/event-stream' },
      );
      if (!streamed.includes('"reason":"success"')) throw new Error('a run did not complete');
      await call('POST', '/api/tools/encodePlantUML', {
        plantumlCode: '@startuml\nA -> B : Done.\n@enduml',
      });
    };
    const asWorkflow = async () => {
      const streamed = await call(
        'POST',
        `/api/v1/workflows/${workflow.id}/runs`,
        { input: { code: DIAGRAM } },
        { accept: 'text/event-stream' },
      );
      if (!streamed.includes('event: workflow_completed')) {
        throw new Error('a workflow run did not complete');
      }
    };
    for (let i = 0; i < 20; i++) {
      await direct();
      await asWorkflow();
    }
    const timings = { direct: [], asWorkflow: [] };
    const until = performance.now() + seconds * 1000;
    while (performance.now() < until) {
      timings.direct.push(await timed(direct));
      timings.asWorkflow.push(await timed(asWorkflow));
    }
    const directP50 = median(timings.direct);
    const workflowP50 = median(timings.asWorkflow);
    return { runs: timings.direct.length, directP50, workflowP50, ratio: workflowP50 / directP50 };
  } finally {
    await stopServer(server);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

function workflowReport(result) {
  return [
    '### A workflow run',
    '',
    `Three steps (tool → agent → tool), ${result.runs} times each way, alternated (Fastify, ` +
      `PGlite): called directly one after the other in ${result.directP50.toFixed(1)} ms, run ` +
      `as a workflow (streamed to its end) in ${result.workflowP50.toFixed(1)} ms (medians): ` +
      `**${result.ratio.toFixed(2)} ×** the direct calls' latency.`,
  ].join('\n');
}

module.exports = { benchWorkflow, workflowReport };
