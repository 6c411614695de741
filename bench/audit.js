'use strict';
// What the audit log costs a tool call: two toolhub servers (Fastify, PGlite), the same but for
// `AUDIT_LOG=false` on one, each called with `POST /api/tools/encodePlantUML` by `CONCURRENCY`
// callers, two rounds alternated. The figure is the throughput with the log over without it.
const fs = require('node:fs');
const http = require('node:http');
const os = require('node:os');
const path = require('node:path');
const { createApiKey, timedRequest } = require('./registry');
const { childEnv, startServer, stopServer } = require('./servers');
const { callersFor } = require('./sources');

const CONCURRENCY = 20;
const BODY = JSON.stringify({ plantumlCode: '@startuml\nBob -> Alice : hello\n@enduml' });

async function benchAudit({ seconds }) {
  const servers = {};
  try {
    for (const [name, auditLog] of [
      ['with', 'true'],
      ['without', 'false'],
    ]) {
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `toolhub-bench-audit-${name}-`));
      const env = { HTTP_ADAPTER: 'fastify', DATA_DIR: dataDir, AUDIT_LOG: auditLog };
      const authorization = `Bearer ${await createApiKey(childEnv(env))}`;
      const server = await startServer({
        name: `toolhub/audit ${name}`,
        script: 'dist/main.js',
        env,
      });
      servers[name] = { server, dataDir, call: caller(server.port, authorization) };
    }
    const windowS = seconds / 2;
    const calls = { with: 0, without: 0 };
    for (const { call } of Object.values(servers))
      await callersFor(call, Math.min(1, windowS), CONCURRENCY);
    for (let round = 0; round < 2; round++) {
      for (const [name, { call }] of Object.entries(servers)) {
        calls[name] += await callersFor(call, windowS, CONCURRENCY);
      }
    }
    const perS = (name) => calls[name] / (2 * windowS);
    return {
      concurrency: CONCURRENCY,
      withPerS: perS('with'),
      withoutPerS: perS('without'),
      ratio: perS('with') / perS('without'),
    };
  } finally {
    for (const { server, dataDir } of Object.values(servers)) {
      await stopServer(server);
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }
}

function caller(port, authorization) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: CONCURRENCY });
  const sent = {
    method: 'POST',
    path: '/api/tools/encodePlantUML',
    headers: { authorization, 'content-type': 'application/json' },
    body: BODY,
  };
  return async () => {
    const res = await timedRequest(agent, port, sent);
    if (res.status !== 200)
      throw new Error(`POST ${sent.path} answered ${res.status}: ${res.body}`);
  };
}

function auditReport(result) {
  return [
    '### The audit log',
    '',
    `\`POST /api/tools/encodePlantUML\`, ${result.concurrency} callers, two rounds alternated ` +
      `(Fastify, PGlite): ${result.withPerS.toFixed(0)} calls/s with every call recorded, ` +
      `${result.withoutPerS.toFixed(0)} with \`AUDIT_LOG=false\`: **${result.ratio.toFixed(2)} ×**.`,
  ].join('\n');
}

module.exports = { benchAudit, auditReport };
