import { type ToolWorkApproval, type ToolWorkState } from '../../tools/tool-task.contract';
import { type ApprovalRow } from '../approvals/approvals.repository';
import { type RunEvent } from '../events/run-event.types';
import { type RunRow } from '../runs/runs.repository';
import { AgentRunFailedError } from '../runtime.errors';

/**
 * Where an active run stands, for a client following it as a task: waiting for its pending
 * approvals (paused, or running with a tool call that waits for its user's decision), calling
 * a tool, or waiting for its model.
 */
export function activeRunState(
  run: RunRow,
  events: readonly RunEvent[],
  pending: readonly ApprovalRow[],
): ToolWorkState {
  if (pending.length > 0) {
    const approvals = pending.map(approvalOf);
    const names = [...new Set(approvals.map(({ toolName }) => toolName))].join(', ');
    return {
      status: 'input_required',
      statusMessage: `waiting for approval of ${names}`,
      approvals,
    };
  }
  return { status: 'working', statusMessage: activity(events), approvals: [] };
}

/** An ended run that did not complete: why, as the direct call would have failed. */
export function unsuccessfulRunState(run: RunRow): ToolWorkState {
  const cancelled = run.status === 'cancelled';
  const message = run.error?.message ?? 'The run was cancelled';
  return {
    status: cancelled ? 'cancelled' : 'failed',
    statusMessage: cancelled ? 'cancelled' : `failed: ${message}`,
    approvals: [],
    error: new AgentRunFailedError(message, run.id, run.error?.code ?? 'RUN_CANCELLED'),
  };
}

/** The tool calls the run has started and not yet had answered name what it does. */
function activity(events: readonly RunEvent[]): string {
  const answered = new Set(
    events.flatMap((event) => (event.type === 'tool_result' ? [event.toolUseId] : [])),
  );
  const open = events.filter(
    (event): event is RunEvent<'tool_use'> =>
      event.type === 'tool_use' && !answered.has(event.toolUseId),
  );
  if (open.length === 0) return 'waiting for the model';
  return `calling ${[...new Set(open.map(({ toolName }) => toolName))].join(', ')}`;
}

function approvalOf(row: ApprovalRow): ToolWorkApproval {
  return { id: row.id, toolName: row.tool_name, arguments: row.args };
}
