import { type CallToolResult } from '@modelcontextprotocol/server';
import { type ToolWorkState } from '../../tools/tool-task.contract';
import { type TaskView } from './mcp-tasks.service';
import { artifactLinks } from '../artifact-links';
import { toolSuccess } from '../mcp-tool-results';

/** What a task is on either wire, beside how long it is kept and polled (named per wire). */
export function taskFields({ row, state }: TaskView) {
  return {
    taskId: row.id,
    status: state.status,
    statusMessage: state.statusMessage,
    createdAt: row.created_at.toISOString(),
    lastUpdatedAt: new Date().toISOString(),
  };
}

/** Where a task's work stands as it is created. */
export const STARTED: ToolWorkState = {
  status: 'working',
  statusMessage: 'started',
  approvals: [],
};

/**
 * A completed task's tool result: its final text first (or the answer as text), the answer as
 * `structuredContent`, and a link to each artifact it produced.
 */
export function completedToolResult(state: ToolWorkState): CallToolResult {
  const { content, structuredContent } = toolSuccess(state.answer);
  const text =
    state.answerText === undefined ? content : [{ type: 'text', text: state.answerText }];
  const links = artifactLinks(state.artifacts ?? []);
  return {
    content: [...(text as CallToolResult['content']), ...links],
    structuredContent,
  };
}
