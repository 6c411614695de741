import { type CallerSignal } from '../core/caller-signal';
import { LazyAbortController } from '../core/lazy-abort-controller';
import { ExecutionTimeoutError } from './tool.errors';

/** What `work` is given: its signal, and a way to stop the clock while it waits on a human. */
export interface TimeLimitedWork {
  signal: AbortSignal;
  /** Stops the time limit until the returned function is called; pauses may overlap. */
  pause: () => () => void;
}

/**
 * Runs `work` with a time limit. When the limit passes, the signal given to `work` is aborted
 * (so HTTP requests and MCP calls really stop) and the promise rejects with
 * `ExecutionTimeoutError` at once, even if `work` ignores its signal. An abort of `outer` (the
 * caller went away, a run was cancelled) is passed on and rejects at once with its reason.
 * While `work` holds a pause, the limit does not run; it goes on with what was left.
 *
 * Work that answers synchronously (most built-in tools) is done before any timer could fire,
 * so it is given neither a timer nor a listener on `outer`: they are set up only for a promise.
 */
export async function runWithTimeout<T>(
  work: (limited: TimeLimitedWork) => Promise<T> | T,
  timeoutMs: number,
  outer?: CallerSignal,
): Promise<T> {
  if (outer?.aborted) throw asError(outer.reason);
  // Made when `work` first reads its signal: most tools never do.
  const controller = new LazyAbortController();
  const clock = new PausableDeadline(timeoutMs);
  const limited = new LimitedWork(controller, clock);
  let answer: Promise<T> | T;
  try {
    answer = work(limited);
  } catch (error) {
    clock.stop();
    throw error;
  }
  if (!isPromiseLike(answer)) {
    clock.stop();
    return answer;
  }

  let reject!: (error: Error) => void;
  const stopped = new Promise<never>((_, rejectStopped) => (reject = rejectStopped));
  const forwardAbort = () => {
    controller.abort(outer?.reason);
    reject(asError(outer?.reason));
  };
  clock.start(() => {
    const error = new ExecutionTimeoutError(timeoutMs);
    controller.abort(error);
    reject(error);
  });
  outer?.addEventListener('abort', forwardAbort, { once: true });
  try {
    return await Promise.race([answer, stopped]);
  } finally {
    clock.stop();
    outer?.removeEventListener('abort', forwardAbort);
  }
}

/**
 * A class, not an object literal with a getter: V8 kept every object such a literal made alive
 * through the young generation's collections (its allocation site found each one alive at every
 * scavenge), and with it all it reached (the tool's input, the request, its response), until a
 * full collection. See `CallContext` in the executor.
 */
class LimitedWork implements TimeLimitedWork {
  constructor(
    private readonly controller: LazyAbortController,
    private readonly clock: PausableDeadline,
  ) {}

  get signal(): AbortSignal {
    return this.controller.signal;
  }

  readonly pause = (): (() => void) => this.clock.pause();
}

function isPromiseLike<T>(value: Promise<T> | T): value is Promise<T> {
  return typeof (value as Promise<T> | undefined)?.then === 'function';
}

/**
 * A timer that can be held: while any pause is open it does not run. Its time counts from its
 * making; the timer itself is set by `start`, and again by the end of the last open pause.
 */
class PausableDeadline {
  private remainingMs: number;
  private startedAt = performance.now();
  private timer?: NodeJS.Timeout;
  private expire?: () => void;
  private pauses = 0;
  private stopped = false;

  constructor(limitMs: number) {
    this.remainingMs = limitMs;
  }

  start(expire: () => void): void {
    this.expire = expire;
    if (this.pauses === 0) this.setTimer();
  }

  pause(): () => void {
    if (this.stopped) return () => undefined;
    if (this.pauses++ === 0) {
      clearTimeout(this.timer);
      this.remainingMs -= performance.now() - this.startedAt;
    }
    let resumed = false;
    return () => {
      if (resumed || this.stopped) return;
      resumed = true;
      if (--this.pauses === 0) {
        this.startedAt = performance.now();
        if (this.expire) this.setTimer();
      }
    };
  }

  stop(): void {
    this.stopped = true;
    clearTimeout(this.timer);
  }

  private setTimer(): void {
    const leftMs = this.remainingMs - (performance.now() - this.startedAt);
    this.timer = setTimeout(this.expire!, Math.max(0, leftMs));
  }
}

function asError(reason: unknown): Error {
  return reason instanceof Error ? reason : new Error(String(reason));
}
