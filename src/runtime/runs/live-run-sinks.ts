import { Injectable } from '@nestjs/common';
import { type RunEventSink } from './run-event-sink';

/**
 * Where the events of the runs executing in this process go, by run: a tool call that delegated
 * to another agent relays that run's approvals into the stream of the run that made the call,
 * which executes here, as the call does.
 */
@Injectable()
export class LiveRunSinks {
  private readonly sinks = new Map<string, RunEventSink>();

  add(runId: string, sink: RunEventSink): void {
    this.sinks.set(runId, sink);
  }

  /** Forgets the run's sink, unless a later execution of the run (resumed) holds it now. */
  remove(runId: string, sink: RunEventSink): void {
    if (this.sinks.get(runId) === sink) this.sinks.delete(runId);
  }

  find(runId: string): RunEventSink | undefined {
    return this.sinks.get(runId);
  }
}
