import { type ServerResponse } from 'node:http';
import { a2aSdk } from '../loaded-on-first-use';

/**
 * Streams `events` as Server-Sent Events in the protocol's form (`data:` frames, an `error`
 * frame for a failure once streaming), or answers `beforeStart` in full when the stream fails
 * before its first event (the request was refused). A client that goes away stops the stream.
 */
export async function replyWithStream<E>(
  res: ServerResponse,
  events: AsyncGenerator<E, void, undefined>,
  frames: { event: (event: E) => unknown; error: (error: unknown) => unknown },
  beforeStart: (error: unknown) => void,
): Promise<void> {
  let first: IteratorResult<E, void>;
  try {
    first = await events.next();
  } catch (error) {
    beforeStart(error);
    return;
  }
  const { SSE_HEADERS, formatSSEEvent, formatSSEErrorEvent } = a2aSdk();
  res.writeHead(200, SSE_HEADERS);
  res.flushHeaders();
  const stop = () => void events.return(undefined);
  res.once('close', stop);
  try {
    for (let next = first; !next.done && !res.writableEnded; next = await events.next()) {
      res.write(formatSSEEvent(frames.event(next.value)));
    }
  } catch (error) {
    if (!res.writableEnded) res.write(formatSSEErrorEvent(frames.error(error)));
  } finally {
    res.off('close', stop);
    if (!res.writableEnded) res.end();
  }
}

export function isAsyncGenerator(
  value: unknown,
): value is AsyncGenerator<unknown, void, undefined> {
  return (
    typeof (value as { [Symbol.asyncIterator]?: unknown })?.[Symbol.asyncIterator] === 'function'
  );
}
