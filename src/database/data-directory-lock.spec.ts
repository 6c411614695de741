import { spawnSync } from 'node:child_process';
import {
  existsSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  statSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  DataDirectoryInUseError,
  DataDirectoryLock,
  DataDirectoryUnusableError,
  type LockHolder,
} from './data-directory-lock';

const FAST = { heartbeatMs: 20, staleAfterMs: 400 };
const BOOT_ID_FILE = '/proc/sys/kernel/random/boot_id';

describe('DataDirectoryLock', () => {
  let directory: string;
  const lockFile = () => join(directory, 'toolhub.lock');
  const writeLock = (holder: LockHolder, ageMs = 0) => {
    writeFileSync(lockFile(), JSON.stringify(holder));
    const at = new Date(Date.now() - ageMs);
    utimesSync(lockFile(), at, at);
  };

  beforeEach(() => {
    directory = mkdtempSync(join(tmpdir(), 'toolhub-lock-'));
  });

  afterEach(() => {
    rmSync(directory, { recursive: true, force: true });
  });

  it('records who holds it and removes the lock on release', async () => {
    const lock = await DataDirectoryLock.acquire(directory, FAST);
    const holder = JSON.parse(readFileSync(lockFile(), 'utf8')) as LockHolder;
    expect(holder).toMatchObject({ pid: process.pid, host: hostname() });
    if (existsSync(BOOT_ID_FILE))
      expect(holder.bootId).toBe(readFileSync(BOOT_ID_FILE, 'utf8').trim());
    lock.release();
    expect(() => statSync(lockFile())).toThrow(/ENOENT/);
  });

  it('moves its heartbeat while held', async () => {
    const lock = await DataDirectoryLock.acquire(directory, FAST);
    try {
      const first = statSync(lockFile()).mtimeMs;
      utimesSync(lockFile(), new Date(first - 10_000), new Date(first - 10_000));
      await until(() => statSync(lockFile()).mtimeMs > first - 10_000);
    } finally {
      lock.release();
    }
  });

  it('refuses a directory a live process on this host holds, naming it and DATA_DIR', async () => {
    writeLock({ pid: process.ppid, host: hostname() });
    const acquired = DataDirectoryLock.acquire(directory, FAST);
    await expect(acquired).rejects.toBeInstanceOf(DataDirectoryInUseError);
    await expect(acquired).rejects.toThrow(
      `The data directory ${directory} (DATA_DIR) is in use by another toolhub process (pid ${process.ppid}`,
    );
    await expect(acquired).rejects.not.toThrow(/give this one its own/);
  });

  it('takes over a lock whose process on this host is gone', async () => {
    const gone = spawnSync(process.execPath, ['-e', '']).pid;
    writeLock({ pid: gone, host: hostname() });
    (await DataDirectoryLock.acquire(directory, FAST)).release();
  });

  // Only Linux tells its boot id; elsewhere the pid check alone decides.
  const withBootId = existsSync(BOOT_ID_FILE) ? it : it.skip;

  withBootId('takes over a lock from before a reboot, though its pid is in use again', async () => {
    writeLock({ pid: process.ppid, host: hostname(), bootId: 'an-earlier-boot' });
    (await DataDirectoryLock.acquire(directory, FAST)).release();
  });

  it('takes over a lock from another host (a killed container) whose heartbeat is long still', async () => {
    writeLock({ pid: 1, host: 'a-container-long-gone' }, 10 * 60_000);
    (await DataDirectoryLock.acquire(directory, FAST)).release();
  });

  it('takes over a fresh lock from another host once its heartbeat stands still', async () => {
    writeLock({ pid: 1, host: 'a-container-just-killed' });
    (await DataDirectoryLock.acquire(directory, FAST)).release();
  });

  it('refuses a lock from another host whose heartbeat moves', async () => {
    writeLock({ pid: 1, host: 'a-live-container' });
    const heartbeat = setInterval(() => {
      const now = new Date();
      utimesSync(lockFile(), now, now);
    }, FAST.heartbeatMs);
    try {
      await expect(DataDirectoryLock.acquire(directory, FAST)).rejects.toThrow(
        /in use by another toolhub process \(pid 1 on a-live-container\)/,
      );
    } finally {
      clearInterval(heartbeat);
    }
  });

  it('names DATA_DIR when the directory cannot be made', async () => {
    const file = join(directory, 'a-file');
    writeFileSync(file, '');
    const acquired = DataDirectoryLock.acquire(join(file, 'data'), FAST);
    await expect(acquired).rejects.toBeInstanceOf(DataDirectoryUnusableError);
    await expect(acquired).rejects.toThrow(
      `The data directory ${join(file, 'data')} (DATA_DIR) cannot be used: ENOTDIR`,
    );
  });
});

/** Waits until `condition` holds, polling; the test's own timeout bounds it. */
async function until(condition: () => boolean): Promise<void> {
  while (!condition()) await new Promise((resolve) => setTimeout(resolve, 10));
}
