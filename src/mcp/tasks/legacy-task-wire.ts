import { type CallToolResult } from '@modelcontextprotocol/server';
import { mcpServerSdk } from '../loaded-on-first-use';
import { toolFailure } from '../mcp-tool-results';
import { type McpTaskRow } from './mcp-tasks.repository';
import { type TaskView, TASK_POLL_INTERVAL_MS } from './mcp-tasks.service';
import { STARTED, completedToolResult, taskFields } from './task-results';

/** A task as the 2025-11-25 revision's core `tasks/*` methods name its fields. */
export function legacyTaskOf(view: TaskView) {
  return {
    ...taskFields(view),
    ttl: view.row.ttl_ms,
    pollInterval: TASK_POLL_INTERVAL_MS,
  };
}

/**
 * The answer to a task-augmented `tools/call`. The SDK checks every `tools/call` answer of the
 * 2025 wire as a tool result, which refuses `task` without `content`; an empty `content` beside
 * it passes, and clients that asked for a task read the `task`.
 */
export function legacyTaskCreated(row: McpTaskRow) {
  return { content: [], task: legacyTaskOf({ row, state: STARTED }) };
}

/**
 * `tasks/result` of an ended task: the tool result the call would have answered (a failure or
 * cancellation as a result with `isError`), tied to its task.
 */
export function legacyTaskResult({ row, state }: TaskView): CallToolResult {
  const result =
    state.status === 'completed' ? completedToolResult(state) : toolFailure(state.error);
  return { ...result, _meta: relatedTaskMeta(row.id) };
}

/** The `_meta` that ties a message to its task, as 2025-11-25 asks of every such message. */
export function relatedTaskMeta(taskId: string) {
  return { [mcpServerSdk().RELATED_TASK_META_KEY]: { taskId } };
}
