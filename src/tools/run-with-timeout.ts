import { ExecutionTimeoutError } from './tool.errors';

/**
 * Runs `work` with a time limit. When the limit passes, the signal given to `work` is aborted
 * (so HTTP requests and MCP calls really stop) and the promise rejects with
 * `ExecutionTimeoutError` at once, even if `work` ignores its signal. An abort of `outer` (the
 * caller went away, a run was cancelled) is passed on and rejects at once with its reason.
 */
export async function runWithTimeout<T>(
  work: (signal: AbortSignal) => Promise<T> | T,
  timeoutMs: number,
  outer?: AbortSignal,
): Promise<T> {
  if (outer?.aborted) throw asError(outer.reason);
  const controller = new AbortController();
  let forwardAbort = () => controller.abort(outer?.reason);
  let timer: NodeJS.Timeout | undefined;
  const stopped = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      const error = new ExecutionTimeoutError(timeoutMs);
      controller.abort(error);
      reject(error);
    }, timeoutMs);
    forwardAbort = () => {
      controller.abort(outer?.reason);
      reject(asError(outer?.reason));
    };
  });
  outer?.addEventListener('abort', forwardAbort, { once: true });
  try {
    return await Promise.race([Promise.resolve().then(() => work(controller.signal)), stopped]);
  } finally {
    clearTimeout(timer);
    outer?.removeEventListener('abort', forwardAbort);
  }
}

function asError(reason: unknown): Error {
  return reason instanceof Error ? reason : new Error(String(reason));
}
