import { createHash } from 'node:crypto';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { openMigratedDatabase } from '../../test/support/embedded-database';
import { Transactions } from '../database/transactions';
import { type BlobStore } from './blob-store';
import { FilesystemBlobStore } from './filesystem-blob-store';
import { PostgresBlobStore } from './postgres-blob-store';

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/** A stream of `bytes` in pieces of `pieceSize`, optionally failing after them. */
function streamOf(bytes: Buffer, pieceSize = 5, failure?: Error): Readable {
  async function* pieces() {
    for (let start = 0; start < bytes.length; start += pieceSize) {
      // A piece at a time, as a socket delivers them.
      yield await Promise.resolve(bytes.subarray(start, start + pieceSize));
    }
    if (failure) throw failure;
  }
  return Readable.from(pieces());
}

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream as AsyncIterable<Buffer>) chunks.push(chunk);
  return Buffer.concat(chunks);
}

/** A store opened once per suite (a PGlite database takes seconds to create), emptied per test. */
interface StoreCase {
  store: BlobStore;
  /** Keys with bytes stored (a half-written blob would show here). */
  storedKeys(): Promise<string[]>;
  /** Removes every blob, so each test starts from an empty store. */
  removeAllBlobs(): Promise<void>;
  close(): Promise<void>;
}

async function filesystemCase(): Promise<StoreCase> {
  const directory = await mkdtemp(join(tmpdir(), 'toolhub-blobs-'));
  const blobs = join(directory, 'blobs');
  return {
    store: new FilesystemBlobStore(blobs),
    storedKeys: async () => (await readdir(blobs).catch(() => [])).sort(),
    removeAllBlobs: () => rm(blobs, { recursive: true, force: true }),
    close: () => rm(directory, { recursive: true, force: true }),
  };
}

async function postgresCase(): Promise<StoreCase> {
  const { db, close } = await openMigratedDatabase();
  const transactions = new Transactions(db);
  return {
    // Tiny chunks: every blob spans several rows.
    store: new PostgresBlobStore(transactions, 7),
    storedKeys: async () =>
      (
        await db.execute<{ key: string }>(sql`SELECT DISTINCT key FROM blobs ORDER BY key`)
      ).rows.map((row) => row.key),
    removeAllBlobs: async () => {
      await db.execute(sql`DELETE FROM blobs`);
    },
    close,
  };
}

describe.each([
  ['FilesystemBlobStore', filesystemCase],
  ['PostgresBlobStore', postgresCase],
])('%s', (_name, open) => {
  let subject: StoreCase;

  beforeAll(async () => {
    subject = await open();
  });

  beforeEach(async () => {
    await subject.removeAllBlobs();
  });

  afterAll(async () => {
    await subject.close();
  });

  it('stores a stream and gives back the same bytes, with their size and SHA-256', async () => {
    const bytes = Buffer.from(Array.from({ length: 100 }, (_, i) => (i * 37) % 256));
    expect(await subject.store.put('a', streamOf(bytes, 9))).toEqual({
      size: 100,
      sha256: sha256(bytes),
    });
    expect(await readAll(subject.store.get('a'))).toEqual(bytes);
    expect(await subject.storedKeys()).toEqual(['a']);
  });

  it('stores an empty blob, told apart from a missing one', async () => {
    expect(await subject.store.put('empty', streamOf(Buffer.alloc(0)))).toEqual({
      size: 0,
      sha256: sha256(Buffer.alloc(0)),
    });
    expect(await readAll(subject.store.get('empty'))).toEqual(Buffer.alloc(0));
    await expect(readAll(subject.store.get('missing'))).rejects.toThrow();
  });

  it('keeps nothing of a stream that fails, and throws its error', async () => {
    const failure = new Error('too large');
    await expect(subject.store.put('b', streamOf(Buffer.alloc(50, 1), 5, failure))).rejects.toThrow(
      failure,
    );
    expect(await subject.storedKeys()).toEqual([]);
  });

  it('keeps nothing of a stream that fails before its first byte', async () => {
    const failure = new Error('gone at once');
    await expect(subject.store.put('early', streamOf(Buffer.alloc(0), 5, failure))).rejects.toThrow(
      failure,
    );
    // Storing another blob afterwards gives a late half-written file time to show up.
    await subject.store.put('after', streamOf(Buffer.from('x')));
    expect(await subject.storedKeys()).toEqual(['after']);
  });

  it('deletes a blob, and deleting an unknown key does nothing', async () => {
    await subject.store.put('c', streamOf(Buffer.from('bytes')));
    await subject.store.delete('c');
    await subject.store.delete('never');
    expect(await subject.storedKeys()).toEqual([]);
    await expect(readAll(subject.store.get('c'))).rejects.toThrow();
  });
});
