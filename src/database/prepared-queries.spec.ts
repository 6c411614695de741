import { eq, sql } from 'drizzle-orm';
import { openMigratedDatabase } from '../../test/support/embedded-database';
import { type Database } from './database';
import { preparedQuery } from './prepared-queries';
import { agents } from './schema';
import { Transactions } from './transactions';

describe('preparedQuery', () => {
  let database: Awaited<ReturnType<typeof openMigratedDatabase>>;
  let root: Database;
  let transactions: Transactions;
  let builds: number;

  beforeAll(async () => {
    database = await openMigratedDatabase();
    root = database.db;
    transactions = new Transactions(root);
    await root.insert(agents).values(['first', 'second'].map(agentNamed));
  });

  afterAll(async () => {
    await database.close();
  });

  beforeEach(() => (builds = 0));

  /** The descriptions of the agents named `name`, read through the prepared statement. */
  async function descriptionsOf(name: string): Promise<string[]> {
    const db = transactions.db;
    const rows = await preparedQuery(db, 'agent_descriptions', () => {
      builds++;
      return db
        .select({ description: agents.description })
        .from(agents)
        .where(eq(agents.name, sql.placeholder('name')));
    }).execute({ name });
    return rows.map(({ description }) => description);
  }

  it('builds a statement once for the database and runs it with each call’s values', async () => {
    await expect(descriptionsOf('first')).resolves.toEqual(['the first agent']);
    await expect(descriptionsOf('second')).resolves.toEqual(['the second agent']);
    await expect(descriptionsOf('nobody')).resolves.toEqual([]);
    expect(builds).toBe(1);
  });

  it('runs in a unit of work on its transaction: it sees its writes, which roll back with it', async () => {
    const rolledBack = new Error('roll back');
    const seen = transactions.run(async () => {
      await transactions.db.insert(agents).values(agentNamed('third'));
      const inside = await descriptionsOf('third');
      // The same statement again in this transaction is not built again.
      await descriptionsOf('third');
      expect(builds).toBe(1);
      throw Object.assign(rolledBack, { inside });
    });
    await expect(seen).rejects.toMatchObject({ inside: ['the third agent'] });
    await expect(descriptionsOf('third')).resolves.toEqual([]);
  });
});

function agentNamed(name: string): typeof agents.$inferInsert {
  return {
    name,
    description: `the ${name} agent`,
    system_prompt: 'helpful',
    model_config: { provider: 'scripted', model: 'script' },
  };
}
