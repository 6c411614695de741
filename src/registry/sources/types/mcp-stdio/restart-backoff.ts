/** The wait before the first restart of a process that exited. */
export const FIRST_RESTART_DELAY_MS = 1_000;
/** The longest wait: a program that keeps failing is still tried once a minute. */
export const MAX_RESTART_DELAY_MS = 60_000;
/** A process up this long was healthy: its exit starts the waits from the first again. */
export const HEALTHY_UPTIME_MS = 60_000;

/**
 * When a source's process is restarted after it exits: 1 s after the first exit, the wait
 * doubling with each exit that follows a short life (2 s, 4 s … 60 s at most), and back to 1 s
 * once a process has been up a minute.
 */
export class RestartBackoff {
  private exitsInARow = 0;

  /** Records an exit after `uptimeMs` up; returns how long to wait before the next start. */
  exited(uptimeMs: number): number {
    this.exitsInARow = uptimeMs >= HEALTHY_UPTIME_MS ? 1 : this.exitsInARow + 1;
    return Math.min(FIRST_RESTART_DELAY_MS * 2 ** (this.exitsInARow - 1), MAX_RESTART_DELAY_MS);
  }
}
