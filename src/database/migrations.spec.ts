import { cp, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { openEmbeddedDatabase } from '../../test/support/embedded-database';
import journal from '../../migrations/meta/_journal.json';

const MIGRATIONS = join(__dirname, '..', '..', 'migrations');

/** A migrations folder holding only the first `count` committed migrations. */
async function firstMigrations(count: number): Promise<string> {
  const folder = await mkdtemp(join(tmpdir(), 'toolhub-migrations-'));
  const entries = journal.entries.slice(0, count);
  for (const { tag } of entries)
    await cp(join(MIGRATIONS, `${tag}.sql`), join(folder, `${tag}.sql`));
  await cp(join(MIGRATIONS, 'meta'), join(folder, 'meta'), { recursive: true });
  await writeFile(join(folder, 'meta', '_journal.json'), JSON.stringify({ ...journal, entries }));
  return folder;
}

describe('migrations', () => {
  it('make each key issued before users existed a user of its own, even where names repeat', async () => {
    const { client, close } = await openEmbeddedDatabase();
    const before = await firstMigrations(1);
    try {
      // Back to an empty database, then to the first release's schema, with its keys.
      await client.exec(
        'DROP SCHEMA public CASCADE; CREATE SCHEMA public; DROP SCHEMA IF EXISTS drizzle CASCADE;',
      );
      const db = drizzle({ client });
      await migrate(db, { migrationsFolder: before });
      await client.exec(`INSERT INTO api_keys (name, key_hash, prefix)
        VALUES ('ci', 'hash-1', 'thk_1'), ('ci', 'hash-2', 'thk_2'), ('laptop', 'hash-3', 'thk_3')`);

      await migrate(db, { migrationsFolder: MIGRATIONS });

      const { rows } = await client.query<{ name: string; user_name: string; role: string }>(
        'SELECT name, user_name, role FROM api_keys ORDER BY key_hash',
      );
      expect(rows.map((row) => row.role)).toEqual(['admin', 'admin', 'admin']);
      expect(new Set(rows.map((row) => row.user_name)).size).toBe(3);
      expect(rows[2]).toMatchObject({ name: 'laptop', user_name: 'laptop' });
      for (const row of rows.slice(0, 2)) expect(row.user_name).toMatch(/^ci \([0-9a-f]{8}\)$/);
    } finally {
      await close();
      await rm(before, { recursive: true, force: true });
    }
  });
});
