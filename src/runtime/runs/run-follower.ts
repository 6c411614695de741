import { Injectable } from '@nestjs/common';
import { type RunEvent } from '../events/run-event.types';
import { followUntilEnded } from '../streams/follow-until-ended';
import { RunStreams } from '../streams/run-streams.service';

/** Waits for a run to end, wherever it executes, seeing its events meanwhile. */
@Injectable()
export class RunFollower {
  constructor(private readonly streams: RunStreams) {}

  /** See `followUntilEnded`. */
  untilEnded(
    runId: string,
    deliver: (event: RunEvent) => void,
    signal: AbortSignal,
    afterIndex = -1,
  ): Promise<void> {
    return followUntilEnded(this.streams, runId, deliver, signal, afterIndex);
  }
}
