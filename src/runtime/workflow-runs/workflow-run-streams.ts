import { Injectable } from '@nestjs/common';
import { LiveEventBus } from '../../cluster/cluster-buses';
import { isActiveRunStatus } from '../../database/schema';
import { RuntimeConfig } from '../runtime.config';
import { EventChannels, retentionOf } from '../streams/event-channels';
import { EventStreamer } from '../streams/event-streamer';
import { runEndOf } from '../streams/run-end';
import { WorkflowRunEventStore } from './workflow-run-events.repository';
import { isWorkflowRunEnd, type WorkflowRunEvent } from './workflow-run-event.types';
import { type WorkflowRunRow, WorkflowRunsRepository } from './workflow-runs.repository';

/** Live fan-out and replay of workflow run events, across instances (see `EventChannels`). */
@Injectable()
export class WorkflowRunStreams extends EventChannels<WorkflowRunEvent> {
  constructor(
    config: RuntimeConfig,
    bus: LiveEventBus,
    store: WorkflowRunEventStore,
    runs: WorkflowRunsRepository,
  ) {
    super(
      {
        name: 'WorkflowRunStreams',
        channelOf: (id) => `toolhub_wfrun_${id}`,
        streamIdOf: (event) => event.workflowRunId,
        storedAfter: (id, afterIndex) => store.listAfter(id, afterIndex),
        endedAt: async (id) => runEndOf(await runs.find(id)),
        isTerminal: isWorkflowRunEnd,
      },
      bus,
      retentionOf(config),
    );
  }
}

/** Serves a workflow run's events as SSE, exactly as a run's (see `EventStreamer`). */
@Injectable()
export class WorkflowRunEventStreamer {
  private readonly streamer: EventStreamer<WorkflowRunEvent>;

  constructor(streams: WorkflowRunStreams, store: WorkflowRunEventStore, config: RuntimeConfig) {
    this.streamer = new EventStreamer(
      streams,
      (id, afterIndex) => store.listAfter(id, afterIndex),
      config.SSE_KEEPALIVE_SECONDS * 1000,
    );
  }

  stream(
    run: WorkflowRunRow,
    afterIndex: number,
    response: unknown,
    headers?: Record<string, string>,
  ): Promise<void> {
    const active = isActiveRunStatus(run.status);
    return this.streamer.stream(
      { id: run.id, active, running: active },
      afterIndex,
      response,
      headers,
    );
  }
}
