import { Injectable } from '@nestjs/common';
import { ToolNotFoundError } from './tool.errors';
import { ToolCatalog } from './tool-catalog.service';
import { ToolExecutor } from './tool-executor.service';
import { type ToolScope } from './tool-scope';

/**
 * Calls a served tool by name for the transports that answer failures as errors (REST, MCP):
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
    name: string,
    input: unknown,
    caller: 'rest' | 'mcp',
    scope: ToolScope,
    signal?: AbortSignal,
  ): Promise<unknown> {
    const tool = this.catalog.find(name, scope);
    if (!tool) throw new ToolNotFoundError(name);
    const outcome = await this.executor.execute(tool, input, { caller, signal });
    if (!outcome.success) throw outcome.error;
    return outcome.result;
  }
}
