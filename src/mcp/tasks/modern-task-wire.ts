import { type McpTaskRow } from './mcp-tasks.repository';
import { approvalInputRequests } from './approval-elicitation';
import { type TaskView, TASK_POLL_INTERVAL_MS } from './mcp-tasks.service';
import { STARTED, completedToolResult, taskFields } from './task-results';
import { PROTOCOL_ERROR_CODES } from '../protocol-errors';

/** A task as the tasks extension (2026-07-28) names its fields. */
function modernTaskOf(view: TaskView) {
  return {
    ...taskFields(view),
    ttlMs: view.row.ttl_ms,
    pollIntervalMs: TASK_POLL_INTERVAL_MS,
  };
}

/** The answer to a `tools/call` that started a task. */
export function modernTaskCreated(row: McpTaskRow) {
  return { resultType: 'task' as const, ...modernTaskOf({ row, state: STARTED }) };
}

/** `tasks/get`: the task's status, and what it waits for or ended with. */
export function modernTaskDetail(view: TaskView) {
  const task = modernTaskOf(view);
  const { state } = view;
  switch (state.status) {
    case 'input_required':
      return {
        ...task,
        inputRequests: approvalInputRequests(state.approvals),
      };
    case 'completed':
      // Inlined in the task, it carries the discriminator the SDK adds to a direct answer.
      return {
        ...task,
        result: { resultType: 'complete' as const, ...completedToolResult(state) },
      };
    case 'failed':
      return {
        ...task,
        error: {
          code: PROTOCOL_ERROR_CODES.InternalError,
          message: state.error?.message ?? 'The work failed',
          ...(state.error && { data: { code: state.error.code, details: state.error.details } }),
        },
      };
    case 'working':
    case 'cancelled':
      return task;
  }
}
