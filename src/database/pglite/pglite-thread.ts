import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';

/** Made by the build beside this file's compiled form; absent when running from the sources. */
const NEW_DATABASE_TEMPLATE = join(__dirname, 'new-database');

type ThreadMessage =
  | { type: 'ready' }
  | { type: 'answer'; bytes: Uint8Array }
  | { type: 'failed'; message: string }
  | { type: 'closed' };

interface Waiter {
  resolve(message: ThreadMessage): void;
  reject(error: Error): void;
}

/**
 * The worker thread that owns the embedded database (`pglite-thread.worker.js`). Requests are
 * answered in the order they are sent. The thread keeps the process alive only while a request
 * is pending, so a process that is done exits even if nobody closed the database.
 */
export class PgliteThread {
  private readonly waiters: Waiter[] = [];
  private stopped?: Error;

  private constructor(private readonly worker: Worker) {
    worker.on('message', (message: ThreadMessage) => this.settle(message));
    worker.on('error', (error) => this.stop(error));
    worker.on('exit', () => this.stop(new Error('The embedded database thread stopped')));
  }

  /**
   * Starts the thread and opens the PGlite data directory in it, creating the database first:
   * as a copy of `template`, a new database the build made (scripts/new-database-template.js),
   * when there is one. Creating one from nothing (initdb in WebAssembly) takes seconds.
   */
  static async start(directory: string, template = NEW_DATABASE_TEMPLATE): Promise<PgliteThread> {
    if (existsSync(join(directory, 'PG_VERSION'))) return PgliteThread.open(directory);
    if (existsSync(template)) return PgliteThread.open(directory, template);
    // PGlite creates a database in a second, temporary instance whose memory (some 500 MB) its
    // thread keeps until a garbage collection that an idle thread never runs. Creating it on a
    // thread that then ends gives that memory back, for the cost of one more open.
    await (await PgliteThread.open(directory)).close();
    return PgliteThread.open(directory);
  }

  private static async open(directory: string, template?: string): Promise<PgliteThread> {
    const worker = new Worker(join(__dirname, 'pglite-thread.worker.js'), {
      workerData: { directory, template },
    });
    const thread = new PgliteThread(worker);
    try {
      await thread.request(undefined);
    } catch (error) {
      await worker.terminate();
      throw error;
    }
    return thread;
  }

  /** Hands protocol bytes to the database; resolves the bytes it answers. */
  async exchange(bytes: Uint8Array): Promise<Uint8Array> {
    const answer = await this.request({ type: 'exchange', bytes });
    return answer.type === 'answer' ? answer.bytes : new Uint8Array(0);
  }

  /** Gives the session to a new connection as fresh as PostgreSQL would (see the worker). */
  async resetSession(): Promise<void> {
    await this.request({ type: 'reset' });
  }

  /** Closes the database (flushing it to disk) and ends the thread. */
  async close(): Promise<void> {
    if (this.stopped) return;
    await this.request({ type: 'close' });
    await this.worker.terminate();
  }

  /** Sends a message (none: waits for the thread's first, `ready`) and resolves its answer. */
  private request(message: object | undefined): Promise<ThreadMessage> {
    if (this.stopped) return Promise.reject(this.stopped);
    return new Promise<ThreadMessage>((resolve, reject) => {
      if (this.waiters.push({ resolve, reject }) === 1) this.worker.ref();
      if (message) this.worker.postMessage(message);
    });
  }

  private settle(message: ThreadMessage): void {
    const waiter = this.waiters.shift();
    if (this.waiters.length === 0) this.worker.unref();
    if (message.type === 'failed') waiter?.reject(new Error(message.message));
    else waiter?.resolve(message);
  }

  private stop(error: Error): void {
    this.stopped ??= error;
    for (const waiter of this.waiters.splice(0)) waiter.reject(this.stopped);
  }
}
