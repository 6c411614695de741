import { type DomainError } from '../core/errors';

/** Who asked for a tool call; a label of the invocation metrics. */
export type ToolCaller = 'rest' | 'mcp' | 'test' | 'agent' | 'workflow';

/**
 * How a tool call ended, as a value rather than an exception: callers that report failures
 * (test-runs, agent runs) read it; REST and MCP turn a failure into their own error shape.
 */
export type ToolOutcome =
  | { success: true; result: unknown; execution_time_ms: number }
  | { success: false; error: DomainError; execution_time_ms: number };
