import { DomainError } from '../../../core/errors';

/**
 * The remote A2A agent's task ended without completing (failed, rejected, canceled by the
 * remote): the call fails naming the remote task, as an `agent` tool's failed run does. 502: the
 * caller's request is fine, the remote agent is what failed.
 */
export class A2aTaskFailedError extends DomainError {
  readonly code = 'A2A_TASK_FAILED';
  readonly status = 502;
  constructor(message: string, taskId: string, state: string) {
    super(message, { task_id: taskId, state });
  }
}

/**
 * The remote A2A agent's task waits for input that toolhub cannot give it: credentials
 * (`auth-required`), or an answer when no run made the call, so no user can be asked
 * (`input-required`). The call ends there, naming the task and what the remote asked, so the
 * caller is not left waiting for an answer that will not come.
 */
export class A2aInputRequiredError extends DomainError {
  readonly code = 'A2A_INPUT_REQUIRED';
  readonly status = 502;
  constructor(question: string, taskId: string, state: string) {
    super(`The remote agent's task ${taskId} waits for input: ${question}`, {
      task_id: taskId,
      state,
    });
  }
}
