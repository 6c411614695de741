import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rename, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { BlobDigest, type BlobStore, type StoredBlob, digesting } from './blob-store';

/** Blobs as files under a directory (`<DATA_DIR>/blobs`), for the embedded database. */
export class FilesystemBlobStore implements BlobStore {
  constructor(private readonly directory: string) {}

  async put(key: string, content: Readable): Promise<StoredBlob> {
    const path = this.pathOf(key);
    await mkdir(this.directory, { recursive: true });
    // Written aside and renamed once complete: a reader never sees half a blob.
    const partial = `${path}.${randomUUID()}.part`;
    const digest = new BlobDigest();
    const file = createWriteStream(partial, { flags: 'wx' });
    try {
      await pipeline(content, digesting(digest), file);
      await rename(partial, path);
    } catch (error) {
      // A failure can come before the file is even open: removing it before the stream has
      // closed would leave the file it creates afterwards behind.
      if (!file.closed) await new Promise<void>((closed) => file.once('close', () => closed()));
      await rm(partial, { force: true });
      throw error;
    }
    return digest.result();
  }

  get(key: string): Readable {
    return createReadStream(this.pathOf(key));
  }

  async delete(key: string): Promise<void> {
    await rm(this.pathOf(key), { force: true });
  }

  private pathOf(key: string): string {
    if (!/^[\w.-]+$/.test(key) || key.startsWith('.')) throw new Error(`Invalid blob key '${key}'`);
    return join(this.directory, key);
  }
}
