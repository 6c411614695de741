import { useEffect, useState } from 'preact/hooks';
import { messageOf } from './api/api-error';

export type Loaded<T> =
  { state: 'loading' } | { state: 'failed'; message: string } | { state: 'ready'; value: T };

/**
 * Loads a value when the view opens or `deps` change; the answer to an earlier load that comes
 * late is dropped, and what was loaded for other `deps` is never shown. `reload` loads again
 * (showing the old value meanwhile); with `every` (ms) it keeps loading while the view is open.
 */
export function useAsync<T>(
  load: (signal: AbortSignal) => Promise<T>,
  deps: unknown[],
  every?: number,
): [Loaded<T>, () => void] {
  const key = JSON.stringify(deps);
  const [loaded, setLoaded] = useState<{ key: string; value: Loaded<T> }>({
    key,
    value: { state: 'loading' },
  });
  const [generation, setGeneration] = useState(0);
  useEffect(() => {
    const controller = new AbortController();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const settle = (value: Loaded<T>) => {
      if (controller.signal.aborted) return;
      setLoaded({ key, value });
      if (every) timer = setTimeout(run, every);
    };
    const run = () => {
      load(controller.signal).then(
        (value) => settle({ state: 'ready', value }),
        (error: unknown) => settle({ state: 'failed', message: messageOf(error) }),
      );
    };
    run();
    return () => {
      controller.abort();
      clearTimeout(timer);
    };
  }, [key, generation]);
  const shown: Loaded<T> = loaded.key === key ? loaded.value : { state: 'loading' };
  return [shown, () => setGeneration((n) => n + 1)];
}
