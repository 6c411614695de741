import { Injectable } from '@nestjs/common';
import { LiveEventBus } from '../../cluster/cluster-buses';
import { EventStore } from '../events/event-store.repository';
import { type RunEvent } from '../events/run-event.types';
import { RunsRepository } from '../runs/runs.repository';
import { RuntimeConfig } from '../runtime.config';
import { EventChannels, retentionOf, type StreamSubscriber } from './event-channels';
import { runEndOf } from './run-end';

export type RunSubscriber = StreamSubscriber<RunEvent>;

/** The live bus channel of one run. */
export function runChannelOf(runId: string): string {
  return `toolhub_run_${runId}`;
}

/**
 * Live fan-out and replay of run events (see `EventChannels`): a run's stream ends with its
 * `complete` or `error`, and its events stay here for its life plus `RUN_REPLAY_GRACE_SECONDS`.
 */
@Injectable()
export class RunStreams extends EventChannels<RunEvent> {
  constructor(config: RuntimeConfig, bus: LiveEventBus, store: EventStore, runs: RunsRepository) {
    super(
      {
        name: 'RunStreams',
        channelOf: runChannelOf,
        streamIdOf: (event) => event.runId,
        storedAfter: (runId, afterIndex) => store.listByRun(runId, afterIndex),
        endedAt: async (runId) => runEndOf(await runs.find(runId)),
        isTerminal: (event) => event.type === 'complete' || event.type === 'error',
      },
      bus,
      retentionOf(config),
    );
  }
}
