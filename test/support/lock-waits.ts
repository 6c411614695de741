import { sql } from 'drizzle-orm';
import { type Database } from '../../src/database/database';
import { rawRows } from '../../src/database/raw-rows';

/**
 * Resolves once `count` statements of the database matching `query` (an ILIKE pattern) wait for
 * a lock another transaction holds: the test has caught them mid-race. Fails at once if
 * `answered` settles first (they never waited), else after `ms`, which only bounds a failure.
 */
export async function untilWaitingForLocks(
  db: Database,
  query: string,
  {
    count = 1,
    answered,
    ms = 30_000,
  }: { count?: number; answered?: Promise<unknown>; ms?: number } = {},
): Promise<void> {
  let settled = false;
  void answered?.then(
    () => (settled = true),
    () => (settled = true),
  );
  const deadline = Date.now() + ms;
  for (;;) {
    const waiting = await rawRows(
      db,
      sql`select 1 from pg_stat_activity where datname = current_database()
        and wait_event_type = 'Lock' and query ilike ${query}`,
    );
    if (waiting.length >= count) return;
    if (settled) throw new Error(`the statements like ${query} never waited for a lock`);
    if (Date.now() > deadline)
      throw new Error(`no ${count} statements like ${query} waited for a lock`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
