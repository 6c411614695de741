import { type RunEvent } from '../../src/runtime/events/run-event.types';
import { type RunStreams } from '../../src/runtime/streams/run-streams.service';

export interface RunFollower {
  /** Every event delivered so far, transient ones included, in order. */
  events: RunEvent[];
  /**
   * Resolves once an event satisfies `predicate` (at once if one already has); rejects, naming
   * the events, if the run ends without one.
   */
  waitFor(predicate: (event: RunEvent) => boolean): Promise<RunEvent>;
  /** Resolves with every event once the run has ended and all were delivered. */
  ended: Promise<RunEvent[]>;
}

interface Waiter {
  predicate: (event: RunEvent) => boolean;
  resolve(event: RunEvent): void;
  reject(error: Error): void;
}

/**
 * Follows a run of this process from its first event, as an SSE client would, but through
 * `RunStreams` itself: tests wait on what the run emits, never on time.
 */
export function followRun(streams: RunStreams, runId: string): RunFollower {
  const events: RunEvent[] = [];
  const waiters = new Set<Waiter>();
  let finished = false;
  const unseen = () =>
    new Error(`the run ended without it: ${events.map((event) => event.type).join(', ')}`);
  let end!: (events: RunEvent[]) => void;
  const ended = new Promise<RunEvent[]>((resolve) => (end = resolve));
  const following = streams.follow(runId, -1, {
    deliver: (event) => {
      events.push(event);
      for (const waiter of [...waiters]) {
        if (!waiter.predicate(event)) continue;
        waiters.delete(waiter);
        waiter.resolve(event);
      }
    },
    end: () => {
      finished = true;
      waiters.forEach((waiter) => waiter.reject(unseen()));
      waiters.clear();
      end(events);
    },
  });
  if (!following) throw new Error(`run ${runId} has no events in this process`);
  return {
    events,
    ended,
    waitFor: (predicate) => {
      const seen = events.find(predicate);
      if (seen) return Promise.resolve(seen);
      if (finished) return Promise.reject(unseen());
      return new Promise((resolve, reject) => waiters.add({ predicate, resolve, reject }));
    },
  };
}
