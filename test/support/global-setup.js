// Creating a PGlite database (initdb) takes about 2 s; copying a fresh one takes 0.1 s. Every
// test app gets a copy of this template (see test-database.ts).
const { mkdtempSync } = require('node:fs');
const { tmpdir } = require('node:os');
const { join } = require('node:path');

module.exports = async function createPgliteTemplate() {
  if (process.env.DATABASE_URL) return;
  const { PGlite } = require('@electric-sql/pglite');
  const template = mkdtempSync(join(tmpdir(), 'toolhub-pglite-template-'));
  const db = await PGlite.create(join(template, 'pgdata'));
  await db.close();
  process.env.TOOLHUB_PGLITE_TEMPLATE = template;
};
