import { Injectable } from '@nestjs/common';
import { type CallerSignal } from '../core/caller-signal';
import { ToolNotFoundError } from './tool.errors';
import { ToolCatalog } from './tool-catalog.service';
import { ToolExecutor } from './tool-executor.service';
import { type ToolCaller } from './tool-outcome';
import { type ToolScope } from './tool-scope';
import { type ApprovalAsker, type ProgressReporter, type ToolCallOrigin } from './tool.contract';

/**
 * Calls a served tool by name for the callers that take failures as errors (REST, MCP, workflows):
 * the executor's failure outcome is thrown as its domain error. A tool outside the caller's
 * scope is not found, exactly like one that does not exist.
 */
@Injectable()
export class ToolInvoker {
  constructor(
    private readonly catalog: ToolCatalog,
    private readonly executor: ToolExecutor,
  ) {}

  async invoke(
    /** The tool's name, or its registry id (a workflow step names its tool so). */
    tool: string | { id: string },
    input: unknown,
    call: {
      caller: ToolCaller;
      scope: ToolScope;
      origin: ToolCallOrigin;
      signal?: CallerSignal;
      reportProgress?: ProgressReporter;
      askApproval?: ApprovalAsker;
    },
  ): Promise<unknown> {
    const found =
      typeof tool === 'string'
        ? this.catalog.find(tool, call.scope)
        : this.catalog.findById(tool.id);
    if (!found) throw new ToolNotFoundError(typeof tool === 'string' ? tool : tool.id);
    const { caller, origin, signal, reportProgress, askApproval } = call;
    const outcome = await this.executor.execute(found, input, {
      caller,
      origin,
      signal,
      reportProgress,
      askApproval,
    });
    if (!outcome.success) throw outcome.error;
    return outcome.result;
  }
}
