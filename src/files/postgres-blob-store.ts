import { Readable } from 'node:stream';
import { and, eq } from 'drizzle-orm';
import { blobs } from '../database/schema';
import { type Transactions } from '../database/transactions';
import { type BlobStore, BlobDigest, type StoredBlob } from './blob-store';

/** Rows of at most this many bytes: neither side holds more of a blob at once. */
export const BLOB_CHUNK_BYTES = 1024 * 1024;

/**
 * Blobs in PostgreSQL's `blobs` table, a row per chunk, written in one transaction: a blob is
 * there whole or not at all, and every instance of the server reads it.
 */
export class PostgresBlobStore implements BlobStore {
  constructor(
    private readonly transactions: Transactions,
    private readonly chunkBytes = BLOB_CHUNK_BYTES,
  ) {}

  async put(key: string, content: Readable): Promise<StoredBlob> {
    const digest = new BlobDigest();
    // Iterated directly, so the upload's own error (e.g. too large) ends the transaction.
    const counted = (async function* () {
      for await (const chunk of content as AsyncIterable<Buffer>) {
        digest.update(chunk);
        yield chunk;
      }
    })();
    await this.transactions.run(async () => {
      const db = this.transactions.db;
      await db.delete(blobs).where(eq(blobs.key, key));
      let index = 0;
      for await (const chunk of rechunk(counted, this.chunkBytes)) {
        await db.insert(blobs).values({ key, chunk_index: index++, data: chunk });
      }
      // An empty blob is one empty chunk, so a missing blob is told apart from it.
      if (index === 0)
        await db.insert(blobs).values({ key, chunk_index: 0, data: Buffer.alloc(0) });
    });
    return digest.result();
  }

  get(key: string): Readable {
    const db = this.transactions.db;
    async function* chunks(): AsyncGenerator<Buffer> {
      for (let index = 0; ; index++) {
        const [row] = await db
          .select({ data: blobs.data })
          .from(blobs)
          .where(and(eq(blobs.key, key), eq(blobs.chunk_index, index)));
        if (!row) {
          if (index === 0) throw new Error(`No blob '${key}'`);
          return;
        }
        if (row.data.length > 0) yield row.data;
      }
    }
    return Readable.from(chunks(), { objectMode: false });
  }

  async delete(key: string): Promise<void> {
    await this.transactions.db.delete(blobs).where(eq(blobs.key, key));
  }
}

/** The stream's bytes in pieces of exactly `size` bytes (the last one shorter). */
async function* rechunk(source: AsyncIterable<Buffer>, size: number): AsyncGenerator<Buffer> {
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  for await (const chunk of source) {
    pending.push(chunk);
    pendingBytes += chunk.length;
    while (pendingBytes >= size) {
      const joined = Buffer.concat(pending);
      yield joined.subarray(0, size);
      pending = [joined.subarray(size)];
      pendingBytes -= size;
    }
  }
  if (pendingBytes > 0) yield Buffer.concat(pending);
}
