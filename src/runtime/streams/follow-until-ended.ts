import { type StreamedEvent } from '../events/streamed-event';
import { type EventChannels } from './event-channels';

/**
 * Resolves once the stream has ended (what produces it may move between instances), after
 * delivering its events after `afterIndex`; rejects with the abort's reason as soon as
 * `signal` aborts, following no more.
 */
export async function followUntilEnded<E extends StreamedEvent>(
  channels: EventChannels<E>,
  streamId: string,
  deliver: (event: E) => void,
  signal: AbortSignal,
  afterIndex = -1,
): Promise<void> {
  if (signal.aborted) throw signal.reason;
  if (!(await channels.attach(streamId))) return;
  let following: { unsubscribe(): void } | undefined;
  let stopWaiting!: (reason: unknown) => void;
  const onAbort = () => stopWaiting(signal.reason);
  try {
    await new Promise<void>((resolve, reject) => {
      stopWaiting = reject;
      signal.addEventListener('abort', onAbort, { once: true });
      following = channels.follow(streamId, afterIndex, { deliver, end: resolve });
      if (!following) resolve();
    });
  } finally {
    signal.removeEventListener('abort', onAbort);
    following?.unsubscribe();
  }
}
