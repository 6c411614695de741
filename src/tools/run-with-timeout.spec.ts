import { ExecutionTimeoutError } from './tool.errors';
import { runWithTimeout } from './run-with-timeout';

describe('runWithTimeout', () => {
  it('returns the result of work that finishes in time', async () => {
    await expect(runWithTimeout(() => 42, 1000)).resolves.toBe(42);
  });

  it('passes on the failure of work that fails in time', async () => {
    const failure = new Error('boom');
    await expect(runWithTimeout(() => Promise.reject(failure), 1000)).rejects.toBe(failure);
  });

  it('rejects with "Execution timeout" and aborts the work when the limit passes', async () => {
    let seen: AbortSignal | undefined;
    const never = (signal: AbortSignal) => {
      seen = signal;
      return new Promise<never>(() => undefined);
    };
    const error = await runWithTimeout(never, 20).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ExecutionTimeoutError);
    expect((error as ExecutionTimeoutError).message).toBe('Execution timeout');
    expect((error as ExecutionTimeoutError).status).toBe(504);
    expect(seen?.aborted).toBe(true);
    expect(seen?.reason).toBe(error);
  });

  it('answers at the limit even when the work ignores its signal and blocks later', async () => {
    let finished = false;
    const stubborn = () =>
      new Promise<string>((resolve) =>
        setTimeout(() => {
          finished = true;
          resolve('late');
        }, 200),
      );
    await expect(runWithTimeout(stubborn, 20)).rejects.toBeInstanceOf(ExecutionTimeoutError);
    expect(finished).toBe(false);
  });

  it("forwards the caller's abort to the work", async () => {
    const caller = new AbortController();
    let seen: AbortSignal | undefined;
    const pending = runWithTimeout(
      (signal) =>
        new Promise((_, reject) => {
          seen = signal;
          signal.addEventListener('abort', () => reject(signal.reason as Error));
        }),
      10_000,
      caller.signal,
    );
    await new Promise(setImmediate); // the work has started
    const reason = new Error('client went away');
    caller.abort(reason);
    await expect(pending).rejects.toBe(reason);
    expect(seen?.aborted).toBe(true);
  });

  it("rejects at once with the caller's abort reason even when the work ignores its signal", async () => {
    const caller = new AbortController();
    const pending = runWithTimeout(() => new Promise(() => undefined), 10_000, caller.signal);
    const reason = new Error('run cancelled');
    caller.abort(reason);
    await expect(pending).rejects.toBe(reason);
  });

  it('rejects before starting the work when the caller has already aborted', async () => {
    const caller = new AbortController();
    caller.abort(new Error('too late'));
    let started = false;
    const pending = runWithTimeout(
      () => {
        started = true;
        return 1;
      },
      10_000,
      caller.signal,
    );
    await expect(pending).rejects.toThrow('too late');
    expect(started).toBe(false);
  });
});
