/**
 * Runs `count` tasks, at most `concurrency` at a time, in index order as slots free up, and
 * gives their results in index order. The first task to fail stops the others (their signal
 * aborts) and starts no more; its error is thrown once all have settled. `signal` stops all.
 */
export async function runConcurrently<T>(
  count: number,
  concurrency: number,
  signal: AbortSignal,
  task: (index: number, signal: AbortSignal) => Promise<T>,
): Promise<T[]> {
  const stop = new AbortController();
  const taskSignal = AbortSignal.any([signal, stop.signal]);
  const results = new Array<T>(count);
  let next = 0;
  let failure: { error: unknown } | undefined;
  const worker = async () => {
    while (failure === undefined && next < count) {
      const index = next++;
      try {
        results[index] = await task(index, taskSignal);
      } catch (error) {
        if (failure === undefined) {
          failure = { error };
          stop.abort(error);
        }
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, count) }, worker));
  if (failure) throw failure.error;
  return results;
}
