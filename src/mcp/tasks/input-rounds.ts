import {
  type CallToolResult,
  type InputRequiredResult,
  type ServerContext,
} from '@modelcontextprotocol/server';
import { type CatalogTool } from '../../tools/tool-catalog.service';
import { type ToolAccess } from '../../tools/tool-scope';
import { mcpServerSdk, taskRequests } from '../loaded-on-first-use';
import { toolFailure } from '../mcp-tool-results';
import { approvalInputRequests } from './approval-elicitation';
import { type McpTasks } from './mcp-tasks.service';
import { completedToolResult } from './task-results';

/**
 * A 2026-07-28 call of a tool whose work can wait for approvals, from a client that takes
 * elicitations but not tasks: the work runs as a task of the caller's that the client never
 * sees. Whenever it waits for approvals the call answers `input_required` with their
 * elicitations and the task's id as `requestState`; the client's retry carries its answers,
 * which decide them, and follows the same work on, to its result. The state needs no signature:
 * a task id is unguessable, and only its owner's key finds it.
 */
export async function callInInputRounds(
  tasks: McpTasks,
  access: ToolAccess,
  tool: CatalogTool,
  input: Record<string, unknown>,
  ctx: ServerContext,
): Promise<CallToolResult | InputRequiredResult> {
  const resumed = ctx.mcpReq.requestState<string>();
  if (resumed !== undefined)
    await tasks.answer(access, resumed, taskRequests().inputResponsesOf(ctx));
  const taskId = resumed ?? (await tasks.start(access, tool, input)).id;
  const { state } = await tasks
    .until(access, taskId, ctx.mcpReq.signal, ({ state }) => state.status !== 'working')
    .catch(async (error: unknown) => {
      // The client went away mid-round: as for a plain call, its work stops.
      if (ctx.mcpReq.signal.aborted) await tasks.cancel(access, taskId).catch(() => undefined);
      throw error;
    });
  if (state.status === 'input_required') {
    return mcpServerSdk().inputRequired({
      inputRequests: approvalInputRequests(state.approvals),
      requestState: taskId,
    });
  }
  return state.status === 'completed' ? completedToolResult(state) : toolFailure(state.error);
}
