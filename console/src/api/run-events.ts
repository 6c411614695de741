import { createParser } from 'eventsource-parser';
import { ApiError, errorOf } from './api-error';
import { storedKey } from './key-store';
import { type RunEvent } from './types';

/** What every streamed event carries: its place in the stream (the SSE `id`) and its type. */
export interface StreamedEvent {
  type: string;
  eventIndex: number;
}

export interface EventFollower<E extends StreamedEvent> {
  /** Each event once, in `eventIndex` order. */
  onEvent(event: E): void;
  /** The connection dropped and will be tried again; undefined once it is back. */
  onConnection(problem: string | undefined): void;
}

export type RunFollower = EventFollower<RunEvent>;

/** A resumable event stream: where it is read, and which event says nothing more will come. */
export interface EventStream<E extends StreamedEvent> {
  path: string;
  isEnd(event: E): boolean;
}

/** How long to wait before the n-th try to reconnect: quick at first, never more than 5 s. */
const retryDelayMs = (attempt: number) => Math.min(5000, 250 * 2 ** attempt);

/** Follows a run's events after `afterIndex` (see `followEvents`). */
export function followRunEvents(
  runId: string,
  afterIndex: number,
  follower: RunFollower,
  signal: AbortSignal,
): Promise<void> {
  return followEvents<RunEvent>(
    {
      path: `/api/v1/runs/${encodeURIComponent(runId)}/events`,
      isEnd: (event) => event.type === 'complete',
    },
    afterIndex,
    follower,
    signal,
  );
}

/**
 * Follows a stream's events after `afterIndex` until it ends or `signal` aborts. A browser
 * `EventSource` cannot send `Authorization`, so this reads the stream with `fetch`; when the
 * connection breaks it reconnects with `Last-Event-ID` set to the last event delivered, and
 * drops any event at or before it, so the caller sees no event twice and none missing.
 */
export async function followEvents<E extends StreamedEvent>(
  source: EventStream<E>,
  afterIndex: number,
  follower: EventFollower<E>,
  signal: AbortSignal,
): Promise<void> {
  let last = afterIndex;
  let attempt = 0;
  while (!signal.aborted) {
    const lastBefore = last;
    try {
      const ended = await readOnce(source, last, signal, (event) => {
        if (event.eventIndex <= last) return;
        last = event.eventIndex;
        follower.onEvent(event);
      });
      follower.onConnection(undefined);
      if (ended) return;
      // Closed without the run's end: ask again at once if it brought news, else after a pause,
      // so a server that keeps closing is not asked in a tight loop.
      if (last === lastBefore) await sleep(retryDelayMs(attempt++), signal);
      else attempt = 0;
    } catch (error) {
      if (signal.aborted) return;
      // The run is not there, or not this key's: asking again cannot help.
      if (error instanceof ApiError && error.status < 500) throw error;
      follower.onConnection(error instanceof Error ? error.message : String(error));
      await sleep(retryDelayMs(attempt++), signal);
    }
  }
}

/** One connection; true when the server says the stream has ended (or has nothing more to send). */
async function readOnce<E extends StreamedEvent>(
  source: EventStream<E>,
  afterIndex: number,
  signal: AbortSignal,
  deliver: (event: E) => void,
): Promise<boolean> {
  const headers: Record<string, string> = { Accept: 'text/event-stream' };
  const key = storedKey();
  if (key) headers.Authorization = `Bearer ${key}`;
  if (afterIndex >= 0) headers['Last-Event-ID'] = String(afterIndex);
  const response = await fetch(source.path, {
    headers,
    signal,
    cache: 'no-store',
  });
  if (response.status === 204) return true;
  if (!response.ok) throw await errorOf(response);
  if (!response.body) throw new Error('The event stream has no body');
  let ended = false;
  const parser = createParser({
    onEvent: (message) => {
      const event = JSON.parse(message.data) as E;
      if (source.isEnd(event)) ended = true;
      deliver(event);
    },
  });
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    parser.feed(value);
  }
  // A stream the server closed without its end is a run that ended in an error or was replayed
  // from storage; asking again answers 204 if nothing more is coming.
  return ended;
}

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => {
      clearTimeout(timer);
      resolve();
    });
  });
}
