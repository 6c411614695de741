import { runConcurrently } from './concurrently';

/** A task per index that waits until the test settles it. */
function heldTasks() {
  const settle = new Map<
    number,
    { resolve: (value: string) => void; reject: (e: Error) => void }
  >();
  const task = (index: number, signal: AbortSignal) =>
    new Promise<string>((resolve, reject) => {
      settle.set(index, { resolve, reject });
      signal.addEventListener('abort', () => reject(new Error(`stopped ${index}`)));
    });
  return { settle, task };
}

describe('runConcurrently', () => {
  it('runs at most `concurrency` at once, the next as one ends, results in index order', async () => {
    const { settle, task } = heldTasks();
    const all = runConcurrently(4, 2, new AbortController().signal, task);
    await Promise.resolve();
    expect([...settle.keys()]).toEqual([0, 1]);
    settle.get(1)?.resolve('b');
    await new Promise(setImmediate);
    expect([...settle.keys()]).toEqual([0, 1, 2]);
    settle.get(0)?.resolve('a');
    await new Promise(setImmediate);
    settle.get(2)?.resolve('c');
    settle.get(3)?.resolve('d');
    await expect(all).resolves.toEqual(['a', 'b', 'c', 'd']);
  });

  it('stops the others and starts no more once one fails, throwing its error', async () => {
    const { settle, task } = heldTasks();
    const all = runConcurrently(5, 2, new AbortController().signal, task);
    await Promise.resolve();
    settle.get(0)?.reject(new Error('down'));
    await expect(all).rejects.toThrow('down');
    expect([...settle.keys()]).toEqual([0, 1]);
  });
});
