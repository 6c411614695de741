import { ExecutionTimeoutError } from './tool.errors';

/**
 * Runs `work` with a time limit. When the limit passes, the signal given to `work` is aborted
 * (so HTTP requests and MCP calls really stop) and the promise rejects with
 * `ExecutionTimeoutError` at once, even if `work` ignores its signal. An abort of `outer` (the
 * caller went away) is passed on too.
 */
export async function runWithTimeout<T>(
  work: (signal: AbortSignal) => Promise<T> | T,
  timeoutMs: number,
  outer?: AbortSignal,
): Promise<T> {
  const controller = new AbortController();
  const forwardAbort = () => controller.abort(outer?.reason);
  if (outer?.aborted) forwardAbort();
  outer?.addEventListener('abort', forwardAbort, { once: true });
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      const error = new ExecutionTimeoutError(timeoutMs);
      controller.abort(error);
      reject(error);
    }, timeoutMs);
  });
  try {
    return await Promise.race([Promise.resolve().then(() => work(controller.signal)), timedOut]);
  } finally {
    clearTimeout(timer);
    outer?.removeEventListener('abort', forwardAbort);
  }
}
