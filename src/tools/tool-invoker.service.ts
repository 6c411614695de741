import { Injectable } from '@nestjs/common';
import { DomainError } from '../core/errors';
import { MetricsService } from '../core/metrics/metrics.service';
import { InvalidToolInputError, ToolNotFoundError } from './tool.errors';
import { ToolRegistry } from './tool-registry.service';

export type Transport = 'rest' | 'mcp';

/** For callers with nothing to cancel; one shared signal instead of one controller per call. */
const NEVER_ABORTED = new AbortController().signal;

/**
 * The single path every tool call takes, whatever the transport: find, validate against the
 * input schema, execute, count. REST and MCP differ only in how they present the outcome.
 */
@Injectable()
export class ToolInvoker {
  constructor(
    private readonly registry: ToolRegistry,
    private readonly metrics: MetricsService,
  ) {}

  async invoke(
    name: string,
    input: unknown,
    transport: Transport,
    signal: AbortSignal = NEVER_ABORTED,
  ): Promise<unknown> {
    const tool = this.registry.find(name);
    if (!tool) throw new ToolNotFoundError(name);
    try {
      const issues = tool.check(input);
      if (issues.length > 0) {
        throw tool.handler.rejectInput?.(issues) ?? new InvalidToolInputError(name, issues);
      }
      const result = await tool.handler.execute(input as Record<string, unknown>, { signal });
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
