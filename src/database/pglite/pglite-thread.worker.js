'use strict';
// The embedded database's own thread. PGlite (PostgreSQL compiled to WebAssembly) runs each
// query synchronously on the thread that owns it; here that is not the thread serving HTTP, so
// a busy database never stalls requests, streams or timers. The main thread speaks the
// PostgreSQL wire protocol to it over one connection (see pglite-wire-stream.ts): each message
// carries protocol bytes and is answered, in order, with the bytes PGlite returns.
const { cpSync, renameSync, rmSync } = require('node:fs');
const { setFlagsFromString } = require('node:v8');
const { parentPort, workerData } = require('node:worker_threads');

// V8 runs WebAssembly first as its baseline compiler (Liftoff) makes it, then compiles the busy
// functions again with its optimising one (TurboFan). PostgreSQL's work spreads over many
// functions: the second compilation kept 50-70 MB more resident and cost more CPU than it saved
// (30,000 queries: 14.5 s of CPU on Liftoff alone, 15-17 s with both). Set before PGlite compiles
// its module; V8's flags are the process's, so other WebAssembly stays on Liftoff too.
setFlagsFromString('--liftoff-only');
const { PGlite } = require('@electric-sql/pglite');

// PostgreSQL zeroes its shared buffers when it starts, so PGlite's default of 128 MB is resident
// from the first moment, most of the thread's memory. 16 MB holds toolhub's working set; pages
// beyond it are read back from the data directory, which the OS caches.
const START_PARAMS = [...PGlite.defaultStartParams, '-c', 'shared_buffers=16MB'];

async function open() {
  const { directory, template } = workerData;
  if (template) createFromTemplate(directory, template);
  const db = await PGlite.create(directory, { startParams: START_PARAMS });
  let previous = Promise.resolve();
  parentPort.on('message', (message) => {
    previous = previous.then(() => handle(db, message));
  });
  parentPort.postMessage({ type: 'ready' });
}

/**
 * A new database as a copy of the template, made beside `directory` and moved into place once
 * whole, so a start that ends half-way leaves nothing that passes for a database. Moving it
 * replaces an empty directory; one holding files but no database stays, and the start fails.
 */
function createFromTemplate(directory, template) {
  const staging = `${directory}.new`;
  rmSync(staging, { recursive: true, force: true });
  try {
    cpSync(template, staging, { recursive: true });
    renameSync(staging, directory);
  } catch (error) {
    rmSync(staging, { recursive: true, force: true });
    throw error;
  }
}

async function handle(db, message) {
  if (message.type === 'close') {
    await db.close();
    parentPort.postMessage({ type: 'closed' });
    return;
  }
  try {
    if (message.type === 'reset') {
      await resetSession(db);
      parentPort.postMessage({ type: 'answer', bytes: new Uint8Array(0) });
      return;
    }
    const bytes = await answerTo(db, message.bytes);
    parentPort.postMessage({ type: 'answer', bytes }, [bytes.buffer]);
  } catch (error) {
    parentPort.postMessage({ type: 'failed', message: messageOf(error) });
  }
}

/**
 * The bytes PostgreSQL answers `bytes` with, in a buffer of their own (so they are moved to the
 * main thread, not copied). Not `execProtocolRaw`: it also parses every answer into messages
 * for PGlite's own listeners and keeps each of them in a list it never empties (about 8 KB a
 * query of 20 short rows), so memory grew with every query and so did the collector's work.
 * Here each piece PostgreSQL writes is copied out of the WebAssembly memory, which the next
 * write reuses, and nothing is parsed.
 */
async function answerTo(db, bytes) {
  const pieces = [];
  await db.execProtocolRawStream(bytes, { onRawData: (piece) => pieces.push(piece.slice()) });
  if (pieces.length === 1) return pieces[0];
  const answer = new Uint8Array(pieces.reduce((length, piece) => length + piece.length, 0));
  let offset = 0;
  for (const piece of pieces) {
    answer.set(piece, offset);
    offset += piece.length;
  }
  return answer;
}

/**
 * PGlite has one session, which every connection of the main thread reuses in turn; node-postgres
 * drops a connection after a failed query and opens another. So a new connection is given the
 * session as PostgreSQL gives a new one: no transaction left open, and no prepared statement,
 * setting or session lock of the connection before it.
 */
async function resetSession(db) {
  await db.exec('ROLLBACK');
  await db.exec('DISCARD ALL');
}

function messageOf(error) {
  return error instanceof Error ? error.message : String(error);
}

open().catch((error) => parentPort.postMessage({ type: 'failed', message: messageOf(error) }));
