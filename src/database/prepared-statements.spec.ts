import { type Pool } from 'pg';
import { openServerConnection } from '../../test/support/embedded-database';

/** The embedded database's connection prepares the statements it runs again. */
describe('statements on the embedded database', () => {
  let pool: Pool;
  let close: () => Promise<void>;

  beforeAll(async () => {
    ({ pool, close } = await openServerConnection());
  });

  afterAll(() => close?.());

  /** How many statements of this text the session holds prepared. */
  async function preparedCopies(text: string): Promise<number> {
    const { rows } = await pool.query<{ copies: number }>(
      'SELECT count(*)::int AS copies FROM pg_prepared_statements WHERE statement = $1',
      [text],
    );
    return rows[0].copies;
  }

  it('prepares a statement with parameters once and runs it again by name', async () => {
    const text = 'SELECT $1::int + 1 AS answer';
    for (const value of [1, 2, 3]) {
      expect((await pool.query({ text, values: [value] })).rows).toEqual([{ answer: value + 1 }]);
    }
    expect(await preparedCopies(text)).toBe(1);
  });

  it('leaves a statement without parameters unprepared', async () => {
    const text = 'SELECT 7 AS answer';
    expect((await pool.query(text)).rows).toEqual([{ answer: 7 }]);
    expect(await preparedCopies(text)).toBe(0);
  });

  it('runs a statement after a failed one, on the connection that replaces it', async () => {
    const text = 'SELECT $1::text AS echo';
    await pool.query(text, ['before']);
    await expect(pool.query('SELECT * FROM no_such_table')).rejects.toThrow(/no_such_table/);
    expect((await pool.query(text, ['after'])).rows).toEqual([{ echo: 'after' }]);
  });

  it('still runs statements beyond those it keeps prepared, unprepared', async () => {
    const texts = Array.from({ length: 250 }, (_, i) => `SELECT $1::int + ${i} AS answer`);
    for (const [i, text] of texts.entries()) {
      expect((await pool.query(text, [1])).rows).toEqual([{ answer: 1 + i }]);
    }
    const { rows } = await pool.query<{ prepared: number }>(
      'SELECT count(*)::int AS prepared FROM pg_prepared_statements',
    );
    expect(rows[0].prepared).toBeLessThan(texts.length);
    expect(await preparedCopies(texts[texts.length - 1])).toBe(0);
  });
});
