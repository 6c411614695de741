import { EventStream } from '../../core/http/event-stream';
import { type StreamedEvent } from '../events/streamed-event';
import { type EventChannels } from './event-channels';

/** A stream to serve: its id and where what it stands for is, as the database says. */
export interface StreamState {
  id: string;
  /** Not ended: running, or paused for a decision that may be taken anywhere. */
  active: boolean;
  running: boolean;
}

/**
 * Serves a stream's events as SSE: those after `afterIndex`, then live ones until it ends.
 * Closing the connection only stops the stream, never what produces it. An ended stream with
 * nothing left to send answers 204, which stops a browser's `EventSource` from reconnecting.
 */
export class EventStreamer<E extends StreamedEvent> {
  constructor(
    private readonly channels: EventChannels<E>,
    private readonly storedAfter: (streamId: string, afterIndex: number) => Promise<E[]>,
    private readonly keepAliveMs: number,
  ) {}

  async stream(
    state: StreamState,
    afterIndex: number,
    response: unknown,
    headers: Record<string, string> = {},
  ): Promise<void> {
    // A stream not produced by this process that has not ended (on another instance, or
    // waiting for a decision that may be taken anywhere): followed through the live bus, with
    // its stored events replayed first.
    if (this.channels.pending(state.id, afterIndex) === undefined && state.active) {
      await this.channels.attach(state.id);
    }
    const live = this.channels.pending(state.id, afterIndex);
    if (live === undefined) {
      // Not produced by this process, or its replay window has passed: the stored events remain.
      await this.replayStored(state, afterIndex, response, headers);
      return;
    }
    if (live === 'nothing') {
      EventStream.noContent(response);
      return;
    }
    const stream = this.open(response, headers);
    const following = this.channels.follow(state.id, afterIndex, {
      deliver: (event) => stream.send(frameOf(event)),
      end: () => stream.end(),
    });
    stream.onClose(() => following?.unsubscribe());
  }

  private async replayStored(
    state: StreamState,
    afterIndex: number,
    response: unknown,
    headers: Record<string, string>,
  ): Promise<void> {
    const events = await this.storedAfter(state.id, afterIndex);
    if (events.length === 0 && !state.running) {
      EventStream.noContent(response);
      return;
    }
    const stream = this.open(response, headers);
    for (const event of events) stream.send(frameOf(event));
    stream.end();
  }

  private open(response: unknown, headers: Record<string, string>): EventStream {
    return EventStream.open(response, { keepAliveMs: this.keepAliveMs, headers });
  }
}

function frameOf(event: StreamedEvent) {
  return { id: event.eventIndex, event: event.type, data: event };
}
