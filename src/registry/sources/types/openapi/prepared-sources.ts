import { type PreparedOperation } from './prepared-operation';

/** A source's operations as read, by their upstream names. */
export interface PreparedSource {
  /** Which settings they were read with (`documentKeyOf`). */
  key: string;
  baseUrl: string;
  operations: Map<string, PreparedOperation>;
}

/**
 * The operations of each source as this instance last read them, and the reads under way for
 * calls: calls that find none wait on one read together rather than each reading the document.
 */
export class PreparedSources {
  private readonly read = new Map<string, PreparedSource>();
  private readonly reading = new Map<string, Promise<PreparedSource>>();

  keep(sourceId: string, prepared: PreparedSource): void {
    this.read.set(sourceId, prepared);
  }

  forget(sourceId: string): void {
    this.read.delete(sourceId);
  }

  /**
   * The source's operations read with `key`, or those `prepare` reads, shared with the other
   * calls waiting meanwhile. The caller's abort ends its wait, not the read the others share.
   */
  async get(
    sourceId: string,
    key: string,
    prepare: () => Promise<PreparedSource>,
    signal: AbortSignal,
  ): Promise<PreparedSource> {
    const known = this.read.get(sourceId);
    if (known?.key === key) return known;
    let reading = this.reading.get(sourceId);
    if (!reading) {
      reading = prepare();
      this.reading.set(sourceId, reading);
      void reading
        .then((prepared) => this.keep(sourceId, prepared))
        .catch(() => undefined)
        .finally(() => this.reading.delete(sourceId));
    }
    return untilAborted(reading, signal);
  }
}

/** `work`'s outcome, or the signal's reason as soon as it is aborted. */
function untilAborted<Value>(work: Promise<Value>, signal: AbortSignal): Promise<Value> {
  signal.throwIfAborted();
  return new Promise<Value>((resolve, reject) => {
    const abort = () => reject(signal.reason as Error);
    signal.addEventListener('abort', abort, { once: true });
    work.then(resolve, reject).finally(() => signal.removeEventListener('abort', abort));
  });
}
