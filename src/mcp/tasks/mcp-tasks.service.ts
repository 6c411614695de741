import { setTimeout as sleep } from 'node:timers/promises';
import { Injectable } from '@nestjs/common';
import { type ProgressToken } from '@modelcontextprotocol/server';
import { hasExpired } from '../../database/expiry';
import { ApprovalResolvedError } from '../../runtime/runtime.errors';
import { type CatalogTool } from '../../tools/tool-catalog.service';
import { ToolKindRegistry } from '../../tools/tool-kind-registry.service';
import { type ToolAccess } from '../../tools/tool-scope';
import { type ProgressReporter } from '../../tools/tool.contract';
import { type ToolWorkControl, type ToolWorkState } from '../../tools/tool-task.contract';
import { approvalAnswerOf } from './approval-elicitation';
import { type McpTaskRow, McpTasksRepository } from './mcp-tasks.repository';
import { protocolError } from '../protocol-errors';

/** How long a task is kept after its creation: a day, long enough for a human to approve. */
export const TASK_TTL_MS = 24 * 60 * 60 * 1000;
/** How often clients are asked to poll a task, and how often a wait for its end looks. */
export const TASK_POLL_INTERVAL_MS = 500;
/** Tasks a `tasks/list` page holds. */
export const TASKS_PAGE_SIZE = 20;

/** A task and where its work stands now. */
export interface TaskView {
  row: McpTaskRow;
  state: ToolWorkState;
}

/**
 * MCP tasks over tool calls whose kind runs them as stored work: the task is the work (a run, a
 * workflow run), found by the task's row from any instance, so it survives reconnects and
 * restarts. Only the key's user sees a task; to anyone else it does not exist. Both wires (the
 * 2026-07-28 tasks extension, the 2025-11-25 core `tasks/*` methods) are served from here.
 */
@Injectable()
export class McpTasks {
  constructor(
    private readonly tasks: McpTasksRepository,
    private readonly kinds: ToolKindRegistry,
  ) {}

  /**
   * Starts `tool`'s work for `access` and answers the task it is; its input is checked. The
   * task keeps `progressToken`, under which a `tasks/result` waiting for it reports its progress.
   */
  async start(
    access: ToolAccess,
    tool: CatalogTool,
    input: Record<string, unknown>,
    progressToken?: ProgressToken,
  ) {
    if (!tool.work || !tool.kind) throw new Error(`${tool.definition.name} runs no work`);
    const workId = await tool.work.start(input, access.origin);
    return this.tasks.create({
      owner: access.origin.user,
      kind: tool.kind,
      work_id: workId,
      ttl_ms: TASK_TTL_MS,
      progress_token: progressToken ?? null,
    });
  }

  /** The task and where its work stands. */
  async view(access: ToolAccess, taskId: string): Promise<TaskView> {
    const { row, control } = this.find(await this.owned(access, taskId));
    return { row, state: await control.state(row.work_id) };
  }

  /**
   * The task once its work has ended, looked at every poll interval; `onWaiting` sees it each
   * time it still waits, and `signal` stops the wait.
   */
  settled(
    access: ToolAccess,
    taskId: string,
    signal: AbortSignal,
    onWaiting: (view: TaskView) => void,
  ): Promise<TaskView> {
    return this.until(access, taskId, signal, (view) => {
      if (isActive(view.state)) onWaiting(view);
      return !isActive(view.state);
    });
  }

  /** The task once `done` holds of it, looked at every poll interval. */
  async until(
    access: ToolAccess,
    taskId: string,
    signal: AbortSignal,
    done: (view: TaskView) => boolean,
  ): Promise<TaskView> {
    for (;;) {
      const view = await this.view(access, taskId);
      if (done(view)) return view;
      await sleep(TASK_POLL_INTERVAL_MS, undefined, { signal });
    }
  }

  /**
   * Reports what the task's work does, from its start, as a direct call of its tool hears it,
   * until the work ends or `signal` aborts.
   */
  follow(row: McpTaskRow, report: ProgressReporter, signal: AbortSignal): Promise<void> {
    const { control } = this.find(row);
    return control.follow(row.work_id, report, signal);
  }

  /** One page of the user's tasks, newest first, and where they stand. */
  async list(access: ToolAccess, offset: number): Promise<{ page: TaskView[]; more: boolean }> {
    const rows = await this.tasks.listLive(access.origin.user, {
      limit: TASKS_PAGE_SIZE + 1,
      offset,
    });
    const page = await Promise.all(
      rows.slice(0, TASKS_PAGE_SIZE).map(async (row) => {
        const { control } = this.find(row);
        return { row, state: await control.state(row.work_id) };
      }),
    );
    return { page, more: rows.length > TASKS_PAGE_SIZE };
  }

  /**
   * Decides the approvals the task waits for with the client's answers to their elicitations,
   * as `POST /api/v1/approvals/{id}` would: answers to approvals decided meanwhile are ignored.
   */
  async update(access: ToolAccess, taskId: string, responses: Record<string, unknown>) {
    const view = await this.view(access, taskId);
    if (view.state.status !== 'input_required') {
      throw protocolError(
        'InvalidParams',
        `Task ${taskId} is not waiting for input (it is ${view.state.status})`,
      );
    }
    await this.decide(access, view, responses);
  }

  /**
   * Decides what the task still waits for with `responses`, as `update` does; a task that waits
   * for nothing any more (decided meanwhile elsewhere) takes none of them.
   */
  async answer(access: ToolAccess, taskId: string, responses: Record<string, unknown>) {
    const view = await this.view(access, taskId);
    if (view.state.status === 'input_required') await this.decide(access, view, responses);
  }

  private async decide(
    access: ToolAccess,
    { row, state }: TaskView,
    responses: Record<string, unknown>,
  ): Promise<void> {
    const { control } = this.find(row);
    const waiting = new Set(state.approvals.map(({ id }) => id));
    // Every answer is checked before any decides, so a bad one leaves them all open.
    const decisions = Object.entries(responses)
      .filter(([key]) => waiting.has(key))
      .map(([key, response]) => [key, approvalAnswerOf(key, response)] as const);
    for (const [approvalId, answer] of decisions) {
      await control.decide(access.origin.user, approvalId, answer).catch((error: unknown) => {
        if (!(error instanceof ApprovalResolvedError)) throw error;
      });
    }
  }

  /** Asks the task's work to stop; answers the task as it stands then. */
  async cancel(access: ToolAccess, taskId: string): Promise<TaskView> {
    const { row, control } = this.find(await this.owned(access, taskId));
    await control.cancel(row.work_id);
    return { row, state: await control.state(row.work_id) };
  }

  private async owned(access: ToolAccess, taskId: string): Promise<McpTaskRow> {
    const row = await this.tasks.findOwned(taskId, access.origin.user);
    if (!row || hasExpired(row)) {
      throw protocolError('InvalidParams', `Task not found: ${taskId}`);
    }
    return row;
  }

  private find(row: McpTaskRow): { row: McpTaskRow; control: ToolWorkControl } {
    const control = this.kinds.kindOf(row.kind, row.kind).work;
    if (!control) throw protocolError('InvalidParams', `Task not found: ${row.id}`);
    return { row, control };
  }
}

function isActive({ status }: ToolWorkState): boolean {
  return status === 'working' || status === 'input_required';
}
