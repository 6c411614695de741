/**
 * The buses between instances, over a real PostgreSQL (`LISTEN/NOTIFY`) and, when `REDIS_URL`
 * is set, a real Redis: a message reaches the other instances exactly as published, in order,
 * up to the bus's size limit, and never comes back to the instance that sent it.
 *
 * Runs only with `DATABASE_URL` (the embedded database has no bus: it serves one process).
 */
import { Client } from 'pg';
import pino from 'pino';
import { type MessageBus } from '../../src/cluster/message-bus';
import { PostgresBus } from '../../src/cluster/postgres-bus';
import { RedisBus } from '../../src/cluster/redis-bus';
import { eventually } from '../support/eventually';

const DATABASE_URL = process.env.DATABASE_URL ?? '';
const REDIS_URL = process.env.REDIS_URL ?? '';
const silent = pino({ level: 'silent' });

type StartedBus = MessageBus & { start(): Promise<void>; close(): Promise<void> };
type BusOf = (instanceId: string) => StartedBus;

const BUSES: [string, BusOf][] = [
  ['PostgreSQL', (id) => new PostgresBus(DATABASE_URL, id, silent)],
];
if (REDIS_URL) BUSES.push(['Redis', (id) => new RedisBus(REDIS_URL, id, silent)]);

const describeOnPostgres = DATABASE_URL ? describe : describe.skip;

describeOnPostgres.each(BUSES)('The cluster bus on %s', (_, makeBus) => {
  let a: StartedBus;
  let b: StartedBus;
  let channel: string;
  let unsubscribe: (() => void)[];

  beforeEach(async () => {
    a = makeBus(`host-a:101:${Math.random().toString(16).slice(2, 10)}`);
    b = makeBus(`host-b:202:${Math.random().toString(16).slice(2, 10)}`);
    await Promise.all([a.start(), b.start()]);
    channel = `bus_test_${Math.random().toString(16).slice(2)}`;
    unsubscribe = [];
  });

  afterEach(async () => {
    for (const stop of unsubscribe) stop();
    await Promise.all([a.close(), b.close()]);
  });

  /** Subscribes on `bus`; the messages it receives, in the order received. */
  async function receivedOn(bus: MessageBus): Promise<string[]> {
    const received: string[] = [];
    unsubscribe.push(await bus.subscribe(channel, { message: (text) => received.push(text) }));
    return received;
  }

  const arrived = (what: string, received: string[], count: number) =>
    eventually(what, () => Promise.resolve(received.length >= count ? received : undefined));

  it('carries a message as large as it allows (up to 100 KB), byte for byte, to the others only', async () => {
    const onA = await receivedOn(a);
    const onB = await receivedOn(b);
    // Quotes, backslashes and newlines are what a second serialisation would escape (and
    // grow); multi-byte characters count as the bytes they are.
    const unit = '{"q":"\\"\\\\"}\nÄ€😀 ';
    const size = Math.min(a.maxMessageBytes, 100_000);
    let message = unit.repeat(Math.ceil(size / Buffer.byteLength(unit)));
    while (Buffer.byteLength(message) > size) message = message.slice(0, -1);
    if (/[\uD800-\uDBFF]$/.test(message)) message = message.slice(0, -1);
    expect(Buffer.byteLength(message)).toBeGreaterThan(size - 4);

    a.publish(channel, message);
    expect(await arrived('the message on B', onB, 1)).toEqual([message]);

    // B answers after it received A's message, so A has had its own back by now, if ever.
    b.publish(channel, 'from B');
    expect(await arrived("B's answer on A", onA, 1)).toEqual(['from B']);
    expect(onB).toEqual([message]);
  });

  it('keeps the order in which one instance published, however many at once', async () => {
    const onB = await receivedOn(b);
    const sent = Array.from({ length: 200 }, (_, i) => JSON.stringify({ i, text: `"${i}"` }));
    for (const message of sent) a.publish(channel, message);
    expect(await arrived('every message on B', onB, sent.length)).toEqual(sent);
  });

  it('keeps the order of messages published on turns of the event loop of their own', async () => {
    const onB = await receivedOn(b);
    const sent = Array.from({ length: 60 }, (_, i) => `turn ${i}`);
    for (const [i, message] of sent.entries()) {
      a.publish(channel, message);
      // Some a turn apart, like a run's streamed chunks; some a few milliseconds apart.
      await (i % 10 === 9 ? new Promise((resolve) => setTimeout(resolve, 3)) : setImmediateP());
    }
    expect(await arrived('every message on B', onB, sent.length)).toEqual(sent);
  });
});

/** How many of the statements sent were `LISTEN` or `UNLISTEN`. */
function listenStatements(calls: unknown[][]): number {
  return calls.filter(([text]) => typeof text === 'string' && /^(UN)?LISTEN /.test(text)).length;
}

const setImmediateP = () => new Promise<void>((resolve) => setImmediate(resolve));

describeOnPostgres('The cluster bus on PostgreSQL', () => {
  let sender: PostgresBus;
  let listener: PostgresBus;
  let channel: string;
  let received: string[];
  let stop: () => void;

  beforeEach(async () => {
    sender = new PostgresBus(DATABASE_URL, 'host-c:303:0c0c0c0c', silent);
    listener = new PostgresBus(DATABASE_URL, 'host-d:404:0d0d0d0d', silent);
    await Promise.all([sender.start(), listener.start()]);
    channel = `bus_test_${Math.random().toString(16).slice(2)}`;
    received = [];
    stop = await listener.subscribe(channel, { message: (text) => received.push(text) });
  });

  afterEach(async () => {
    stop();
    await Promise.all([sender.close(), listener.close()]);
  });

  const firstArrival = (what: string) =>
    eventually(what, () => Promise.resolve(received.length > 0 ? received : undefined));

  it('sends what was published just before it closed', async () => {
    sender.publish(channel, 'last words');
    await sender.close();
    expect(await firstArrival('the last message')).toEqual(['last words']);
  });

  it('listens to and leaves many channels at once in a few statements, in the order asked', async () => {
    const channels = Array.from({ length: 200 }, (_, i) => `${channel}_${i}`);
    const heard = new Map<string, string[]>(channels.map((name) => [name, []]));
    const statements = jest.spyOn(Client.prototype, 'query');
    try {
      const stops = await Promise.all(
        channels.map((name) =>
          listener.subscribe(name, { message: (text) => heard.get(name)?.push(text) }),
        ),
      );
      // Each run listens to its own channel: one statement each piled up behind the others.
      expect(listenStatements(statements.mock.calls)).toBeLessThanOrEqual(3);
      for (const name of channels) sender.publish(name, `to ${name}`);
      await eventually('a message on every channel', () =>
        Promise.resolve([...heard.values()].every((texts) => texts.length === 1) || undefined),
      );

      statements.mockClear();
      // Left, listened to again, left again: the last word stands.
      for (const stop of stops) stop();
      const again = await listener.subscribe(channels[0], { message: () => undefined });
      again();
      stop();
      await listener.subscribe(channel, { message: (text) => received.push(text) });
      expect(listenStatements(statements.mock.calls)).toBeLessThanOrEqual(3);
      for (const name of channels) sender.publish(name, 'after leaving');
      sender.publish(channel, 'still listened to');
      expect(await firstArrival('the message on the channel kept')).toEqual(['still listened to']);
      expect([...heard.values()].every((texts) => texts.length === 1)).toBe(true);
    } finally {
      statements.mockRestore();
    }
  });

  it('ignores a payload it did not write, and what follows still arrives', async () => {
    const raw = new Client({ connectionString: DATABASE_URL });
    await raw.connect();
    try {
      // An older instance's envelope, and a payload of no known form at all.
      await raw.query('SELECT pg_notify($1, $2), pg_notify($1, $3)', [
        channel,
        JSON.stringify({ from: 'host-e:505:0e0e0e0e', message: 'old' }),
        'not an envelope',
      ]);
    } finally {
      await raw.end();
    }
    sender.publish(channel, 'after them');
    expect(await firstArrival('the message after them')).toEqual(['after them']);
  });
});
