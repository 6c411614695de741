'use strict';
// Where the CPU went during a run, from /proc: the server under test, this process (the load
// generator), and everything else on the machine. "Other" well above zero means the numbers
// were measured on a busy machine and are not comparable.
const fs = require('node:fs');

const TICK_MS = 10; // USER_HZ is 100 on Linux

/** Busy and total CPU time of the whole machine, in ms. */
function machine() {
  const fields = fs
    .readFileSync('/proc/stat', 'utf8')
    .split('\n')[0]
    .trim()
    .split(/\s+/)
    .slice(1, 9)
    .map(Number);
  const total = fields.reduce((a, b) => a + b, 0);
  const idle = fields[3] + fields[4]; // idle + iowait
  return { busy: (total - idle) * TICK_MS, total: total * TICK_MS };
}

/** utime + stime of one process, in ms. */
function processMs(pid) {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) * TICK_MS;
}

/**
 * Total CPU ms, by pid, of the processes whose command line contains `text` (PostgreSQL shows
 * its backends as `postgres: user database host(port) state`). Processes that are gone by the
 * end of a measurement are not counted, so this can only under-count.
 */
function matchingProcessesMs(text) {
  const byPid = new Map();
  for (const pid of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(pid)) continue;
    try {
      if (!fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes(text)) continue;
      byPid.set(pid, processMs(pid));
    } catch {
      // exited meanwhile, or not ours to read
    }
  }
  return byPid;
}

function selfMs() {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
}

/**
 * Starts a measurement; the returned function gives cores used (0..ncpu) since then. With
 * `dbMatch`, the processes whose command line contains it (the PostgreSQL backends serving the
 * server's database) are counted as `db` instead of `other`, when this machine runs them.
 * `serverPid` may list several servers (instances of one service): `server` counts them
 * together and `servers` lists each one's. Without it (nothing but this process and the
 * database under test), `server` is 0.
 */
function cpuMeter(serverPid, { dbMatch } = {}) {
  const dbMs = () => (dbMatch ? matchingProcessesMs(dbMatch) : new Map());
  const serverPids = [serverPid].flat().filter((pid) => pid !== undefined);
  const serversMs = () => serverPids.map(processMs);
  const start = {
    m: machine(),
    servers: serversMs(),
    db: dbMs(),
    self: selfMs(),
    t: performance.now(),
  };
  return () => {
    const m = machine();
    const wallMs = performance.now() - start.t;
    const servers = serversMs().map((ms, i) => (ms - start.servers[i]) / wallMs);
    const server = servers.reduce((sum, cores) => sum + cores, 0);
    let dbTotal = 0;
    // A backend started during the run spent all its CPU time in it.
    for (const [pid, ms] of dbMs()) dbTotal += ms - (start.db.get(pid) ?? 0);
    const db = dbTotal / wallMs;
    const client = (selfMs() - start.self) / wallMs;
    const busy = (m.busy - start.m.busy) / wallMs;
    const round = (x) => Math.round(x * 100) / 100;
    return {
      server: round(server),
      ...(serverPids.length > 1 ? { servers: servers.map(round) } : {}),
      ...(dbMatch ? { db: round(db) } : {}),
      client: round(client),
      other: round(Math.max(0, busy - server - db - client)),
    };
  };
}

/** Fraction of the machine busy over `ms`, for a check before starting anything. */
async function machineBusy(ms = 1000) {
  const a = machine();
  await new Promise((resolve) => setTimeout(resolve, ms));
  const b = machine();
  return (b.busy - a.busy) / Math.max(1, b.total - a.total);
}

/**
 * Waits (up to `maxS` seconds) for a second in which the machine is at most `limit` busy, so
 * a run does not start while other work is going on. Returns the last busy fraction seen.
 */
async function waitQuiet(limit, maxS) {
  const started = performance.now();
  let busy = await machineBusy();
  if (busy <= limit || maxS === 0) return busy;
  console.error(`bench: machine ${pct(busy)} busy; waiting up to ${maxS} s for it to quieten`);
  while (busy > limit && performance.now() - started < maxS * 1000) busy = await machineBusy();
  const waitedS = Math.round((performance.now() - started) / 1000);
  console.error(
    `bench: ${busy > limit ? `still ${pct(busy)} busy; going on` : 'quiet'} after ${waitedS} s`,
  );
  return busy;
}

const pct = (fraction) => `${Math.round(fraction * 100)}%`;

module.exports = { cpuMeter, machineBusy, waitQuiet };
