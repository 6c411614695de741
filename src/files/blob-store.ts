import { createHash } from 'node:crypto';
import { Transform, type Readable } from 'node:stream';

/** What `put` learnt of the bytes it stored. */
export interface StoredBlob {
  size: number;
  /** Hex SHA-256. */
  sha256: string;
}

/**
 * Where file bytes live, by key, streamed both ways: on disk beside the embedded database, in
 * PostgreSQL when there is one (so every instance reads every blob). Files and artifacts share it.
 */
export interface BlobStore {
  /**
   * Stores the stream's bytes under `key`. When the stream fails (e.g. the upload is too
   * large), nothing is left stored and the stream's error is thrown.
   */
  put(key: string, content: Readable): Promise<StoredBlob>;
  /** The bytes under `key`; the stream errors when there are none. */
  get(key: string): Readable;
  /** Forgets `key`; nothing happens when it is unknown. */
  delete(key: string): Promise<void>;
}

/** Injection token of the `BlobStore`. */
export const BLOB_STORE = Symbol('BLOB_STORE');

/** Counts and hashes bytes as they pass. */
export class BlobDigest {
  private size = 0;
  private readonly hash = createHash('sha256');

  update(chunk: Buffer): void {
    this.size += chunk.length;
    this.hash.update(chunk);
  }

  /** Once every byte was seen. */
  result(): StoredBlob {
    return { size: this.size, sha256: this.hash.digest('hex') };
  }
}

/** A pass-through stream that feeds a `BlobDigest`. */
export function digesting(digest: BlobDigest): Transform {
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      digest.update(chunk);
      done(null, chunk);
    },
  });
}
