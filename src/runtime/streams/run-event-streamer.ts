import { Injectable } from '@nestjs/common';
import { EventStream } from '../../core/http/event-stream';
import { isActiveRunStatus } from '../../database/schema';
import { EventStore } from '../events/event-store.repository';
import { type RunEvent } from '../events/run-event.types';
import { type RunRow } from '../runs/runs.repository';
import { RuntimeConfig } from '../runtime.config';
import { RunStreams } from './run-streams.service';

/**
 * Serves a run's events as SSE: those after `afterIndex`, then live ones until the run ends.
 * Closing the connection only stops the stream, never the run. A finished run with nothing left
 * to send answers 204, which stops a browser's `EventSource` from reconnecting.
 */
@Injectable()
export class RunEventStreamer {
  private readonly keepAliveMs: number;

  constructor(
    private readonly streams: RunStreams,
    private readonly store: EventStore,
    config: RuntimeConfig,
  ) {
    this.keepAliveMs = config.SSE_KEEPALIVE_SECONDS * 1000;
  }

  async stream(
    run: RunRow,
    afterIndex: number,
    response: unknown,
    headers: Record<string, string> = {},
  ): Promise<void> {
    // A run not executed by this process that has not ended (it runs on another instance, or
    // waits for an approval that may be decided anywhere): followed through the live bus, with
    // its stored events replayed first.
    if (this.streams.pending(run.id, afterIndex) === undefined && isActiveRunStatus(run.status)) {
      await this.streams.attach(run.id);
    }
    const live = this.streams.pending(run.id, afterIndex);
    if (live === undefined) {
      // Not run by this process, or its replay window has passed: the stored events remain.
      await this.replayStored(run, afterIndex, response, headers);
      return;
    }
    if (live === 'nothing') {
      EventStream.noContent(response);
      return;
    }
    const stream = this.open(response, headers);
    const following = this.streams.follow(run.id, afterIndex, {
      deliver: (event) => stream.send(frameOf(event)),
      end: () => stream.end(),
    });
    stream.onClose(() => following?.unsubscribe());
  }

  private async replayStored(
    run: RunRow,
    afterIndex: number,
    response: unknown,
    headers: Record<string, string>,
  ): Promise<void> {
    const events = await this.store.listByRun(run.id, afterIndex);
    if (events.length === 0 && run.status !== 'running') {
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

function frameOf(event: RunEvent) {
  return { id: event.eventIndex, event: event.type, data: event };
}
