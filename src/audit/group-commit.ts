/** Items at most in one write: one multi-row insert stays well within PostgreSQL's parameters. */
const MAX_BATCH = 500;

interface Waiting<T> {
  item: T;
  resolve: () => void;
  reject: (error: unknown) => void;
}

/**
 * Writes items in batches, in the order they were added: while one batch is being written, the
 * items that arrive wait and are written together next, each caller's promise settling with its
 * batch's write. Under load a batch takes the cost of one write (one lock, one round trip) for
 * many callers; alone, an item is written at once.
 */
export class GroupCommit<T> {
  private waiting: Waiting<T>[] = [];
  private writing = false;
  private added = 0;
  private finished = 0;
  /** Callers of `flushed`, each waiting for the items added before it to be finished. */
  private barriers: { upTo: number; resolve: () => void }[] = [];

  constructor(private readonly write: (batch: T[]) => Promise<void>) {}

  add(item: T): Promise<void> {
    this.added++;
    return new Promise<void>((resolve, reject) => {
      this.waiting.push({ item, resolve, reject });
      if (!this.writing) void this.drain();
    });
  }

  /** Items added and not yet written. */
  get backlog(): number {
    return this.waiting.length;
  }

  /** Settles once every item added so far is written (or failed), whatever is added later. */
  flushed(): Promise<void> {
    if (this.finished >= this.added) return Promise.resolve();
    return new Promise((resolve) => this.barriers.push({ upTo: this.added, resolve }));
  }

  private async drain(): Promise<void> {
    this.writing = true;
    while (this.waiting.length > 0) {
      const batch = this.waiting.splice(0, MAX_BATCH);
      try {
        await this.write(batch.map((waiting) => waiting.item));
        for (const waiting of batch) waiting.resolve();
      } catch (error) {
        for (const waiting of batch) waiting.reject(error);
      }
      this.finished += batch.length;
      const passed = this.barriers.filter((barrier) => barrier.upTo <= this.finished);
      this.barriers = this.barriers.filter((barrier) => barrier.upTo > this.finished);
      for (const barrier of passed) barrier.resolve();
    }
    this.writing = false;
  }
}
