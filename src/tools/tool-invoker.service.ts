import { Injectable } from '@nestjs/common';
import { DomainError } from '../core/errors';
import { MetricsService } from '../core/metrics/metrics.service';
import { InvalidToolInputError, ToolNotFoundError } from './tool.errors';
import { runWithTimeout } from './run-with-timeout';
import { ToolCatalog } from './tool-catalog.service';
import { ToolsConfig } from './tools.config';

export type Transport = 'rest' | 'mcp';

/**
 * The single path every tool call takes, whatever the transport: find, validate against the
 * input schema, execute within `TOOL_TIMEOUT_SECONDS`, count. REST and MCP differ only in how they present the outcome.
 */
@Injectable()
export class ToolInvoker {
  private readonly timeoutMs: number;

  constructor(
    private readonly catalog: ToolCatalog,
    private readonly metrics: MetricsService,
    config: ToolsConfig,
  ) {
    this.timeoutMs = config.TOOL_TIMEOUT_SECONDS * 1000;
  }

  async invoke(
    name: string,
    input: unknown,
    transport: Transport,
    signal?: AbortSignal,
  ): Promise<unknown> {
    const tool = this.catalog.find(name);
    if (!tool) throw new ToolNotFoundError(name);
    try {
      const issues = tool.check(input);
      if (issues.length > 0) {
        throw tool.handler.rejectInput?.(issues) ?? new InvalidToolInputError(name, issues);
      }
      const result = await runWithTimeout(
        (limited) => tool.handler.execute(input as Record<string, unknown>, { signal: limited }),
        this.timeoutMs,
        signal,
      );
      this.count(name, transport, 'ok');
      return result;
    } catch (error) {
      this.count(name, transport, error instanceof DomainError ? error.code : 'INTERNAL_ERROR');
      throw error;
    }
  }

  private count(tool: string, transport: Transport, outcome: string): void {
    this.metrics.toolInvocations.inc({ tool, transport, outcome });
  }
}
