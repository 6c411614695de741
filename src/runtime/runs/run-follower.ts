import { Injectable } from '@nestjs/common';
import { type RunEvent } from '../events/run-event.types';
import { RunStreams } from '../streams/run-streams.service';

/** Waits for a run to end, wherever it executes, seeing its events meanwhile. */
@Injectable()
export class RunFollower {
  constructor(private readonly streams: RunStreams) {}

  /**
   * Resolves once the run has ended (a resumed run may move between instances), after
   * delivering its events after `afterIndex`; rejects with the abort's reason as soon as
   * `signal` aborts, following no more.
   */
  async untilEnded(
    runId: string,
    deliver: (event: RunEvent) => void,
    signal: AbortSignal,
    afterIndex = -1,
  ): Promise<void> {
    if (signal.aborted) throw signal.reason;
    if (!(await this.streams.attach(runId))) return;
    let following: { unsubscribe(): void } | undefined;
    let stopWaiting!: (reason: unknown) => void;
    const onAbort = () => stopWaiting(signal.reason);
    try {
      await new Promise<void>((resolve, reject) => {
        stopWaiting = reject;
        signal.addEventListener('abort', onAbort, { once: true });
        following = this.streams.follow(runId, afterIndex, { deliver, end: resolve });
        if (!following) resolve();
      });
    } finally {
      signal.removeEventListener('abort', onAbort);
      following?.unsubscribe();
    }
  }
}
