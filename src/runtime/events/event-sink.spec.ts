import { type Transactions } from '../../database/transactions';
import { EventSink } from './event-sink';
import { type StreamedEvent } from './streamed-event';

type Event = StreamedEvent & { name: string };

/** A sink whose stores wait until the test lets them finish, in any order it likes. */
function sinkWithHeldStores() {
  const published: string[] = [];
  const held = new Map<string, { finish: () => void; fail: (error: Error) => void }>();
  const transactions = { run: <T>(work: () => Promise<T>) => work() } as unknown as Transactions;
  const sink = new EventSink<Event>(
    0,
    {
      store: (event) =>
        new Promise<Event>((resolve, reject) =>
          held.set(event.name, { finish: () => resolve(event), fail: reject }),
        ),
      publish: (event) => {
        if (event.name === 'unpublishable') throw new Error('the stream is gone');
        published.push(event.name);
      },
    },
    transactions,
  );
  let index = 0;
  const event = (name: string, stored: boolean): Event => ({
    name,
    type: name,
    eventIndex: index++,
    persistenceState: stored ? 'persisted' : 'transient',
  });
  /** Resolves once `name`'s store has been asked for. */
  const storing = async (name: string) => {
    while (!held.has(name)) await new Promise(setImmediate);
    return held.get(name)!;
  };
  return { sink, published, event, storing };
}

describe('EventSink', () => {
  it('publishes a streamed-only event at once when nothing is ahead of it', async () => {
    const { sink, published, event } = sinkWithHeldStores();
    const emitted = sink.emitTogether([event('chunk 1', false), event('chunk 2', false)]);
    expect(published).toEqual(['chunk 1', 'chunk 2']);
    expect((await emitted).map((e) => e.name)).toEqual(['chunk 1', 'chunk 2']);
  });

  it('publishes a streamed-only event after a stored one still being stored, in index order', async () => {
    const { sink, published, event, storing } = sinkWithHeldStores();
    const message = sink.emitTogether([event('message', true)]);
    const chunk = sink.emitTogether([event('chunk', false)]);
    (await storing('message')).finish();
    await Promise.all([message, chunk]);
    expect(published).toEqual(['message', 'chunk']);

    // The queue has drained: the next one goes out at once again.
    void sink.emitTogether([event('later chunk', false)]);
    expect(published).toEqual(['message', 'chunk', 'later chunk']);
  });

  it('fails the emit whose store failed, and still publishes what follows in order', async () => {
    const { sink, published, event, storing } = sinkWithHeldStores();
    const failing = sink.emitTogether([event('refused', true)]);
    const chunk = sink.emitTogether([event('chunk', false)]);
    (await storing('refused')).fail(new Error('the database is gone'));
    await expect(failing).rejects.toThrow('the database is gone');
    await chunk;
    expect(published).toEqual(['chunk']);
  });

  it('fails the emit of a streamed-only event that could not be published', async () => {
    const { sink, published, event } = sinkWithHeldStores();
    await expect(sink.emitTogether([event('unpublishable', false)])).rejects.toThrow(
      'the stream is gone',
    );
    void sink.emitTogether([event('chunk', false)]);
    expect(published).toEqual(['chunk']);
  });
});
