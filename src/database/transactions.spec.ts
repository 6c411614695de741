import { openMigratedDatabase } from '../../test/support/embedded-database';
import { type Database } from './database';
import { Transactions } from './transactions';

describe('Transactions', () => {
  let database: Awaited<ReturnType<typeof openMigratedDatabase>>;
  let root: Database;
  let transactions: Transactions;

  beforeAll(async () => {
    database = await openMigratedDatabase();
    root = database.db;
  });

  afterAll(async () => {
    await database.close();
  });

  beforeEach(() => {
    transactions = new Transactions(root);
  });

  it('gives the unit of work its transaction, and the root database again after it', async () => {
    expect(transactions.db).toBe(root);
    const inside = await transactions.run(async () => {
      await Promise.resolve();
      return transactions.db;
    });
    expect(inside).not.toBe(root);
    expect(transactions.db).toBe(root);
    await expect(Promise.resolve().then(() => transactions.db)).resolves.toBe(root);
  });

  it('joins a unit of work started inside another', async () => {
    const [outer, inner] = await transactions.run(async () => {
      const outerDb = transactions.db;
      const innerDb = await transactions.run(() => Promise.resolve(transactions.db));
      return [outerDb, innerDb];
    });
    expect(inner).toBe(outer);
  });

  it('keeps the store for a unit of work that waited while another one ended', async () => {
    let releaseFirst!: () => void;
    const firstMayEnd = new Promise<void>((resolve) => (releaseFirst = resolve));
    const first = transactions.run(async () => {
      const before = transactions.db;
      await firstMayEnd;
      return { before, after: transactions.db };
    });
    // Started beside the first; the embedded database makes it wait for the first to end.
    const second = transactions.run(async () => {
      await Promise.resolve();
      return transactions.db;
    });
    releaseFirst();
    const [{ before, after }, secondDb] = await Promise.all([first, second]);
    expect(after).toBe(before);
    expect(after).not.toBe(root);
    expect(secondDb).not.toBe(root);
    expect(transactions.db).toBe(root);
  });

  it('gives a unit of work started after others ended a transaction of its own', async () => {
    await transactions.run(() => Promise.resolve());
    const db = await transactions.run(() => Promise.resolve(transactions.db));
    expect(db).not.toBe(root);
    expect(transactions.db).toBe(root);
  });

  it('gives the root database again after a unit of work that failed', async () => {
    await expect(
      transactions.run(async () => {
        await Promise.resolve();
        throw new Error('work failed');
      }),
    ).rejects.toThrow('work failed');
    expect(transactions.db).toBe(root);
    const db = await transactions.run(() => Promise.resolve(transactions.db));
    expect(db).not.toBe(root);
  });

  it('calls an effect after the commit, never after a rollback, and at once outside', async () => {
    const calls: string[] = [];
    await transactions.run(async () => {
      transactions.afterCommit(() => calls.push('committed'));
      await transactions.run(() => {
        transactions.afterCommit(() => calls.push('nested'));
        return Promise.resolve();
      });
      calls.push('work done');
    });
    await expect(
      transactions.run(() => {
        transactions.afterCommit(() => calls.push('rolled back'));
        return Promise.reject(new Error('failed'));
      }),
    ).rejects.toThrow('failed');
    transactions.afterCommit(() => calls.push('outside'));

    expect(calls).toEqual(['work done', 'committed', 'nested', 'outside']);
  });
});
