import { Duplex } from 'node:stream';
import { type PgliteThread } from './pglite-thread';

/**
 * A connection of node-postgres (`pg`) to the embedded database's thread, in place of a TCP
 * socket: what `pg` writes is handed to PGlite as wire-protocol bytes, and PGlite's answer is
 * what `pg` reads. Writes queued while one is answered go together, in order.
 */
export class PgliteWireStream extends Duplex {
  constructor(private readonly thread: PgliteThread) {
    super();
  }

  /** `pg` connects a socket; this stream is connected once the session is reset for it. */
  connect(): this {
    this.thread.resetSession().then(
      () => this.emit('connect'),
      (error: Error) => this.destroy(error),
    );
    return this;
  }

  // Socket options `pg` sets; nothing to set here. `ref`/`unref` too: the thread keeps the
  // process alive exactly while a request is pending.
  setNoDelay(): this {
    return this;
  }

  setKeepAlive(): this {
    return this;
  }

  ref(): this {
    return this;
  }

  unref(): this {
    return this;
  }

  override _writev(chunks: { chunk: Buffer }[], callback: (error?: Error | null) => void): void {
    const bytes = Buffer.concat(chunks.map(({ chunk }) => chunk));
    this.thread.exchange(bytes).then(
      (answer) => {
        if (answer.length > 0)
          this.push(Buffer.from(answer.buffer, answer.byteOffset, answer.length));
        callback();
      },
      (error: Error) => callback(error),
    );
  }

  override _write(
    chunk: Buffer,
    _encoding: string,
    callback: (error?: Error | null) => void,
  ): void {
    this._writev([{ chunk }], callback);
  }

  override _read(): void {}

  override _final(callback: () => void): void {
    this.push(null);
    callback();
  }
}
