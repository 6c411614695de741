import { Injectable } from '@nestjs/common';
import {
  type CallToolResult,
  ProtocolError,
  ProtocolErrorCode,
} from '@modelcontextprotocol/server';
import { ApprovalResolvedError } from '../../runtime/runtime.errors';
import { type CatalogTool } from '../../tools/tool-catalog.service';
import { ToolKindRegistry } from '../../tools/tool-kind-registry.service';
import { type ToolAccess } from '../../tools/tool-scope';
import { type ToolWorkControl, type ToolWorkState } from '../../tools/tool-task.contract';
import { artifactLinks } from '../artifact-links';
import { toolSuccess } from '../mcp-tool-results';
import { approvalAnswerOf, approvalElicitation } from './approval-elicitation';
import { type McpTaskRow, McpTasksRepository } from './mcp-tasks.repository';

/** How long a task is kept after its creation: a day, long enough for a human to approve. */
export const TASK_TTL_MS = 24 * 60 * 60 * 1000;
/** How often clients are asked to poll a task. */
export const TASK_POLL_INTERVAL_MS = 500;

/**
 * MCP tasks (the `io.modelcontextprotocol/tasks` extension) over tool calls whose kind runs them
 * as stored work: the task is the work (a run), found by the task's row from any instance, so it
 * survives reconnects and restarts. Only the key's user sees a task; to anyone else it does not
 * exist.
 */
@Injectable()
export class McpTasks {
  constructor(
    private readonly tasks: McpTasksRepository,
    private readonly kinds: ToolKindRegistry,
  ) {}

  /** Starts `tool`'s work for `access` and answers the task it is; its input is checked. */
  async start(access: ToolAccess, tool: CatalogTool, input: Record<string, unknown>) {
    if (!tool.work || !tool.kind) throw new Error(`${tool.definition.name} runs no work`);
    const workId = await tool.work.start(input, access.origin);
    const row = await this.tasks.create({
      owner: access.origin.user,
      kind: tool.kind,
      work_id: workId,
      ttl_ms: TASK_TTL_MS,
    });
    return { resultType: 'task' as const, ...taskOf(row, 'working', 'started') };
  }

  /** The task as `tasks/get` answers it: its status, and what it waits for or ended with. */
  async get(access: ToolAccess, taskId: string) {
    const { row, control } = this.find(access, await this.owned(access, taskId));
    return detailedTaskOf(row, await control.state(row.work_id));
  }

  /**
   * Decides the approvals the task waits for with the client's answers to their elicitations,
   * as `POST /api/v1/approvals/{id}` would: answers to approvals decided meanwhile are ignored.
   */
  async update(access: ToolAccess, taskId: string, responses: Record<string, unknown>) {
    const { row, control } = this.find(access, await this.owned(access, taskId));
    const state = await control.state(row.work_id);
    if (state.status !== 'input_required') {
      throw new ProtocolError(
        ProtocolErrorCode.InvalidParams,
        `Task ${taskId} is not waiting for input (it is ${state.status})`,
      );
    }
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
    return {};
  }

  async cancel(access: ToolAccess, taskId: string) {
    const { row, control } = this.find(access, await this.owned(access, taskId));
    await control.cancel(row.work_id);
    return {};
  }

  private async owned(access: ToolAccess, taskId: string): Promise<McpTaskRow> {
    const row = await this.tasks.findOwned(taskId, access.origin.user);
    if (!row || row.created_at.getTime() + row.ttl_ms < Date.now()) {
      throw new ProtocolError(ProtocolErrorCode.InvalidParams, `Task not found: ${taskId}`);
    }
    return row;
  }

  private find(access: ToolAccess, row: McpTaskRow): { row: McpTaskRow; control: ToolWorkControl } {
    const control = this.kinds.kindOf(row.kind, row.kind).work;
    if (!control)
      throw new ProtocolError(ProtocolErrorCode.InvalidParams, `Task not found: ${row.id}`);
    return { row, control };
  }
}

function taskOf(row: McpTaskRow, status: ToolWorkState['status'], statusMessage: string) {
  return {
    taskId: row.id,
    status,
    statusMessage,
    createdAt: row.created_at.toISOString(),
    lastUpdatedAt: new Date().toISOString(),
    ttlMs: row.ttl_ms,
    pollIntervalMs: TASK_POLL_INTERVAL_MS,
  };
}

function detailedTaskOf(row: McpTaskRow, state: ToolWorkState) {
  const task = taskOf(row, state.status, state.statusMessage);
  switch (state.status) {
    case 'input_required':
      return {
        ...task,
        inputRequests: Object.fromEntries(
          state.approvals.map((approval) => [approval.id, approvalElicitation(approval)]),
        ),
      };
    case 'completed':
      return { ...task, result: completedResult(state) };
    case 'failed':
      return {
        ...task,
        error: {
          code: ProtocolErrorCode.InternalError,
          message: state.error?.message ?? 'The work failed',
          ...(state.error && { data: { code: state.error.code, details: state.error.details } }),
        },
      };
    case 'working':
    case 'cancelled':
      return task;
  }
}

/**
 * The tool's answer, its final text first, and a link to each artifact it produced; inlined in
 * the task, it carries the 2026-07-28 discriminator the SDK adds to a direct answer.
 */
function completedResult(state: ToolWorkState): CallToolResult & { resultType: 'complete' } {
  const { content, structuredContent } = toolSuccess(state.answer);
  const text =
    state.answerText === undefined ? content : [{ type: 'text', text: state.answerText }];
  const links = artifactLinks(state.artifacts ?? []);
  return {
    resultType: 'complete',
    content: [...(text as CallToolResult['content']), ...links],
    structuredContent,
  };
}
