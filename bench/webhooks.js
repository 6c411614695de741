'use strict';
// How fast queued webhook deliveries reach a receiver, against plain signed POSTs to the same
// receiver: one toolhub server (Fastify, PGlite) and a node:http receiver in this process.
// - baseline: this process signs (standardwebhooks) and POSTs the same kind of body, two at a
//   time (the server's JOB_CONCURRENCY), for the given seconds;
// - deliveries: runs with `webhook_url` are started while the receiver holds its first answers,
//   so their deliveries queue up; then the receiver answers everything and the time until every
//   delivery has arrived gives deliveries per second (fetch, sign, POST, record, per job).
// The figure is the ratio of the two rates (deliveries ÷ baseline): 1.0 means the queue adds
// nothing to a signed POST.
const fs = require('node:fs');
const http = require('node:http');
const os = require('node:os');
const path = require('node:path');
const { Webhook } = require('standardwebhooks');
const { createApiKey } = require('./registry');
const { childEnv, request, startServer, stopServer } = require('./servers');

const DELIVERIES = 200;
const CONCURRENCY = 2;
const SECRET = `whsec_${Buffer.alloc(32, 9).toString('base64')}`;
const AGENT = {
  name: 'bench_webhooks',
  system_prompt: 'You answer at once.',
  model_config: { provider: 'scripted', model: 'scripted', script: [{ text: 'Done.' }] },
};

async function benchWebhooks({ seconds }) {
  const receiver = await startReceiver();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'toolhub-bench-webhooks-'));
  const env = {
    HTTP_ADAPTER: 'fastify',
    DATA_DIR: dataDir,
    TOOL_URL_ALLOW: '127.0.0.1',
    WEBHOOK_SECRET: SECRET,
    WEBHOOK_TIMEOUT_SECONDS: '300',
    JOB_CONCURRENCY: String(CONCURRENCY),
    JOB_POLL_INTERVAL_MS: '500',
  };
  const authorization = `Bearer ${await createApiKey(childEnv(env))}`;
  const server = await startServer({ name: 'toolhub/fastify', script: 'dist/main.js', env });
  try {
    const baselinePerS = await baseline(receiver, seconds);
    receiver.reset({ hold: true });
    const call = callerOf(server.port, authorization);
    const agent = await call('POST', '/api/v1/agents', AGENT);
    for (let i = 0; i < DELIVERIES; i++) {
      const session = await call('POST', '/api/v1/sessions', { agent_id: agent.id });
      await call('POST', `/api/v1/sessions/${session.id}/runs`, {
        content: 'Go',
        webhook_url: receiver.url,
      });
    }
    const started = performance.now();
    receiver.release();
    await receiver.received(DELIVERIES);
    const deliveriesPerS = DELIVERIES / ((performance.now() - started) / 1000);
    return {
      deliveries: DELIVERIES,
      baselinePerS,
      deliveriesPerS,
      ratio: deliveriesPerS / baselinePerS,
    };
  } finally {
    await stopServer(server);
    await receiver.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/** Signed POSTs from here, `CONCURRENCY` at a time, for `seconds`: posts per second. */
async function baseline(receiver, seconds) {
  const signer = new Webhook(SECRET);
  const body = JSON.stringify({
    type: 'run.completed',
    timestamp: new Date().toISOString(),
    data: { id: 'bench', status: 'completed' },
  });
  let sent = 0;
  const until = performance.now() + seconds * 1000;
  const started = performance.now();
  const post = async () => {
    while (performance.now() < until) {
      const id = `msg_${sent++}`;
      const now = new Date();
      await postTo(receiver.url, body, {
        'webhook-id': id,
        'webhook-timestamp': String(Math.floor(now.getTime() / 1000)),
        'webhook-signature': signer.sign(id, now, body),
      });
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, post));
  return sent / ((performance.now() - started) / 1000);
}

function postTo(url, body, headers) {
  return new Promise((resolve, reject) => {
    const req = http.request(
      url,
      { method: 'POST', headers: { 'content-type': 'application/json', ...headers } },
      (res) => {
        res.resume();
        res.on('end', resolve);
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

/** Counts POSTs; while holding, keeps them unanswered until `release`. */
async function startReceiver() {
  let count = 0;
  let holding = false;
  let held = [];
  let waiter;
  const server = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      const answer = () => res.writeHead(200).end();
      if (holding) held.push(answer);
      else answer();
      count++;
      waiter?.();
    });
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${server.address().port}/hooks`,
    reset({ hold }) {
      count = 0;
      holding = hold;
    },
    release() {
      holding = false;
      for (const answer of held) answer();
      held = [];
    },
    received: (n) =>
      new Promise((resolve) => {
        waiter = () => count >= n && resolve();
        waiter();
      }),
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(resolve);
      }),
  };
}

function callerOf(port, authorization) {
  return async (method, urlPath, body) => {
    const res = await request(
      port,
      {
        method,
        path: urlPath,
        headers: { authorization, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      },
      30_000,
    );
    if (res.status < 200 || res.status > 299) {
      throw new Error(`${method} ${urlPath} answered ${res.status}: ${res.body}`);
    }
    return JSON.parse(res.body);
  };
}

function webhooksReport(result) {
  return [
    '### Webhook deliveries',
    '',
    `${result.deliveries} queued deliveries (Fastify, PGlite, ${CONCURRENCY} workers) reached the ` +
      `receiver at ${result.deliveriesPerS.toFixed(0)}/s; plain signed POSTs to the same receiver, ` +
      `${CONCURRENCY} at a time, at ${result.baselinePerS.toFixed(0)}/s: ` +
      `**${result.ratio.toFixed(2)} ×** the baseline's rate.`,
  ].join('\n');
}

module.exports = { benchWebhooks, webhooksReport };
