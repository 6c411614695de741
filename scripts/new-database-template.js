#!/usr/bin/env node
// Part of `npm run build`: a new, empty PostgreSQL database as PGlite creates it, kept in dist/
// beside the embedded database's thread (see pglite-thread.ts). Creating one runs initdb in
// WebAssembly, 2-3 s of a start; copying this one takes about 0.4 s, so a server's very first
// start on a new data directory begins from it. Every new database is the same, and the build
// after an install makes it, so it always matches the PGlite in use.
'use strict';

const { rmSync } = require('node:fs');
const { join } = require('node:path');
const { PGlite } = require('@electric-sql/pglite');

const TEMPLATE = join(__dirname, '..', 'dist', 'database', 'pglite', 'new-database');

async function main() {
  rmSync(TEMPLATE, { recursive: true, force: true });
  const database = await PGlite.create(TEMPLATE);
  await database.close();
}

main().catch((error) => {
  console.error(`Could not make the new database template: ${error.stack ?? error}`);
  process.exit(1);
});
