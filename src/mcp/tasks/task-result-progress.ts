import { type ServerContext } from '@modelcontextprotocol/server';
import { McpProgress } from '../mcp-progress';
import { relatedTaskMeta } from './legacy-task-wire';
import { type McpTasks, type TaskView } from './mcp-tasks.service';

/**
 * The progress of a 2025-11-25 task whose `tools/call` carried a `progressToken`, sent on the
 * stream of a `tasks/result` that waits for the task. That revision keeps the token valid until
 * the task ends, and this is the stream its client holds open meanwhile: the call's own closed
 * with the task, and `/mcp` has no standalone stream. The work is reported from its start, with
 * the values and messages a direct call of the tool hears, and only if the task is still active
 * when the wait begins: progress must stop once a task has ended.
 */
export class TaskResultProgress {
  private readonly stop = new AbortController();
  private following?: Promise<void>;

  constructor(
    private readonly tasks: McpTasks,
    private readonly ctx: ServerContext,
  ) {}

  /** Starts following the task's work, once, if its call asked for progress. */
  follow({ row }: TaskView): void {
    if (this.following || row.progress_token === null) return;
    const progress = McpProgress.under(row.progress_token, this.ctx, relatedTaskMeta(row.id));
    const signal = AbortSignal.any([this.ctx.mcpReq.signal, this.stop.signal]);
    this.following = this.tasks
      .follow(row, progress.report, signal)
      // Progress only informs: when it cannot be followed, the result still answers.
      .catch(() => undefined)
      .then(() => progress.settled());
  }

  /** Resolves once the ended work's progress has all been sent, before its result goes. */
  async sent(): Promise<void> {
    await this.following;
  }

  /** Stops following the work: the wait is over, answered or failed. */
  close(): void {
    this.stop.abort();
  }
}
