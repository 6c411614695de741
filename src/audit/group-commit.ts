/** Items at most in one write: one multi-row insert stays well within PostgreSQL's parameters. */
const MAX_BATCH = 500;

interface Waiting<T> {
  item: T;
  resolve: () => void;
  reject: (error: unknown) => void;
}

/**
 * Writes items in batches: while one batch is being written, the items that arrive wait and
 * are written together next, each caller's promise settling with its batch's write. Under load
 * a batch takes the cost of one write (one lock, one round trip) for many callers; alone, an
 * item is written at once.
 */
export class GroupCommit<T> {
  private waiting: Waiting<T>[] = [];
  private writing: Promise<void> | undefined;

  constructor(private readonly write: (batch: T[]) => Promise<void>) {}

  add(item: T): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      this.waiting.push({ item, resolve, reject });
      this.writing ??= this.drain().finally(() => (this.writing = undefined));
    });
  }

  /** Settles once everything added so far is written (or failed). */
  async settled(): Promise<void> {
    await this.writing;
  }

  private async drain(): Promise<void> {
    while (this.waiting.length > 0) {
      const batch = this.waiting.splice(0, MAX_BATCH);
      try {
        await this.write(batch.map((waiting) => waiting.item));
        for (const waiting of batch) waiting.resolve();
      } catch (error) {
        for (const waiting of batch) waiting.reject(error);
      }
    }
  }
}
