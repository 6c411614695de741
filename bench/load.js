'use strict';
// One scenario's load run: a discarded warm-up, then the measured autocannon run.
const autocannon = require('autocannon');
const { cpuMeter } = require('./cpu');

/** Runs autocannon, stopping it (and failing) if it overruns its duration by `graceS`. */
function cannon(opts, graceS = 15) {
  return new Promise((resolve, reject) => {
    const instance = autocannon(opts, (error, result) => {
      clearTimeout(timer);
      if (error) reject(error);
      else resolve(result);
    });
    const timer = setTimeout(
      () => {
        instance.stop();
        reject(new Error(`autocannon did not finish within ${opts.duration + graceS} s`));
      },
      (opts.duration + graceS) * 1000,
    );
  });
}

/** Measures `scenario` against the server on `port`; returns the numbers run.js reports. */
async function measure(port, pid, scenario, { duration, warmup }) {
  const opts = {
    url: `http://127.0.0.1:${port}${scenario.path}`,
    method: scenario.method,
    headers: scenario.headers,
    body: scenario.body,
    connections: scenario.connections,
    timeout: 10,
  };
  if (warmup > 0) await cannon({ ...opts, duration: warmup });
  const cpu = cpuMeter(pid);
  const r = await cannon({ ...opts, duration });
  const cores = cpu();
  return {
    connections: scenario.connections,
    reqPerSec: r.requests.average,
    p50Ms: r.latency.p50,
    p99Ms: r.latency.p99,
    meanMs: r.latency.average,
    maxMs: r.latency.max,
    requests: r.requests.total,
    non2xx: r.non2xx,
    errors: r.errors,
    timeouts: r.timeouts,
    cpuCores: cores,
    statusCodes: Object.fromEntries(
      Object.entries(r.statusCodeStats).map(([code, { count }]) => [code, count]),
    ),
  };
}

module.exports = { measure };
