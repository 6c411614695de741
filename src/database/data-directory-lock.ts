import { closeSync, mkdirSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import { hostname } from 'node:os';
import { join, resolve } from 'node:path';

/** Thrown when another live process holds the data directory. */
export class DataDirectoryInUseError extends Error {
  constructor(directory: string, holder: LockHolder, lockFile: string) {
    super(
      `The data directory ${directory} is in use by another toolhub process ` +
        `(pid ${holder.pid} on ${holder.host}). The embedded database serves one process at ` +
        'a time: stop that process, give this one its own DATA_DIR, or set DATABASE_URL to ' +
        `share a PostgreSQL server. If no such process runs, delete ${lockFile}.`,
    );
    this.name = 'DataDirectoryInUseError';
  }
}

interface LockHolder {
  pid: number;
  host: string;
}

/**
 * An exclusive claim on a data directory by this process. PGlite has no lock of its own, and two
 * processes writing one directory corrupt it, so the second one must refuse to start.
 */
export class DataDirectoryLock {
  private constructor(private readonly lockFile: string) {}

  static acquire(directory: string): DataDirectoryLock {
    mkdirSync(directory, { recursive: true });
    const lockFile = join(directory, 'toolhub.lock');
    const me: LockHolder = { pid: process.pid, host: hostname() };
    // Two attempts: the second after removing a lock whose process is gone.
    for (let attempt = 0; attempt < 2; attempt++) {
      try {
        const fd = openSync(lockFile, 'wx');
        writeSync(fd, JSON.stringify(me));
        closeSync(fd);
        return new DataDirectoryLock(lockFile);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
        const holder = readHolder(lockFile);
        if (holder && isAlive(holder, me)) {
          throw new DataDirectoryInUseError(resolve(directory), holder, lockFile);
        }
        rmSync(lockFile, { force: true });
      }
    }
    throw new Error(`Could not lock ${lockFile}`);
  }

  release(): void {
    rmSync(this.lockFile, { force: true });
  }
}

function readHolder(lockFile: string): LockHolder | undefined {
  try {
    const holder = JSON.parse(readFileSync(lockFile, 'utf8')) as Partial<LockHolder>;
    if (typeof holder.pid === 'number' && typeof holder.host === 'string') {
      return { pid: holder.pid, host: holder.host };
    }
  } catch {
    // An unreadable or half-written lock file: its writer died while writing it.
  }
  return undefined;
}

function isAlive(holder: LockHolder, me: LockHolder): boolean {
  // A process on another host (a shared volume) cannot be checked: assume it lives.
  if (holder.host !== me.host) return true;
  // Our own pid: an earlier run of this container, where every run is pid 1.
  if (holder.pid === me.pid) return false;
  try {
    process.kill(holder.pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
