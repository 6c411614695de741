import { Injectable, type OnApplicationShutdown } from '@nestjs/common';

/** Node's longest timer; a later expiry is checked again when this one fires. */
const LONGEST_TIMER_MS = 2 ** 31 - 1;

/**
 * Timers that resolve approvals nobody decided in time. The database is the truth: at start the
 * pending approvals are scheduled again, and resolving an approval that was decided meanwhile
 * does nothing, so several instances may hold timers for the same approval.
 */
@Injectable()
export class ApprovalExpiry implements OnApplicationShutdown {
  private readonly timers = new Set<NodeJS.Timeout>();
  private expire: (approvalId: string) => Promise<unknown> = () => Promise.resolve();

  /** Who resolves an expired approval (registered by the resolver, which depends on runs). */
  onExpire(expire: (approvalId: string) => Promise<unknown>): void {
    this.expire = expire;
  }

  schedule(approvalId: string, expiresAt: Date): void {
    const delay = Math.max(0, expiresAt.getTime() - Date.now());
    const timer = setTimeout(
      () => {
        this.timers.delete(timer);
        if (delay > LONGEST_TIMER_MS) this.schedule(approvalId, expiresAt);
        else void this.expire(approvalId);
      },
      Math.min(delay, LONGEST_TIMER_MS),
    ).unref();
    this.timers.add(timer);
  }

  onApplicationShutdown(): void {
    this.timers.forEach((timer) => clearTimeout(timer));
    this.timers.clear();
  }
}
