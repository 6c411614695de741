import { type BusHandler, InProcessBus, type MessageBus } from '../../cluster/message-bus';
import { type EventStore } from '../events/event-store.repository';
import { type RunEvent } from '../events/run-event.types';
import { type RunsRepository } from '../runs/runs.repository';
import { RuntimeConfig } from '../runtime.config';
import { TERMINAL_EVENT_WAIT_MS } from './event-channels';
import { type RunSubscriber, RunStreams } from './run-streams.service';

const GRACE_SECONDS = 60;

/** A transient event of a run; only its run and index matter here. */
function chunk(runId: string, eventIndex: number): RunEvent {
  return {
    type: 'message_chunk',
    sessionId: 'session-1',
    runId,
    eventIndex,
    timestamp: '2026-11-22T10:00:00.000Z',
    persistenceState: 'transient',
    content: `chunk ${eventIndex}`,
    blockIndex: 0,
  };
}

/** A subscriber that records the indexes delivered to it and how often it was ended. */
function recorder(): RunSubscriber & { indexes: number[]; ends: number } {
  const record = {
    indexes: [] as number[],
    ends: 0,
    deliver: (event: RunEvent) => record.indexes.push(event.eventIndex),
    end: () => record.ends++,
  };
  return record;
}

describe('RunStreams', () => {
  let streams: RunStreams;

  /** Opens the run and publishes its events with these indexes. */
  function publishRun(runId: string, indexes: number[]): void {
    streams.open(runId);
    for (const index of indexes) streams.publish(chunk(runId, index));
  }

  beforeEach(() => {
    streams = new RunStreams(
      Object.assign(new RuntimeConfig(), { RUN_REPLAY_GRACE_SECONDS: GRACE_SECONDS }),
      new InProcessBus(),
      {} as EventStore,
      {} as RunsRepository,
    );
  });

  afterEach(() => {
    streams.onApplicationShutdown();
  });

  it('replays the events after an index, then delivers new ones live, in order', () => {
    publishRun('run-1', [0, 1, 2]);
    const subscriber = recorder();

    streams.follow('run-1', 0, subscriber);
    expect(subscriber.indexes).toEqual([1, 2]);
    streams.publish(chunk('run-1', 3));
    streams.publish(chunk('run-1', 4));

    expect(subscriber).toMatchObject({ indexes: [1, 2, 3, 4], ends: 0 });
  });

  it('delivers each run’s events to its own subscribers only', () => {
    publishRun('run-1', [0]);
    publishRun('run-2', [0]);
    const first = recorder();
    const second = recorder();
    streams.follow('run-1', -1, first);
    streams.follow('run-2', -1, second);

    streams.publish(chunk('run-2', 1));

    expect([first.indexes, second.indexes]).toEqual([[0], [0, 1]]);
  });

  it('tells whether following after an index would deliver anything', () => {
    expect(streams.pending('run-1', -1)).toBeUndefined();
    streams.open('run-1');
    expect(streams.pending('run-1', -1)).toBe('some');
    streams.publish(chunk('run-1', 0));
    streams.publish(chunk('run-1', 1));
    // A live run may still publish: something is pending even after its last event.
    expect(streams.pending('run-1', 1)).toBe('some');

    streams.finish('run-1');
    expect(streams.pending('run-1', 0)).toBe('some');
    expect(streams.pending('run-1', 1)).toBe('nothing');
    expect(streams.pending('run-1', 7)).toBe('nothing');
  });

  it('has nothing pending for a run that ended without events', () => {
    streams.open('run-1');
    streams.finish('run-1');
    expect(streams.pending('run-1', -1)).toBe('nothing');
  });

  it('ends every subscriber once when the run finishes, and publishes nothing after', () => {
    publishRun('run-1', [0]);
    const subscribers = [recorder(), recorder()];
    for (const subscriber of subscribers) streams.follow('run-1', -1, subscriber);

    streams.finish('run-1');
    streams.finish('run-1');
    streams.publish(chunk('run-1', 1));

    for (const subscriber of subscribers) {
      expect(subscriber).toMatchObject({ indexes: [0], ends: 1 });
    }
    const late = recorder();
    streams.follow('run-1', -1, late);
    expect(late).toMatchObject({ indexes: [0], ends: 1 });
  });

  it('replays a finished run after the index and ends the subscriber at once', () => {
    publishRun('run-1', [0, 1, 2]);
    streams.finish('run-1');
    const subscriber = recorder();

    const following = streams.follow('run-1', 1, subscriber);

    expect(subscriber).toMatchObject({ indexes: [2], ends: 1 });
    expect(() => following?.unsubscribe()).not.toThrow();
  });

  it('stops delivering to a subscriber that unsubscribed, and does not end it', () => {
    publishRun('run-1', [0]);
    const leaving = recorder();
    const staying = recorder();
    const following = streams.follow('run-1', -1, leaving);
    streams.follow('run-1', -1, staying);

    following?.unsubscribe();
    streams.publish(chunk('run-1', 1));
    streams.finish('run-1');

    expect(leaving).toMatchObject({ indexes: [0], ends: 0 });
    expect(staying).toMatchObject({ indexes: [0, 1], ends: 1 });
  });

  it('holds nothing of a run it never opened', () => {
    const subscriber = recorder();
    streams.publish(chunk('elsewhere', 0));
    streams.finish('elsewhere');

    expect(streams.follow('elsewhere', -1, subscriber)).toBeUndefined();
    expect(streams.pending('elsewhere', -1)).toBeUndefined();
    expect(subscriber).toMatchObject({ indexes: [], ends: 0 });
  });

  it('keeps a finished run’s events for the grace period, then drops them', () => {
    jest.useFakeTimers();
    try {
      publishRun('run-1', [0, 1]);
      publishRun('live', [0]);
      streams.finish('run-1');

      jest.advanceTimersByTime(GRACE_SECONDS * 1000 - 1);
      const subscriber = recorder();
      streams.follow('run-1', -1, subscriber);
      expect(subscriber).toMatchObject({ indexes: [0, 1], ends: 1 });

      jest.advanceTimersByTime(1);
      expect(streams.pending('run-1', -1)).toBeUndefined();
      expect(streams.follow('run-1', -1, recorder())).toBeUndefined();
      // A run still going is kept however long it runs.
      expect(streams.pending('live', -1)).toBe('some');
    } finally {
      jest.useRealTimers();
    }
  });

  it('drops the runs that ended first once ended runs hold more events than it keeps', () => {
    streams.onApplicationShutdown();
    streams = new RunStreams(
      Object.assign(new RuntimeConfig(), {
        RUN_REPLAY_GRACE_SECONDS: GRACE_SECONDS,
        RUN_REPLAY_MAX_EVENTS: 5,
      }),
      new InProcessBus(),
      {} as EventStore,
      {} as RunsRepository,
    );
    publishRun('first', [0, 1]);
    publishRun('second', [0, 1]);
    publishRun('live', [0, 1, 2, 3, 4, 5]);
    streams.finish('second');
    streams.finish('first');
    expect([streams.pending('first', -1), streams.pending('second', -1)]).toEqual(['some', 'some']);

    // Ended third, and the five events of ended runs are now seven: the one ended first goes.
    publishRun('third', [0, 1, 2]);
    streams.finish('third');

    expect(['second', 'first', 'third'].map((run) => streams.pending(run, -1))).toEqual([
      undefined,
      'some',
      'some',
    ]);
    const replayed = recorder();
    streams.follow('first', -1, replayed);
    expect(replayed).toMatchObject({ indexes: [0, 1], ends: 1 });
    // A run still going counts for nothing and is kept whatever it holds.
    expect(streams.pending('live', -1)).toBe('some');

    // A run larger than all that is kept is not kept once it ends.
    publishRun('large', [0, 1, 2, 3, 4, 5]);
    streams.finish('large');
    expect(['first', 'third', 'large'].map((run) => streams.pending(run, -1))).toEqual([
      undefined,
      undefined,
      undefined,
    ]);
  });

  it('forgets every run on shutdown', () => {
    publishRun('run-1', [0]);
    publishRun('run-2', [0]);
    streams.finish('run-2');

    streams.onApplicationShutdown();

    expect([streams.pending('run-1', -1), streams.pending('run-2', -1)]).toEqual([
      undefined,
      undefined,
    ]);
  });
});

/** Buses of several instances in one process: each hears what the others publish. */
class SharedBus {
  private readonly handlers = new Map<string, Set<{ from: number; handler: BusHandler }>>();
  private instances = 0;

  instance(): MessageBus {
    const from = ++this.instances;
    return {
      maxMessageBytes: 8000,
      publish: (channel, message) =>
        this.handlers.get(channel)?.forEach((entry) => {
          if (entry.from !== from) entry.handler.message(message);
        }),
      subscribe: (channel, handler) => {
        const entry = { from, handler };
        const set = this.handlers.get(channel) ?? new Set();
        this.handlers.set(channel, set.add(entry));
        return Promise.resolve(() => set.delete(entry));
      },
    };
  }
}

describe('RunStreams across instances', () => {
  const config = Object.assign(new RuntimeConfig(), { RUN_REPLAY_GRACE_SECONDS: GRACE_SECONDS });
  const stored = [
    { ...chunk('run-1', 0), type: 'user_message_sent', persistenceState: 'persisted' },
  ] as RunEvent[];
  const store = { listByRun: () => Promise.resolve(stored) } as unknown as EventStore;
  const runs = {
    find: () => Promise.resolve({ status: 'running' }),
  } as unknown as RunsRepository;
  let a: RunStreams;
  let b: RunStreams;

  beforeEach(() => {
    const bus = new SharedBus();
    a = new RunStreams(config, bus.instance(), store, runs);
    b = new RunStreams(config, bus.instance(), store, runs);
  });

  afterEach(() => {
    a.onApplicationShutdown();
    b.onApplicationShutdown();
  });

  it('follows a run executing on another instance: stored events, then live ones, to its end', async () => {
    a.open('run-1');
    a.publish(stored[0]);
    expect(await b.attach('run-1')).toBe(true);
    const subscriber = recorder();
    b.follow('run-1', -1, subscriber);

    a.publish(chunk('run-1', 1));
    a.publish({ ...chunk('run-1', 2), type: 'complete', reason: 'success' });
    await new Promise((resolve) => setImmediate(resolve));

    expect(subscriber).toMatchObject({ indexes: [0, 1, 2], ends: 1 });
    expect(b.pending('run-1', 2)).toBe('nothing');
  });

  it('never delivers a streamed chunk after a later event it read from the store while catching up', async () => {
    const message = { ...chunk('run-1', 2), type: 'message', persistenceState: 'persisted' };
    const lateStore = {
      listByRun: () => {
        // The chunk is on the bus while the follower reads the store, which holds the message
        // the run persisted after it.
        a.publish(chunk('run-1', 1));
        return Promise.resolve([stored[0], message]);
      },
    } as unknown as EventStore;
    const bus = new SharedBus();
    a = new RunStreams(config, bus.instance(), store, runs);
    b = new RunStreams(config, bus.instance(), lateStore, runs);
    a.open('run-1');

    expect(await b.attach('run-1')).toBe(true);
    await new Promise((resolve) => setImmediate(resolve));
    const subscriber = recorder();
    b.follow('run-1', -1, subscriber);
    a.publish(chunk('run-1', 3));
    await new Promise((resolve) => setImmediate(resolve));

    expect(subscriber.indexes).toEqual([0, 2, 3]);
  });

  describe('a run that ended while the follower caught up', () => {
    /** `b` as a follower whose database says the run ended `msAgo`. */
    function followerOfRunEnded(msAgo: number): RunStreams {
      const ended = {
        find: () =>
          Promise.resolve({ status: 'completed', finished_at: new Date(Date.now() - msAgo) }),
      } as unknown as RunsRepository;
      const bus = new SharedBus();
      a = new RunStreams(config, bus.instance(), store, runs);
      b = new RunStreams(config, bus.instance(), store, ended);
      a.open('run-1');
      a.publish(stored[0]);
      return b;
    }
    const complete = { ...chunk('run-1', 1), type: 'complete', reason: 'success' } as RunEvent;

    afterEach(() => jest.useRealTimers());

    it('delivers the end its producer publishes after storing it', async () => {
      const follower = followerOfRunEnded(0);
      expect(await follower.attach('run-1')).toBe(true);
      const subscriber = recorder();
      follower.follow('run-1', -1, subscriber);
      expect(subscriber).toMatchObject({ indexes: [0], ends: 0 });

      a.publish(complete);
      await new Promise((resolve) => setImmediate(resolve));

      expect(subscriber).toMatchObject({ indexes: [0, 1], ends: 1 });
    });

    it('ends without it once the wait after the end is over, if it went out before', async () => {
      jest.useFakeTimers({ doNotFake: ['setImmediate', 'nextTick', 'queueMicrotask'] });
      const follower = followerOfRunEnded(0);
      expect(await follower.attach('run-1')).toBe(true);
      const subscriber = recorder();
      follower.follow('run-1', -1, subscriber);

      jest.advanceTimersByTime(TERMINAL_EVENT_WAIT_MS - 1);
      expect(subscriber.ends).toBe(0);
      jest.advanceTimersByTime(1);
      expect(subscriber).toMatchObject({ indexes: [0], ends: 1 });
    });

    it('ends at once for a run that ended before the wait', async () => {
      const follower = followerOfRunEnded(TERMINAL_EVENT_WAIT_MS);
      expect(await follower.attach('run-1')).toBe(true);
      const subscriber = recorder();
      follower.follow('run-1', -1, subscriber);
      expect(subscriber).toMatchObject({ indexes: [0], ends: 1 });
    });
  });

  it('forgets a followed run once nobody here follows it', async () => {
    await b.attach('run-1');
    const following = b.follow('run-1', -1, recorder());
    following?.unsubscribe();
    expect(b.pending('run-1', -1)).toBeUndefined();
  });
});
