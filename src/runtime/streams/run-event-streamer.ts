import { Injectable } from '@nestjs/common';
import { isActiveRunStatus } from '../../database/schema';
import { EventStore } from '../events/event-store.repository';
import { type RunEvent } from '../events/run-event.types';
import { type RunRow } from '../runs/runs.repository';
import { RuntimeConfig } from '../runtime.config';
import { EventStreamer } from './event-streamer';
import { RunStreams } from './run-streams.service';

/** Serves a run's events as SSE (see `EventStreamer`). */
@Injectable()
export class RunEventStreamer {
  private readonly streamer: EventStreamer<RunEvent>;

  constructor(streams: RunStreams, store: EventStore, config: RuntimeConfig) {
    this.streamer = new EventStreamer(
      streams,
      (runId, afterIndex) => store.listByRun(runId, afterIndex),
      config.SSE_KEEPALIVE_SECONDS * 1000,
    );
  }

  stream(
    run: RunRow,
    afterIndex: number,
    response: unknown,
    headers?: Record<string, string>,
  ): Promise<void> {
    const state = {
      id: run.id,
      active: isActiveRunStatus(run.status),
      running: run.status === 'running',
    };
    return this.streamer.stream(state, afterIndex, response, headers);
  }
}
