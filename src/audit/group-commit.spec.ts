import { GroupCommit } from './group-commit';

/** A write that waits until the test lets it end, recording each batch it was given. */
function controlledWrites() {
  const batches: number[][] = [];
  const ends: ((error?: Error) => void)[] = [];
  const write = (batch: number[]) => {
    batches.push(batch);
    return new Promise<void>((resolve, reject) =>
      ends.push((error) => (error ? reject(error) : resolve())),
    );
  };
  return { batches, ends, write };
}

const settledOf = async (promise: Promise<unknown>) => {
  let settled = false;
  void promise.then(
    () => (settled = true),
    () => (settled = true),
  );
  await new Promise((resolve) => setImmediate(resolve));
  return settled;
};

describe('GroupCommit', () => {
  test('items arriving during a write are written together next, in order', async () => {
    const { batches, ends, write } = controlledWrites();
    const commit = new GroupCommit(write);
    const first = commit.add(1);
    const later = [commit.add(2), commit.add(3)];
    expect(batches).toEqual([[1]]);
    expect(commit.backlog).toBe(2);
    ends[0]();
    await first;
    expect(batches).toEqual([[1], [2, 3]]);
    expect(await settledOf(Promise.all(later))).toBe(false);
    ends[1]();
    await Promise.all(later);
    expect(commit.backlog).toBe(0);
  });

  test('flushed waits for what was added before it, not for what comes after', async () => {
    const { ends, write } = controlledWrites();
    const commit = new GroupCommit(write);
    void commit.add(1);
    const flushed = commit.flushed();
    void commit.add(2);
    expect(await settledOf(flushed)).toBe(false);
    ends[0]();
    expect(await settledOf(flushed)).toBe(true);
    expect(await settledOf(commit.flushed())).toBe(false);
    ends[1]();
    await commit.flushed();
  });

  test('a failed write rejects its own batch only; the next one is still written', async () => {
    const { ends, write } = controlledWrites();
    const commit = new GroupCommit(write);
    const failed = commit.add(1);
    const next = commit.add(2);
    ends[0](new Error('database gone'));
    await expect(failed).rejects.toThrow('database gone');
    ends[1]();
    await expect(next).resolves.toBeUndefined();
  });
});
