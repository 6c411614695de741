const { rmSync } = require('node:fs');

module.exports = async function removeDatabaseTemplate() {
  const template = process.env.TOOLHUB_PGLITE_TEMPLATE;
  if (template) rmSync(template, { recursive: true, force: true });
  // Set by global-setup.js when the temporary files of the run live in memory.
  const scratch = process.env.TOOLHUB_TEST_SCRATCH;
  if (scratch) rmSync(scratch, { recursive: true, force: true });
  const postgresTemplate = process.env.TOOLHUB_POSTGRES_TEMPLATE;
  // Set by global-setup.js only when DATABASE_URL is.
  if (postgresTemplate) {
    const { Client } = require('pg');
    const server = new Client({ connectionString: process.env.DATABASE_URL });
    await server.connect();
    await server.query(`DROP DATABASE IF EXISTS ${postgresTemplate} WITH (FORCE)`);
    await server.end();
  }
};
