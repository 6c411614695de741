import { ExecutionTimeoutError } from './tool.errors';
import { runWithTimeout } from './run-with-timeout';

describe('runWithTimeout', () => {
  it('returns the result of work that finishes in time', async () => {
    await expect(runWithTimeout(() => 42, 1000)).resolves.toBe(42);
  });

  describe('work that answers synchronously', () => {
    afterEach(() => jest.useRealTimers());

    it('is answered with no timer set and no listener left on the caller', async () => {
      jest.useFakeTimers();
      const caller = new AbortController();
      const listening = jest.spyOn(caller.signal, 'addEventListener');
      await expect(runWithTimeout(() => 'done', 1000, caller.signal)).resolves.toBe('done');
      expect(jest.getTimerCount()).toBe(0);
      expect(listening).not.toHaveBeenCalled();
    });

    it('passes on what it throws as the rejection', async () => {
      const failure = new Error('sync boom');
      const throwing = () => {
        throw failure;
      };
      await expect(runWithTimeout(throwing, 1000)).rejects.toBe(failure);
    });

    it('sets its timer only once a pause taken before its promise has ended', async () => {
      jest.useFakeTimers();
      let resume!: () => void;
      const pending = runWithTimeout(({ pause }) => {
        resume = pause();
        return new Promise<never>(() => undefined);
      }, 50).catch((e: unknown) => e);
      expect(jest.getTimerCount()).toBe(0);
      resume();
      expect(jest.getTimerCount()).toBe(1);
      await jest.advanceTimersByTimeAsync(50);
      expect(await pending).toBeInstanceOf(ExecutionTimeoutError);
    });
  });

  it('passes on the failure of work that fails in time', async () => {
    const failure = new Error('boom');
    await expect(runWithTimeout(() => Promise.reject(failure), 1000)).rejects.toBe(failure);
  });

  it('rejects with "Execution timeout" and aborts the work when the limit passes', async () => {
    let seen: AbortSignal | undefined;
    const never = ({ signal }: { signal: AbortSignal }) => {
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

  it('gives work that reads its signal only after the limit passed an aborted signal', async () => {
    let readLate: (() => AbortSignal) | undefined;
    const error = await runWithTimeout((limited) => {
      readLate = () => limited.signal;
      return new Promise<never>(() => undefined);
    }, 20).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ExecutionTimeoutError);
    expect(readLate?.().aborted).toBe(true);
    expect(readLate?.().reason).toBe(error);
  });

  it("forwards the caller's abort to the work", async () => {
    const caller = new AbortController();
    let seen: AbortSignal | undefined;
    const pending = runWithTimeout(
      ({ signal }) =>
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

  describe('paused', () => {
    beforeEach(() => jest.useFakeTimers());
    afterEach(() => jest.useRealTimers());

    /** Work that pauses the clock at once and finishes when told to. */
    function pausingWork() {
      let finish!: (value: string) => void;
      let resume!: () => void;
      const work = ({ pause }: { pause(): () => void }) => {
        resume = pause();
        return new Promise<string>((resolve) => (finish = resolve));
      };
      return { work, finish: (value: string) => finish(value), resume: () => resume() };
    }

    it('does not time out while the work holds a pause', async () => {
      const paused = pausingWork();
      const pending = runWithTimeout(paused.work, 1000);
      await jest.advanceTimersByTimeAsync(60_000);
      paused.finish('decided');
      await expect(pending).resolves.toBe('decided');
    });

    it('goes on with the time that was left once the pause ends', async () => {
      const paused = pausingWork();
      const pending = runWithTimeout(paused.work, 1000).catch((e: unknown) => e);
      await jest.advanceTimersByTimeAsync(60_000);
      paused.resume();
      await jest.advanceTimersByTimeAsync(999);
      let settled = false;
      void pending.then(() => (settled = true));
      await Promise.resolve();
      expect(settled).toBe(false);
      await jest.advanceTimersByTimeAsync(1);
      expect(await pending).toBeInstanceOf(ExecutionTimeoutError);
    });

    it('keeps the clock stopped until every overlapping pause has ended', async () => {
      let resumeFirst!: () => void;
      let resumeSecond!: () => void;
      const pending = runWithTimeout(({ pause }) => {
        resumeFirst = pause();
        resumeSecond = pause();
        return new Promise<never>(() => undefined);
      }, 1000).catch((e: unknown) => e);
      await jest.advanceTimersByTimeAsync(0);
      resumeFirst();
      resumeFirst();
      await jest.advanceTimersByTimeAsync(60_000);
      let settled = false;
      void pending.then(() => (settled = true));
      await Promise.resolve();
      expect(settled).toBe(false);
      resumeSecond();
      await jest.advanceTimersByTimeAsync(1000);
      expect(await pending).toBeInstanceOf(ExecutionTimeoutError);
    });
  });
});
