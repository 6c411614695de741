import { type Pool } from 'pg';
import { openServerConnection } from '../../../test/support/embedded-database';

/**
 * node-postgres drops its connection after a failed query and opens another, which on the
 * embedded database reaches the same PGlite session: that connection must find the session as
 * a new PostgreSQL connection would.
 */
describe('a new connection to the embedded database', () => {
  let pool: Pool;
  let close: () => Promise<void>;

  beforeAll(async () => {
    ({ pool, close } = await openServerConnection());
  });

  afterAll(() => close?.());

  /** A query that fails, after which the pool replaces its one connection. */
  async function failAQuery(): Promise<void> {
    await expect(pool.query('SELECT * FROM no_such_table')).rejects.toThrow(/no_such_table/);
  }

  it('can prepare a statement of the name the connection before it prepared', async () => {
    const prepared = { name: 'same_name', text: 'SELECT $1::int + 1 AS answer', values: [41] };
    expect((await pool.query(prepared)).rows).toEqual([{ answer: 42 }]);
    await failAQuery();
    expect((await pool.query(prepared)).rows).toEqual([{ answer: 42 }]);
  });

  it('is in no transaction, though the connection before it left one open', async () => {
    const client = await pool.connect();
    await client.query('BEGIN');
    await client.query("SET LOCAL application_name = 'left open'");
    client.release(new Error('dropped mid-transaction'));

    const { rows } = await pool.query<{ name: string }>(
      "SELECT current_setting('application_name') AS name",
    );
    expect(rows[0].name).not.toBe('left open');
  });
});
