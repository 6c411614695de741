import { type Server } from '@modelcontextprotocol/server';
import { type ToolAccess } from '../../tools/tool-scope';
import { taskRequests } from '../loaded-on-first-use';
import { decodeCursor, encodeCursor } from '../page-cursor';
import { type ApprovalAskers } from '../sessions/approval-requests';
import { legacyTaskOf, legacyTaskResult } from './legacy-task-wire';
import { type McpTasks, TASKS_PAGE_SIZE } from './mcp-tasks.service';
import { modernTaskDetail } from './modern-task-wire';
import { TaskResultProgress } from './task-result-progress';

/**
 * The `tasks/*` methods of both wires on `server`, for `access`: the 2026-07-28 tasks extension
 * (`tasks/get`, `tasks/update`, `tasks/cancel`, for clients that declare it) and the 2025-11-25
 * core methods (`tasks/get`, `tasks/result`, `tasks/list`, `tasks/cancel`; a waiting
 * `tasks/result` asks a client that can answer elicitations for the approvals the task waits
 * for, as a plain call does, and sends the task's progress if its call asked for it). The SDK
 * refuses a method its request's revision does not have.
 */
export function serveTasks(
  server: Server,
  access: ToolAccess,
  tasks: McpTasks,
  askApprovals: ApprovalAskers | undefined,
): void {
  const { LIST_PARAMS, TASK_ID_PARAMS, inputResponsesOf, isModernRequest, requireTasks } =
    taskRequests();
  server.setRequestHandler('tasks/get', { params: TASK_ID_PARAMS }, async (params, ctx) => {
    if (!isModernRequest(ctx)) return legacyTaskOf(await tasks.view(access, params.taskId));
    requireTasks(ctx);
    return modernTaskDetail(await tasks.view(access, params.taskId));
  });
  server.setRequestHandler('tasks/update', { params: TASK_ID_PARAMS }, async (params, ctx) => {
    requireTasks(ctx);
    await tasks.update(access, params.taskId, inputResponsesOf(ctx));
    return {};
  });
  server.setRequestHandler('tasks/cancel', { params: TASK_ID_PARAMS }, async (params, ctx) => {
    if (!isModernRequest(ctx)) return legacyTaskOf(await tasks.cancel(access, params.taskId));
    requireTasks(ctx);
    await tasks.cancel(access, params.taskId);
    return {};
  });
  server.setRequestHandler('tasks/result', { params: TASK_ID_PARAMS }, async (params, ctx) => {
    const ask = askApprovals?.(ctx.mcpReq.id);
    const asked = new Set<string>();
    const progress = new TaskResultProgress(tasks, ctx);
    try {
      const view = await tasks.settled(access, params.taskId, ctx.mcpReq.signal, (waiting) => {
        progress.follow(waiting);
        // A client that can answer elicitations is asked for each approval once, on this stream.
        for (const approval of waiting.state.approvals.filter(({ id }) => !asked.has(id))) {
          asked.add(approval.id);
          ask?.(approval);
        }
      });
      await progress.sent();
      return legacyTaskResult(view);
    } finally {
      progress.close();
    }
  });
  server.setRequestHandler('tasks/list', { params: LIST_PARAMS }, async (params) => {
    const offset = decodeCursor(params.cursor);
    const { page, more } = await tasks.list(access, offset);
    return {
      tasks: page.map(legacyTaskOf),
      ...(more && { nextCursor: encodeCursor(offset + TASKS_PAGE_SIZE) }),
    };
  });
}
