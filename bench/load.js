'use strict';
// One scenario's load run: a discarded warm-up, then the measured autocannon run.
const http = require('node:http');
const autocannon = require('autocannon');
const { HOST } = require('./servers');
const { cpuMeter } = require('./cpu');

/**
 * Runs autocannon, stopping it (and failing) if it overruns its duration by `graceS`. With
 * `latencies`, the latency of every 2xx response is pushed onto it, in ms with µs precision
 * (autocannon's own percentiles are whole milliseconds and lack p95).
 */
function cannon(opts, { graceS = 15, latencies } = {}) {
  return new Promise((resolve, reject) => {
    const instance = autocannon(opts, (error, result) => {
      clearTimeout(timer);
      if (error) reject(error);
      else resolve(result);
    });
    if (latencies) {
      instance.on('response', (_client, status, _bytes, ms) => {
        if (status >= 200 && status <= 299) latencies.push(ms);
      });
    }
    const timer = setTimeout(
      () => {
        instance.stop();
        reject(new Error(`autocannon did not finish within ${opts.duration + graceS} s`));
      },
      (opts.duration + graceS) * 1000,
    );
  });
}

/** The nearest-rank percentile `p` (0..100) of ascending `sorted`, rounded to 0.01 ms. */
function percentile(sorted, p) {
  if (sorted.length === 0) return undefined;
  const rank = Math.min(sorted.length, Math.max(1, Math.ceil((p / 100) * sorted.length)));
  return Math.round(sorted[rank - 1] * 100) / 100;
}

/** p50, p95 and p99 (ms) of a list of latencies. */
function latencySummary(latencies) {
  const sorted = Float64Array.from(latencies).sort();
  return {
    p50Ms: percentile(sorted, 50),
    p95Ms: percentile(sorted, 95),
    p99Ms: percentile(sorted, 99),
    maxMs: sorted.length ? Math.round(sorted[sorted.length - 1] * 100) / 100 : undefined,
  };
}

/**
 * Measures `scenario` against the server on `port`; returns the numbers run.js reports.
 * `dbMatch` (see cpuMeter) counts the database's processes apart from other processes.
 * `alongside` (a `probe`'s path, rate and connections) is probed during the measured run.
 */
async function measure(port, pid, scenario, { duration, warmup }, { dbMatch, alongside } = {}) {
  const opts = {
    url: `http://127.0.0.1:${port}${scenario.path}`,
    method: scenario.method,
    headers: scenario.headers,
    body: scenario.body,
    connections: scenario.connections,
    timeout: 10,
  };
  if (warmup > 0) await cannon({ ...opts, duration: warmup });
  const latencies = [];
  const cpu = cpuMeter(pid, { dbMatch });
  const [r, probed] = await Promise.all([
    cannon({ ...opts, duration }, { latencies }),
    alongside && probe({ port, ...alongside }, duration),
  ]);
  const cores = cpu();
  return {
    connections: scenario.connections,
    reqPerSec: r.requests.average,
    ...latencySummary(latencies),
    meanMs: r.latency.average,
    requests: r.requests.total,
    non2xx: r.non2xx,
    errors: r.errors,
    timeouts: r.timeouts,
    cpuCores: cores,
    ...(probed && { alongside: probed }),
    statusCodes: Object.fromEntries(
      Object.entries(r.statusCodeStats).map(([code, { count }]) => [code, count]),
    ),
  };
}

/**
 * `GET path` at a fixed `rate` for `duration` s, over at most `connections` kept-alive
 * connections (more requests wait in the client's queue). Open loop: each request is due at its
 * slot and its latency counts from then, so a server that stalls is charged for every request
 * that it kept waiting; the requests still out when the time is up are waited for (up to
 * `graceS`) and counted too.
 */
async function probe({ port, path: urlPath, rate, connections }, duration, graceS = 30) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  const latencies = [];
  const outcome = { non2xx: 0, errors: 0 };
  const pending = [];
  const get = (due) =>
    new Promise((resolve) => {
      const req = http.get(
        { host: HOST, port, path: urlPath, agent, timeout: graceS * 1000 },
        (res) => {
          res.resume();
          res.on('end', () => {
            if (res.statusCode >= 200 && res.statusCode <= 299)
              latencies.push(performance.now() - due);
            else outcome.non2xx++;
            resolve();
          });
        },
      );
      req.on('timeout', () => req.destroy(new Error('timed out')));
      req.on('error', () => {
        outcome.errors++;
        resolve();
      });
    });
  const start = performance.now();
  const count = Math.round(rate * duration);
  try {
    for (let i = 0; i < count; i++) {
      const due = start + (i * 1000) / rate;
      const wait = due - performance.now();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      pending.push(get(due));
    }
    await Promise.all(pending);
  } finally {
    agent.destroy();
  }
  return { requests: count, answered: latencies.length, ...latencySummary(latencies), ...outcome };
}

module.exports = { measure, latencySummary, probe };
