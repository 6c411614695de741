import {
  closeSync,
  mkdirSync,
  openSync,
  readFileSync,
  rmSync,
  statSync,
  utimesSync,
  writeSync,
} from 'node:fs';
import { hostname } from 'node:os';
import { join, resolve } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { OperatorError } from '../core/config/operator-error';

/** Who holds a lock: enough to tell, on the same machine, whether that process still runs. */
export interface LockHolder {
  pid: number;
  host: string;
  /** The kernel's boot id (Linux): a lock from before a reboot belongs to no live process. */
  bootId?: string;
}

/** Thrown when another live process holds the data directory. */
export class DataDirectoryInUseError extends OperatorError {
  constructor(
    readonly directory: string,
    readonly holder: LockHolder,
  ) {
    super(
      `The data directory ${directory} (DATA_DIR) is in use by another toolhub process ` +
        `(pid ${holder.pid} on ${holder.host}): the embedded database serves one process at a ` +
        'time. Stop that process first, or set DATABASE_URL so that several share a PostgreSQL server.',
    );
  }
}

/** Thrown when the data directory cannot be created or written. */
export class DataDirectoryUnusableError extends OperatorError {
  constructor(directory: string, error: NodeJS.ErrnoException) {
    super(
      `The data directory ${directory} (DATA_DIR) cannot be used: ${error.code ?? error.message} ` +
        `on ${error.path ?? directory}. Set DATA_DIR to a directory this user can write.`,
    );
  }
}

/**
 * How often the holder marks the lock as alive, and how long an unmoving mark proves it dead.
 * Only a lock from another host needs the mark: there the process cannot be asked directly.
 */
export interface LockTiming {
  heartbeatMs: number;
  staleAfterMs: number;
}

const DEFAULT_TIMING: LockTiming = { heartbeatMs: 5_000, staleAfterMs: 15_000 };
/** A mark older than this is stale without watching it (clocks of hosts may differ a little). */
const CERTAINLY_STALE_MS = 60_000;

/**
 * An exclusive claim on a data directory by this process. PGlite has no lock of its own, and two
 * processes writing one directory corrupt it, so the second one must refuse to start.
 *
 * A lock left by a process that died is taken over: on the same host when its pid is gone (or
 * the machine rebooted since); from another host (a killed container: Docker gives each
 * container its own hostname) when its heartbeat, the lock file's mtime that the holder moves
 * every few seconds, stands still for `staleAfterMs`.
 */
export class DataDirectoryLock {
  private readonly heartbeat: NodeJS.Timeout;

  private constructor(
    private readonly lockFile: string,
    timing: LockTiming,
  ) {
    this.heartbeat = setInterval(() => touch(lockFile), timing.heartbeatMs);
    this.heartbeat.unref();
  }

  static async acquire(
    directory: string,
    timing: LockTiming = DEFAULT_TIMING,
  ): Promise<DataDirectoryLock> {
    const absolute = resolve(directory);
    const lockFile = join(absolute, 'toolhub.lock');
    const me: LockHolder = { pid: process.pid, host: hostname(), bootId: currentBootId() };
    // Two attempts: the second after removing a lock whose process is gone.
    for (let attempt = 0; attempt < 2; attempt++) {
      try {
        createLockFile(absolute, lockFile, me);
        return new DataDirectoryLock(lockFile, timing);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') {
          throw new DataDirectoryUnusableError(absolute, error as NodeJS.ErrnoException);
        }
        const holder = readHolder(lockFile);
        if (holder && (await isAlive(holder, me, lockFile, timing))) {
          throw new DataDirectoryInUseError(absolute, holder);
        }
        rmSync(lockFile, { force: true });
      }
    }
    throw new Error(`Could not lock ${lockFile}`);
  }

  release(): void {
    clearInterval(this.heartbeat);
    rmSync(this.lockFile, { force: true });
  }
}

function createLockFile(directory: string, lockFile: string, me: LockHolder): void {
  mkdirSync(directory, { recursive: true });
  const fd = openSync(lockFile, 'wx');
  try {
    writeSync(fd, JSON.stringify(me));
  } finally {
    closeSync(fd);
  }
}

function touch(lockFile: string): void {
  try {
    const now = new Date();
    utimesSync(lockFile, now, now);
  } catch {
    // Removed by hand: the next start decides again; nothing to do for this one.
  }
}

function currentBootId(): string | undefined {
  try {
    return readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim();
  } catch {
    return undefined; // Not Linux: the pid check alone decides.
  }
}

function readHolder(lockFile: string): LockHolder | undefined {
  try {
    const holder = JSON.parse(readFileSync(lockFile, 'utf8')) as Partial<LockHolder>;
    if (typeof holder.pid === 'number' && typeof holder.host === 'string') {
      const bootId = typeof holder.bootId === 'string' ? holder.bootId : undefined;
      return { pid: holder.pid, host: holder.host, bootId };
    }
  } catch {
    // An unreadable or half-written lock file: its writer died while writing it.
  }
  return undefined;
}

async function isAlive(
  holder: LockHolder,
  me: LockHolder,
  lockFile: string,
  timing: LockTiming,
): Promise<boolean> {
  if (holder.host !== me.host) return heartbeatMoves(lockFile, timing);
  if (holder.bootId && me.bootId && holder.bootId !== me.bootId) return false;
  // Our own pid: an earlier run of this container, where every run is pid 1.
  if (holder.pid === me.pid) return false;
  try {
    process.kill(holder.pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Whether the lock's heartbeat moves: watched for `staleAfterMs` unless long since still. */
async function heartbeatMoves(lockFile: string, timing: LockTiming): Promise<boolean> {
  const first = modifiedAt(lockFile);
  if (first === undefined || Date.now() - first > CERTAINLY_STALE_MS) return false;
  const deadline = Date.now() + timing.staleAfterMs;
  while (Date.now() < deadline) {
    await sleep(Math.min(500, timing.heartbeatMs));
    const latest = modifiedAt(lockFile);
    if (latest === undefined) return false;
    if (latest !== first) return true;
  }
  return false;
}

function modifiedAt(file: string): number | undefined {
  try {
    return statSync(file).mtimeMs;
  } catch {
    return undefined;
  }
}
