import { Client } from 'pg';
import { type Logger } from 'pino';
import { type BusHandler, BusSubscriptions, type MessageBus } from './message-bus';

/** PostgreSQL refuses a NOTIFY payload of 8000 bytes or more. */
const NOTIFY_LIMIT_BYTES = 7999;
const MAX_BACKOFF_MS = 5000;
const FLUSH_TIMEOUT_MS = 2000;
/**
 * How long a notice waits for others to leave with it. A run streams its chunks a few at a time,
 * each on its own turn of the event loop: sent at once, nearly every chunk was a statement of
 * its own, most of a run's statements on this connection. Another instance's followers get
 * events this much later, beside the few milliseconds a notice takes anyway.
 */
const LINGER_MS = 2;
/**
 * Sends a batch of notices in one statement, in array order: one transaction's notifications
 * reach listeners in the order it sent them. PostgreSQL drops a notice identical to one sent
 * before in the same transaction; the twin arrives with it, so no listener can tell. The batch
 * is one JSON text of `[channel, payload]` pairs: `pg` escapes each element of a text array in
 * JavaScript, which cost more than the rest of a publish.
 */
const NOTIFY_ALL =
  'SELECT pg_notify(notice->>0, notice->>1) FROM json_array_elements($1::json) AS notice';

/**
 * A bus over PostgreSQL `LISTEN/NOTIFY` on one dedicated connection (not the pool: a pooled
 * connection's LISTEN would end with its checkout). Its queries run one after another, so an
 * instance's notifications leave in the order they were published. A lost connection is
 * replaced, every channel is listened to again, and subscribers are told of the gap.
 */
export class PostgresBus implements MessageBus {
  readonly maxMessageBytes: number;
  private readonly subscriptions: BusSubscriptions;
  private client?: Client;
  private ready?: Promise<Client>;
  private closed = false;
  private tail: Promise<unknown> = Promise.resolve();
  /** Notices published while the statements before them run: they leave together. */
  private batch?: [channel: string, payload: string][];
  /** The wait of a batch not queued yet (see `publish`). */
  private lingering?: NodeJS.Timeout;
  /** `LISTEN` and `UNLISTEN` statements asked for while the ones before them run: sent as one. */
  private listening?: { statements: string[]; sent: Promise<void> };

  constructor(
    private readonly url: string,
    instanceId: string,
    private readonly logger: Logger,
  ) {
    this.subscriptions = new BusSubscriptions(instanceId);
    this.maxMessageBytes = NOTIFY_LIMIT_BYTES - this.subscriptions.envelopeBytes;
  }

  async start(): Promise<void> {
    this.ready = this.connect(false);
    await this.ready;
  }

  /**
   * Queues the notice behind the statements sent before it. It waits up to `LINGER_MS` for
   * others to join it: notices published meanwhile (a run's streamed chunks, many runs at once)
   * leave in one statement instead of one each.
   */
  publish(channel: string, message: string): void {
    const notice: [string, string] = [channel, this.subscriptions.wrap(message)];
    if (this.batch) {
      this.batch.push(notice);
      return;
    }
    const batch = [notice];
    this.batch = batch;
    this.lingering = setTimeout(() => this.sendBatch(batch), LINGER_MS);
  }

  async subscribe(channel: string, handler: BusHandler): Promise<() => void> {
    if (this.subscriptions.add(channel, handler)) await this.listen(`LISTEN ${quoted(channel)}`);
    return () => {
      if (!this.subscriptions.remove(channel, handler)) return;
      this.listen(`UNLISTEN ${quoted(channel)}`).catch(() => undefined);
    };
  }

  async close(): Promise<void> {
    // Notices published just before closing still leave (the CLI revokes a key, then exits),
    // unless the server cannot be reached in time.
    this.sendWaitingBatch();
    await Promise.race([this.tail, sleep(FLUSH_TIMEOUT_MS)]);
    this.closed = true;
    const client = this.client;
    this.client = undefined;
    await client?.end().catch(() => undefined);
  }

  /**
   * Starts or stops listening to a channel, in one statement with the others asked for while
   * the statements before it run, in the order asked. Every run listens to a channel of its
   * own while it runs: one statement each, at many runs at once, queued behind each other
   * faster than the one connection could send them, and every run's events waited in memory
   * with them.
   */
  private listen(statement: string): Promise<void> {
    if (this.listening) {
      this.listening.statements.push(statement);
      return this.listening.sent;
    }
    const listening = { statements: [statement], sent: Promise.resolve() };
    this.listening = listening;
    listening.sent = this.enqueue(() => {
      if (this.listening === listening) this.listening = undefined;
      return this.send(listening.statements.join('; '));
    });
    return listening.sent;
  }

  /** Queues the batch now, ending its wait; what is published from here on waits anew. */
  private sendBatch(batch: [channel: string, payload: string][]): void {
    clearTimeout(this.lingering);
    this.lingering = undefined;
    this.enqueue(() => {
      // Sent as it is now: what is published from here on goes in the next batch.
      if (this.batch === batch) this.batch = undefined;
      return this.send(NOTIFY_ALL, [JSON.stringify(batch)]);
    }).catch((error: unknown) =>
      this.logger.warn(
        { err: error, channels: [...new Set(batch.map(([name]) => name))] },
        'Cluster notices could not be sent',
      ),
    );
  }

  /** The batch still waiting to be queued, queued now: nothing published before is sent later. */
  private sendWaitingBatch(): void {
    if (this.lingering && this.batch) this.sendBatch(this.batch);
  }

  /** One statement at a time (pg no longer queues them itself): the order is the order sent. */
  private enqueue(send: () => Promise<void>): Promise<void> {
    const sent = this.tail.then(send);
    this.tail = sent.catch(() => undefined);
    return sent;
  }

  /**
   * Runs a statement on the current connection. One that fails because the connection was lost
   * is sent once more on its replacement, but for `LISTEN` and `UNLISTEN`: the replacement
   * listens to every channel subscribed to already.
   */
  private async send(text: string, values?: unknown[]): Promise<void> {
    const ready = this.ready;
    if (this.closed || ready === undefined) return;
    const client = await ready;
    try {
      await client.query(text, values);
    } catch (error) {
      if (this.closed || client === this.client) throw error;
      if (text.startsWith('LISTEN') || text.startsWith('UNLISTEN')) return;
      const replacement = this.ready;
      if (replacement !== undefined) await (await replacement).query(text, values);
    }
  }

  private async connect(reconnecting: boolean): Promise<Client> {
    for (let attempt = 0; ; attempt++) {
      const client = new Client({ connectionString: this.url });
      client.on('notification', (notice) =>
        this.subscriptions.dispatch(notice.channel, notice.payload),
      );
      client.on('error', (error) => this.lost(client, error));
      client.on('end', () => this.lost(client));
      try {
        await client.connect();
        for (const channel of this.subscriptions.channels) {
          await client.query(`LISTEN ${quoted(channel)}`);
        }
        if (this.closed) {
          await client.end();
          throw new Error('The cluster bus is closed');
        }
        this.client = client;
        if (reconnecting) this.subscriptions.gap();
        return client;
      } catch (error) {
        client.removeAllListeners('end');
        await client.end().catch(() => undefined);
        if (this.closed || (!reconnecting && attempt >= 2)) throw error;
        this.logger.warn({ err: error }, 'Cluster bus: PostgreSQL unreachable, retrying');
        await sleep(Math.min(250 * 2 ** attempt, MAX_BACKOFF_MS));
      }
    }
  }

  private lost(client: Client, error?: Error): void {
    if (this.closed || client !== this.client) return;
    this.logger.warn({ err: error }, 'Cluster bus: PostgreSQL connection lost, reconnecting');
    this.client = undefined;
    client.end().catch(() => undefined);
    this.ready = this.connect(true);
    this.ready.catch(() => undefined);
  }
}

/** A channel name as an SQL identifier. */
function quoted(channel: string): string {
  return `"${channel.replaceAll('"', '""')}"`;
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms).unref());
}
