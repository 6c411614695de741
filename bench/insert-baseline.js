'use strict';
// The runtime scenario's baseline: bare single-row INSERT transactions, `concurrency` loops at a
// time, on the database the server uses. PostgreSQL: one `pg` client per loop, each sending
// BEGIN, the INSERT and COMMIT (the round trips a stored event's transaction makes too). PGlite:
// the same loop through `@electric-sql/pglite` in this process, on a scratch data directory of
// its own (the server's is locked while it runs), with PGlite's own `transaction()` as toolhub
// uses it. The row is shaped like a stored run event, with a typical event as its payload.
const { randomUUID } = require('node:crypto');
const { setTimeout: sleep } = require('node:timers/promises');
const { cpuMeter } = require('./cpu');

const TABLE = 'bench_baseline';
const CREATE_TABLE = `CREATE TABLE IF NOT EXISTS ${TABLE} (
  id bigserial PRIMARY KEY,
  session_id uuid NOT NULL,
  event_index integer NOT NULL,
  type text NOT NULL,
  event jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
)`;
const INSERT = `INSERT INTO ${TABLE} (session_id, event_index, type, event) VALUES ($1, $2, $3, $4)`;

/** A `message` event as the runtime stores it (about 600 bytes of JSON). */
function sampleEvent(sessionId, eventIndex) {
  return {
    type: 'message',
    sessionId,
    runId: randomUUID(),
    eventIndex,
    timestamp: new Date().toISOString(),
    persistenceState: 'persisted',
    sequenceNumber: eventIndex,
    content: 'The diagram is encoded; open the link to see it. '.repeat(8),
    messageId: `msg_${randomUUID().replaceAll('-', '')}`,
    stopReason: 'end_turn',
    usage: { input_tokens: 120, output_tokens: 100 },
  };
}

/**
 * Runs `concurrency` loops of `transaction(loop, params)` for a discarded warm-up and then the measured
 * `duration` (after `await beforeEach(concurrency)`, if given); resolves commits/s over the
 * measured window and the cores used in it.
 */
async function loops(concurrency, transaction, settings, meter, { yieldEach = false } = {}) {
  const { warmup, duration, beforeEach } = settings;
  await beforeEach?.(concurrency);
  let stop = false;
  let measuring = false;
  let commits = 0;
  const worker = async (_, loop) => {
    const sessionId = randomUUID();
    for (let i = 0; !stop; i++) {
      const event = JSON.stringify(sampleEvent(sessionId, i));
      await transaction(loop, [sessionId, i, 'message', event]);
      if (measuring) commits++;
      // PGlite works synchronously and settles its promises at once: without a turn of the
      // event loop here, the loops would starve the timers that end them.
      if (yieldEach) await new Promise(setImmediate);
    }
  };
  const running = Promise.all(Array.from({ length: concurrency }, worker));
  // A failing loop stops the others at once instead of at the end of the run.
  running.catch(() => (stop = true));
  const clock = (async () => {
    await sleep(warmup * 1000);
    measuring = true;
    const cpu = meter();
    const started = performance.now();
    await sleep(duration * 1000);
    measuring = false;
    const seconds = (performance.now() - started) / 1000;
    const cores = cpu();
    stop = true;
    return { commits, seconds, cores };
  })();
  const [{ commits: total, seconds, cores }] = await Promise.all([clock, running]);
  return {
    concurrency,
    insertsPerSec: total / seconds,
    inserts: total,
    cpuCores: cores,
  };
}

/** The baseline on the PostgreSQL database at `url` (its table is dropped afterwards). */
async function postgresInsertBaseline(url, concurrencies, settings, { dbMatch } = {}) {
  const { Client } = require('pg');
  const connect = async () => {
    const client = new Client({ connectionString: url, connectionTimeoutMillis: 10_000 });
    await client.connect();
    return client;
  };
  const admin = await connect();
  try {
    await admin.query(CREATE_TABLE);
    const results = [];
    for (const concurrency of concurrencies) {
      const clients = [];
      try {
        for (let i = 0; i < concurrency; i++) clients.push(await connect());
        const transaction = async (loop, params) => {
          const client = clients[loop];
          await client.query('BEGIN');
          try {
            await client.query(INSERT, params);
            await client.query('COMMIT');
          } catch (error) {
            await client.query('ROLLBACK').catch(() => undefined);
            throw error;
          }
        };
        results.push(
          await loops(concurrency, transaction, settings, () => cpuMeter(undefined, { dbMatch })),
        );
      } finally {
        await Promise.all(clients.map((client) => client.end().catch(() => undefined)));
      }
    }
    return results;
  } finally {
    await admin.query(`DROP TABLE IF EXISTS ${TABLE}`).catch(() => undefined);
    await admin.end();
  }
}

/** The baseline on a fresh PGlite database in `dataDir`, in this process. */
async function pgliteInsertBaseline(dataDir, concurrencies, settings) {
  const { PGlite } = require('@electric-sql/pglite');
  const db = await PGlite.create(dataDir);
  try {
    await db.exec(CREATE_TABLE);
    const results = [];
    for (const concurrency of concurrencies) {
      const transaction = (_loop, params) => db.transaction((tx) => tx.query(INSERT, params));
      const meter = () => cpuMeter(undefined);
      results.push(await loops(concurrency, transaction, settings, meter, { yieldEach: true }));
    }
    return results;
  } finally {
    await db.close();
  }
}

module.exports = { postgresInsertBaseline, pgliteInsertBaseline };
