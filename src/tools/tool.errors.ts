import { DomainError, PayloadTooLargeError } from '../core/errors';
import { type ToolContentResult } from './tool-content-result';
import { type InputIssue } from './tool.contract';

export class ToolNotFoundError extends DomainError {
  readonly code = 'TOOL_NOT_FOUND';
  readonly status = 404;
  constructor(name: string) {
    super(`Tool '${name}' not found`);
  }
}

/**
 * A tool call's body over the parser limit. A tool call has one size error, CODE_TOO_LARGE; this
 * is the same failure one step earlier, so agents handle a single code.
 */
export class ToolCallTooLargeError extends PayloadTooLargeError {
  override readonly code = 'CODE_TOO_LARGE';
}

export class InvalidToolInputError extends DomainError {
  readonly code = 'INVALID_INPUT';
  readonly status = 400;
  constructor(toolName: string, issues: readonly InputIssue[]) {
    super(
      `Invalid input for tool '${toolName}': ${issues.map((i) => `${i.path || '(input)'} ${i.message}`).join('; ')}`,
      issues,
    );
  }
}

/** A tool that did not finish within its time limit; its work was aborted. */
export class ExecutionTimeoutError extends DomainError {
  readonly code = 'EXECUTION_TIMEOUT';
  readonly status = 504;
  constructor(readonly timeoutMs: number) {
    super('Execution timeout', { timeout_ms: timeoutMs });
  }
}

/** A registered tool's endpoint failed: unreachable, an HTTP error, or an MCP tool error. */
export class ToolExecutionFailedError extends DomainError {
  readonly code = 'TOOL_EXECUTION_FAILED';
  readonly status = 502;
}

/**
 * An MCP tool ran and answered with an error result (`isError`). REST and MCP callers see the
 * failure; agent runs also process the `result` itself, which may hold more than the message.
 */
export class ToolReportedError extends ToolExecutionFailedError {
  // Private, so a logged error (502s are) carries the message's excerpt, never the whole result.
  readonly #result: ToolContentResult;

  constructor(message: string, result: ToolContentResult) {
    super(message);
    this.#result = result;
  }

  get result(): ToolContentResult {
    return this.#result;
  }
}

/**
 * A tool's result nests arrays and objects deeper than `TOOL_RESULT_MAX_DEPTH`: serialising it
 * for the caller, the model or the store could overflow the stack. 502: the caller's request is
 * fine, the tool's answer is what cannot be used.
 */
export class ToolResultTooDeepError extends DomainError {
  readonly code = 'TOOL_RESULT_TOO_DEEP';
  readonly status = 502;
  constructor(maxDepth: number) {
    super(
      `The tool's result nests arrays and objects deeper than ${maxDepth} levels, ` +
        'the limit TOOL_RESULT_MAX_DEPTH sets',
      { max_depth: maxDepth },
    );
  }
}

/** The caller went away (a client disconnected, a run was cancelled) before the tool finished. */
export class CallAbortedError extends DomainError {
  readonly code = 'CALL_ABORTED';
  // nginx's "client closed request": no one is left to read the answer.
  readonly status = 499;
  constructor() {
    super('The call was aborted by its caller');
  }
}
