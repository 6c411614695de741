import { DataDirectoryLock } from '../data-directory-lock';
import { pgliteDirectory } from '../describe-database';
import { PgliteThread } from './pglite-thread';

/** The embedded database's thread, running on a data directory this process has locked. */
export interface EmbeddedDatabase {
  lock: DataDirectoryLock;
  thread: PgliteThread;
}

/** Locks the data directory, then starts the database's thread on it. */
export async function startEmbeddedDatabase(dataDir: string): Promise<EmbeddedDatabase> {
  const lock = await DataDirectoryLock.acquire(dataDir);
  try {
    return { lock, thread: await PgliteThread.start(pgliteDirectory(dataDir)) };
  } catch (error) {
    lock.release();
    throw error;
  }
}

/** Ends the thread (flushing the database to disk) and releases the lock. */
export async function stopEmbeddedDatabase({ lock, thread }: EmbeddedDatabase): Promise<void> {
  try {
    await thread.close();
  } finally {
    lock.release();
  }
}
