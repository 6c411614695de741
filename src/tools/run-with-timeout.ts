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
 */
export async function runWithTimeout<T>(
  work: (limited: TimeLimitedWork) => Promise<T> | T,
  timeoutMs: number,
  outer?: AbortSignal,
): Promise<T> {
  if (outer?.aborted) throw asError(outer.reason);
  // Made when `work` first reads its signal: most tools never do.
  const controller = new LazyAbortController();
  let reject!: (error: Error) => void;
  const stopped = new Promise<never>((_, rejectStopped) => (reject = rejectStopped));
  const expire = () => {
    const error = new ExecutionTimeoutError(timeoutMs);
    controller.abort(error);
    reject(error);
  };
  const forwardAbort = () => {
    controller.abort(outer?.reason);
    reject(asError(outer?.reason));
  };
  const clock = new PausableDeadline(timeoutMs, expire);
  outer?.addEventListener('abort', forwardAbort, { once: true });
  try {
    const limited: TimeLimitedWork = {
      get signal() {
        return controller.signal;
      },
      pause: () => clock.pause(),
    };
    return await Promise.race([Promise.resolve().then(() => work(limited)), stopped]);
  } finally {
    clock.stop();
    outer?.removeEventListener('abort', forwardAbort);
  }
}

/** A timer that can be held: while any pause is open it does not run. */
class PausableDeadline {
  private remainingMs: number;
  private startedAt = performance.now();
  private timer?: NodeJS.Timeout;
  private pauses = 0;
  private stopped = false;

  constructor(
    limitMs: number,
    private readonly expire: () => void,
  ) {
    this.remainingMs = limitMs;
    this.timer = setTimeout(expire, limitMs);
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
        this.timer = setTimeout(this.expire, Math.max(0, this.remainingMs));
      }
    };
  }

  stop(): void {
    this.stopped = true;
    clearTimeout(this.timer);
  }
}

function asError(reason: unknown): Error {
  return reason instanceof Error ? reason : new Error(String(reason));
}
