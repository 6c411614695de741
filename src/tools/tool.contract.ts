import { type DomainError } from '../core/errors';
import { type JsonSchema } from '../core/json-schema';
import { type ToolWorkApproval } from './tool-task.contract';

/** Tool inputs are always JSON objects, as in MCP. */
export interface ToolInputSchema extends JsonSchema {
  type: 'object';
  properties?: Record<string, JsonSchema>;
  required?: string[];
}

/** Hints for clients about a tool's behaviour (the MCP `ToolAnnotations`). */
export interface ToolAnnotations {
  title?: string;
  readOnlyHint?: boolean;
  destructiveHint?: boolean;
  idempotentHint?: boolean;
  openWorldHint?: boolean;
}

/** What a tool declares about itself; served by discovery, MCP and the OpenAPI document. */
export interface ToolDefinition {
  /** Unique name; also the tool's `id` and the `{toolName}` in `POST /api/tools/{toolName}`. */
  name: string;
  description: string;
  inputSchema: ToolInputSchema;
  outputSchema?: JsonSchema;
  annotations?: ToolAnnotations;
  /** A working call, shown in Swagger UI. */
  example?: { input: Record<string, unknown>; output: unknown };
  /** The domain errors the tool can answer with, documented with their status and message. */
  errors?: readonly DomainError[];
}

/** One reason an input failed its schema. */
export interface InputIssue {
  /** JSON Pointer to the offending value ('' for the whole input). */
  path: string;
  message: string;
}

export interface ToolContext {
  /** Aborted when the caller goes away or a time limit passes; long tools should honour it. */
  signal: AbortSignal;
  /** The session of the agent run that made the call; absent for REST, MCP and test-runs. */
  session?: RunSession;
  /** Whom the call acts for, and the run that made it. */
  origin: ToolCallOrigin;
  /**
   * Stops the call's time limit from running until the returned function is called: for time
   * spent waiting on a human, which the approval's own expiry bounds.
   */
  pauseTimeLimit: () => () => void;
  /**
   * Given when the caller asked to hear how a long call advances (an MCP `progressToken`):
   * tools that run for long report each step they take, in a few words.
   */
  reportProgress?: ProgressReporter;
  /**
   * Given when the caller can put approvals to its own human (an MCP client that takes
   * elicitations): tools whose work waits for approvals ask it for each one, once. The decision
   * still comes back as any approval's does, so the call goes on waiting for it.
   */
  askApproval?: ApprovalAsker;
  /**
   * Given when an agent run made the call: puts a question the call's work cannot answer itself
   * (a remote agent's) to the run's user as an approval of that run, shown where its other
   * approvals are, and resolves with the decision. Rejects when the call's signal aborts first.
   */
  askInRun?: (question: ToolCallQuestion) => Promise<ToolCallDecision>;
}

/** A question a running call puts to the user of the run that made it. */
export interface ToolCallQuestion {
  /** What the approval shows as the call's arguments. */
  args: Record<string, unknown>;
  /** What is asked, in words. */
  description: string;
}

/** How the user, or the approval's expiry, answered a call's question. */
export interface ToolCallDecision {
  status: 'approved' | 'rejected' | 'expired';
  /** The text the user gave with the decision, or why it expired. */
  reason: string | null;
}

/** Told, in order, what a running call does now, e.g. `calling encodePlantUML`. */
export type ProgressReporter = (message: string) => void;

/** Told of each approval a running call's work waits for, as it is asked for. */
export type ApprovalAsker = (approval: ToolWorkApproval) => void;

/** Whom a tool call acts for, and the agent run that made it, if one did. */
export interface ToolCallOrigin {
  /** The calling key's user, the run's owner, or `anonymous`. */
  user: string;
  /** The calling key, for calls made with one (REST, MCP, test-runs). */
  keyId?: string;
  /** The workflow run whose step made the call. */
  workflowRunId?: string;
  /**
   * The run that made the call, and the agent whose run it is; absent for calls made directly
   * (REST, MCP, test-runs).
   */
  run?: { id: string; depth: number; agentId?: string };
  /**
   * How deep a caller that is no run stands in a chain of delegations (a workflow run's tool
   * step): the calls it makes go one level deeper.
   */
  depth?: number;
}

/** How deep a run or workflow run started by a call with this origin stands: 0 at the top. */
export function depthBelow(origin: ToolCallOrigin): number {
  return (origin.run?.depth ?? origin.depth ?? -1) + 1;
}

/** The session an agent run belongs to, for tools that work on the session's own data. */
export interface RunSession {
  id: string;
  /** The user whose session it is. */
  owner: string;
}

/** The behaviour of a tool: a provider class decorated with `@ToolProvider(definition)`. */
export interface ToolHandler<Input = Record<string, unknown>, Output = unknown> {
  /** Runs with input that already satisfies `inputSchema`. Throws `DomainError`s for failures. */
  execute(input: Input, context: ToolContext): Output | Promise<Output>;
  /** The tool's own error for input that fails the schema; by default `INVALID_INPUT`. */
  rejectInput?(issues: readonly InputIssue[]): DomainError;
}
