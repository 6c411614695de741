import { type ComponentChildren } from 'preact';
import { type Loaded } from '../use-async';

/** What a view shows while its data loads, when loading failed, and once it is there. */
export function Status<T>({
  loaded,
  children,
}: {
  loaded: Loaded<T>;
  children: (value: T) => ComponentChildren;
}) {
  if (loaded.state === 'loading') return <p class="muted">Loading…</p>;
  if (loaded.state === 'failed')
    return (
      <p class="error" role="alert">
        {loaded.message}
      </p>
    );
  return <>{children(loaded.value)}</>;
}

export function pretty(value: unknown): string {
  return JSON.stringify(value, null, 2) ?? 'undefined';
}
