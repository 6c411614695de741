'use strict';
// The runtime scenario's load: `sessions` conversations at once, each starting its runs back to
// back with `POST /api/v1/sessions/{id}/runs` (Accept: text/event-stream) and reading each run's
// SSE stream to its end. It runs in a worker thread, so its event loop (where arrival times are
// taken) is not shared with anything else the bench does meanwhile (e.g. autocannon).
// Every event is checked: eventIndex gap-free from 0, sequence numbers consecutive per session,
// each run ends with `complete` (success) after exactly the expected persisted events.
// With `followPort` (another instance), a client of that instance also follows each run
// (`GET /api/v1/runs/{id}/events`), and must get its persisted events and its `complete`.
const http = require('node:http');
const { Worker, isMainThread, parentPort, workerData } = require('node:worker_threads');

const HOST = '127.0.0.1';
const REQUEST_TIMEOUT_MS = 30_000;
const MAX_FAILURE_MESSAGES = 5;

/**
 * Runs the load in a worker; `onWindow(start|end)` is called as the measured window opens and
 * closes (after `warmup` s, then `duration` s later). New runs stop when the window closes; the
 * runs under way are read to their end. Resolves the worker's figures (see `measureSessions`).
 */
function runSessions(options, { onWindow = () => undefined, graceS = 30 } = {}) {
  return new Promise((resolve, reject) => {
    const worker = new Worker(__filename, { workerData: options });
    let settled = false;
    const finish = (fn, value) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      fn(value);
    };
    const limitS = options.warmup + options.duration + graceS;
    const timer = setTimeout(() => {
      finish(reject, new Error(`the runtime load did not finish within ${limitS} s`));
      void worker.terminate();
    }, limitS * 1000);
    worker.on('message', (message) => {
      if (message.type === 'window') onWindow(message.edge);
      else if (message.type === 'done') finish(resolve, message.result);
    });
    worker.on('error', (error) => finish(reject, error));
    worker.on('exit', (code) => finish(reject, new Error(`the runtime load exited (${code})`)));
  });
}

// ---------------------------------------------------------------------------------------------
// In the worker.

const now = () => performance.timeOrigin + performance.now();

function send(agent, port, { method, path, headers, body }, onResponse) {
  return new Promise((resolve, reject) => {
    const req = http.request(
      { host: HOST, port, method, path, headers, agent, timeout: REQUEST_TIMEOUT_MS },
      (res) => onResponse(res, resolve, reject),
    );
    req.on('timeout', () => req.destroy(new Error(`${method} ${path} timed out`)));
    req.on('error', reject);
    req.end(body);
  });
}

/** A JSON request; resolves the parsed body of a 2xx answer, rejects on anything else. */
function json(agent, port, method, path, authorization, payload) {
  const body = payload === undefined ? undefined : JSON.stringify(payload);
  const headers = { authorization, ...(body && { 'content-type': 'application/json' }) };
  return send(agent, port, { method, path, headers, body }, (res, resolve, reject) => {
    const chunks = [];
    res.on('data', (chunk) => chunks.push(chunk));
    res.on('error', reject);
    res.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      if (res.statusCode < 200 || res.statusCode > 299) {
        reject(new Error(`${method} ${path} answered ${res.statusCode}: ${text.slice(0, 500)}`));
      } else resolve(JSON.parse(text));
    });
  });
}

/**
 * One SSE request: calls `onEvent(event, arrivalMs)` for each frame as it arrives (frames in one
 * chunk share an arrival time). Resolves, once the response ends, the time its headers arrived;
 * rejects on any status but 200.
 */
function streamEvents(agent, port, request, onEvent) {
  return send(agent, port, request, (res, resolve, reject) => {
    const openedAt = now();
    if (res.statusCode !== 200) {
      const chunks = [];
      res.on('data', (chunk) => chunks.push(chunk));
      res.on('end', () =>
        reject(
          new Error(
            `${request.method} ${request.path} answered ${res.statusCode}: ` +
              Buffer.concat(chunks).toString('utf8').slice(0, 500),
          ),
        ),
      );
      return;
    }
    res.setEncoding('utf8');
    let buffer = '';
    res.on('data', (chunk) => {
      const arrival = now();
      buffer += chunk;
      let end;
      while ((end = buffer.indexOf('\n\n')) !== -1) {
        const frame = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const data = frame.split('\n').find((line) => line.startsWith('data: '));
        if (data) onEvent(JSON.parse(data.slice(6)), arrival);
      }
    });
    res.on('error', reject);
    res.on('end', () => resolve(openedAt));
  });
}

/** Starts a run and reads its stream to the end (see `streamEvents`). */
function streamRun(agent, port, sessionId, authorization, content, onEvent) {
  const headers = {
    authorization,
    accept: 'text/event-stream',
    'content-type': 'application/json',
  };
  const path = `/api/v1/sessions/${sessionId}/runs`;
  const body = JSON.stringify({ content });
  return streamEvents(agent, port, { method: 'POST', path, headers, body }, onEvent);
}

/**
 * Follows a run on the instance at `port` from its first event to its end. Resolves
 * `{ openedAt, arrivals, completed }`: when the instance answered (it listens to the run's live
 * events by then), each event's arrival by eventIndex and whether `complete` came; rejects
 * unless the indexes rise.
 */
async function followRun(agent, port, runId, authorization) {
  const arrivals = new Map();
  let problem;
  let last = -1;
  let completed = false;
  const request = {
    method: 'GET',
    path: `/api/v1/runs/${runId}/events`,
    headers: { authorization, accept: 'text/event-stream' },
  };
  const openedAt = await streamEvents(agent, port, request, (event, arrival) => {
    if (event.eventIndex <= last) problem ??= `eventIndex ${event.eventIndex} after ${last}`;
    last = event.eventIndex;
    arrivals.set(event.eventIndex, arrival);
    if (event.type === 'complete') completed = true;
  });
  if (problem) throw new Error(`followed on port ${port}: ${problem}`);
  return { openedAt, arrivals, completed };
}

/**
 * Adds the run's persisted events (`{ event, arrival }` as its own client got them) that reached
 * the follower in the window to `followed`: timed at both clients if the follower got them live
 * (emitted after its instance answered), else only counted as `replayed` (from the store).
 * Returns a problem, if the follower missed one.
 */
function pairFollowed(persisted, follower, inWindow, followed) {
  for (const { event, arrival } of persisted) {
    const remote = follower.arrivals.get(event.eventIndex);
    if (remote === undefined) return `the follower missed persisted event ${event.eventIndex}`;
    if (!inWindow(remote)) continue;
    const emitted = Date.parse(event.timestamp);
    if (emitted < follower.openedAt) {
      followed.replayed++;
    } else {
      followed.local.push(arrival - emitted);
      followed.remote.push(remote - emitted);
    }
  }
  return undefined;
}

async function measureSessions({
  port,
  followPort,
  authorization,
  agentId,
  sessions,
  warmup,
  duration,
  runsPerSession,
  content,
  persistedPerRun,
}) {
  // Per instance: a conversation's requests go one at a time, but the follower of its last run
  // may still be reading while the next run's follower starts.
  const agent = new http.Agent({ keepAlive: true, maxSockets: 2 * sessions + 2 });
  const newSession = async () =>
    (await json(agent, port, 'POST', '/api/v1/sessions', authorization, { agent_id: agentId })).id;
  const stats = {
    runs: 0,
    runsStarted: 0,
    persisted: 0,
    transient: 0,
    sessionsCreated: 0,
    failedRuns: 0,
    failures: [],
    persistedLatencies: [],
    transientLatencies: [],
    latenciesByType: {},
    runLatencies: [],
    followed:
      followPort === undefined ? undefined : { local: [], remote: [], replayed: 0, late: 0 },
  };
  const following = [];
  const fail = (message) => {
    stats.failedRuns++;
    if (stats.failures.length < MAX_FAILURE_MESSAGES) stats.failures.push(message);
  };

  const first = await Promise.all(Array.from({ length: sessions }, newSession));
  stats.sessionsCreated = sessions;
  const start = now() + warmup * 1000;
  const end = start + duration * 1000;
  const inWindow = (t) => t >= start && t < end;
  let stopped = false;
  const edge = (name, ms) =>
    setTimeout(() => {
      if (name === 'end') stopped = true;
      parentPort.postMessage({ type: 'window', edge: name });
    }, ms);
  const timers = [edge('start', warmup * 1000), edge('end', (warmup + duration) * 1000)];

  const conversation = async (sessionId) => {
    let runsInSession = 0;
    let lastSequence;
    while (!stopped) {
      if (runsInSession === runsPerSession) {
        sessionId = await newSession();
        stats.sessionsCreated++;
        runsInSession = 0;
        lastSequence = undefined;
      }
      runsInSession++;
      stats.runsStarted++;
      const sent = now();
      let nextIndex = 0;
      let persisted = 0;
      let completed;
      let problem;
      let follower;
      const persistedEvents = [];
      try {
        await streamRun(agent, port, sessionId, authorization, content, (event, arrival) => {
          if (followPort !== undefined && !follower) {
            follower = followRun(agent, followPort, event.runId, authorization);
            // Checked once this side has the whole run, if it succeeded here.
            follower.catch(() => undefined);
          }
          if (problem) return;
          if (event.eventIndex !== nextIndex++) {
            problem = `eventIndex ${event.eventIndex}, expected ${nextIndex - 1}`;
          } else if (event.type === 'error') {
            problem = `error event: ${event.code}: ${event.error}`;
          }
          const latency = arrival - Date.parse(event.timestamp);
          const counted = inWindow(arrival);
          if (event.persistenceState === 'persisted') {
            persisted++;
            if (lastSequence !== undefined && event.sequenceNumber !== lastSequence + 1) {
              problem = `sequenceNumber ${event.sequenceNumber} after ${lastSequence}`;
            }
            lastSequence = event.sequenceNumber;
            persistedEvents.push({ event, arrival });
            if (counted) {
              stats.persisted++;
              stats.persistedLatencies.push(latency);
              (stats.latenciesByType[event.type] ??= []).push(latency);
            }
          } else if (counted) {
            stats.transient++;
            stats.transientLatencies.push(latency);
          }
          if (event.type === 'complete') completed = { reason: event.reason, arrival };
        });
      } catch (error) {
        problem = error instanceof Error ? error.message : String(error);
        // The session may still have a run going; carry on with a fresh one.
        runsInSession = runsPerSession;
      }
      if (!problem && completed?.reason !== 'success') {
        problem = `the stream ended ${completed ? `with complete (${completed.reason})` : 'without complete'}`;
      }
      if (!problem && persisted !== persistedPerRun) {
        problem = `${persisted} persisted events, expected ${persistedPerRun}`;
      }
      if (problem) fail(problem);
      else {
        // Meanwhile the conversation goes on with its next run.
        if (follower) following.push(checkFollower(follower, persistedEvents, completed.arrival));
        if (inWindow(completed.arrival)) {
          stats.runs++;
          stats.runLatencies.push(completed.arrival - sent);
        }
      }
    }
  };
  const checkFollower = async (follower, persistedEvents, completedAt) => {
    const problem = await follower.then(
      (followed) => {
        // `complete` is streamed, not stored: an instance that answers once the run has ended
        // (its own client had `complete` already) replays the stored events and ends, as it
        // should; one that answered before must deliver it.
        if (!followed.completed) {
          if (followed.openedAt < completedAt) {
            const before = Math.round(completedAt - followed.openedAt);
            return (
              `followed on port ${followPort}: the stream ended without complete ` +
              `(answered ${before} ms before the run's end, ${followed.arrivals.size} events)`
            );
          }
          stats.followed.late++;
        }
        return pairFollowed(persistedEvents, followed, inWindow, stats.followed);
      },
      (error) => error.message,
    );
    if (problem) fail(problem);
  };
  try {
    await Promise.all(first.map(conversation));
    await Promise.all(following);
  } finally {
    timers.forEach(clearTimeout);
    agent.destroy();
  }
  return { ...stats, windowSeconds: duration };
}

if (!isMainThread && parentPort) {
  measureSessions(workerData).then(
    (result) => parentPort.postMessage({ type: 'done', result }),
    (error) => {
      throw error;
    },
  );
}

module.exports = { runSessions };
