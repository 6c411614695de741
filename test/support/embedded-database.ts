import { cp, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';

/**
 * An embedded database of its own, migrated. Opening a copy of the template global-setup.js
 * made takes about a second; creating one (initdb) takes several, so that is only the fallback
 * when there is none (and that one is not migrated: the caller migrates).
 */
export async function openEmbeddedDatabase(): Promise<{ client: PGlite; close(): Promise<void> }> {
  const template = process.env.TOOLHUB_PGLITE_TEMPLATE;
  if (!template) {
    const client = await PGlite.create();
    return { client, close: () => client.close() };
  }
  const directory = await mkdtemp(join(tmpdir(), 'toolhub-test-db-'));
  await cp(join(template, 'pgdata'), join(directory, 'pgdata'), { recursive: true });
  const client = await PGlite.create(join(directory, 'pgdata'));
  return {
    client,
    close: async () => {
      await client.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
