import { DomainError } from '../../core/errors';

/** A workflow run that does not exist or is another user's: the two are not told apart. */
export class WorkflowRunNotFoundError extends DomainError {
  readonly code = 'WORKFLOW_RUN_NOT_FOUND';
  readonly status = 404;
  constructor(id: string) {
    super(`Workflow run with id '${id}' not found`);
  }
}

/** The input does not match the workflow's `input_schema`; nothing ran. */
export class InvalidWorkflowInputError extends DomainError {
  readonly code = 'INVALID_INPUT';
  readonly status = 422;
  constructor(workflowName: string, issues: readonly { path: string; message: string }[]) {
    super(
      `Invalid input for workflow '${workflowName}': ${issues.map((i) => `${i.path || '(input)'} ${i.message}`).join('; ')}`,
      issues,
    );
  }
}

/**
 * Why a workflow run's work stops when its server shuts down: it records nothing, so the run
 * stays active and resumes at its first unfinished step on the next start (or elsewhere).
 */
export class WorkflowRunLeftError extends Error {
  constructor() {
    super('The server is stopping: the workflow run resumes later');
    this.name = 'WorkflowRunLeftError';
  }
}

/** A workflow called as a tool did not complete; `details` name its run and the failure code. */
export class WorkflowRunFailedError extends DomainError {
  readonly code = 'WORKFLOW_RUN_FAILED';
  readonly status = 502;
  constructor(message: string, workflowRunId: string, childCode?: string) {
    super(message, { workflow_run_id: workflowRunId, ...(childCode && { code: childCode }) });
  }
}
