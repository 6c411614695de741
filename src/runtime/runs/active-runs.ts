import { Injectable } from '@nestjs/common';
import { RunCancelledError } from '../runtime.errors';

interface ActiveRun {
  controller: AbortController;
  done: Promise<void>;
}

/** The runs this process is executing: how to cancel each and when each is done. */
@Injectable()
export class ActiveRuns {
  private readonly runs = new Map<string, ActiveRun>();

  /** Starts `work` for the run; it is forgotten once it settles. */
  start(runId: string, work: (signal: AbortSignal) => Promise<void>): void {
    const controller = new AbortController();
    const done = work(controller.signal).finally(() => this.runs.delete(runId));
    this.runs.set(runId, { controller, done });
  }

  /** Aborts the run's model call and tools; false when this process is not running it. */
  cancel(runId: string): boolean {
    const run = this.runs.get(runId);
    if (!run) return false;
    run.controller.abort(new RunCancelledError());
    return true;
  }

  /** Resolves when the run is done here (at once if this process is not running it). */
  async settled(runId: string): Promise<void> {
    await this.runs.get(runId)?.done;
  }

  /** Cancels every run and waits for each to record its end (on shutdown). */
  async cancelAll(): Promise<void> {
    const runs = [...this.runs.keys()];
    runs.forEach((runId) => this.cancel(runId));
    await Promise.all(runs.map((runId) => this.settled(runId)));
  }
}
