import {
  Injectable,
  Logger,
  type OnApplicationBootstrap,
  type OnApplicationShutdown,
} from '@nestjs/common';
import { McpTasksRepository } from './mcp-tasks.repository';

/** How often expired tasks are deleted: they are invisible from their expiry on, so rarely. */
const PURGE_INTERVAL_MS = 60 * 60 * 1000;
/** Tasks deleted per statement, so that a long backlog never makes one huge transaction. */
export const EXPIRED_TASKS_PER_DELETE = 1000;

/**
 * Deletes the tasks older than their TTL (clients already get "not found" for them), at start
 * and then hourly. Every instance does: a delete finds nothing another one has just deleted, so
 * they need no coordination.
 */
@Injectable()
export class ExpiredMcpTasks implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('McpTasks');
  private timer?: NodeJS.Timeout;
  private purging?: Promise<void>;

  constructor(private readonly tasks: McpTasksRepository) {}

  async onApplicationBootstrap(): Promise<void> {
    await this.purge();
    this.timer = setInterval(() => void this.purge(), PURGE_INTERVAL_MS).unref();
  }

  async onApplicationShutdown(): Promise<void> {
    clearInterval(this.timer);
    this.timer = undefined;
    await this.purging;
  }

  /**
   * Deletes every expired task, as the timer does (public: a test drives a purge rather than
   * wait for the timer). One purge at a time; a failed one is logged and the next one tries again.
   */
  purge(): Promise<void> {
    this.purging ??= this.deleteAll()
      .catch((error: unknown) => this.logger.warn({ err: error }, 'Deleting expired tasks failed'))
      .finally(() => (this.purging = undefined));
    return this.purging;
  }

  private async deleteAll(): Promise<void> {
    let total = 0;
    for (;;) {
      const deleted = await this.tasks.deleteExpired(EXPIRED_TASKS_PER_DELETE);
      total += deleted;
      if (deleted < EXPIRED_TASKS_PER_DELETE) break;
    }
    if (total > 0) this.logger.log(`Deleted ${total} expired MCP tasks`);
  }
}
