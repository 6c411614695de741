import { DomainError } from '../core/errors';

/** A session that does not exist or is another user's: the two are not told apart. */
export class SessionNotFoundError extends DomainError {
  readonly code = 'SESSION_NOT_FOUND';
  readonly status = 404;
  constructor(id: string) {
    super(`Session with id '${id}' not found`);
  }
}

export class RunNotFoundError extends DomainError {
  readonly code = 'RUN_NOT_FOUND';
  readonly status = 404;
  constructor(id: string) {
    super(`Run with id '${id}' not found`);
  }
}

/** One run at a time per session; `details.run_id` names the one running, when one is. */
export class SessionBusyError extends DomainError {
  readonly code = 'SESSION_BUSY';
  readonly status = 409;
  /** Without a run id when the session's runs kept starting and ending faster than it could look. */
  constructor(runId: string | undefined, action: 'start a run' | 'delete the session') {
    super(
      runId
        ? `Cannot ${action} while run '${runId}' is running`
        : `Cannot ${action} while other runs keep taking the session; try again`,
      runId ? { run_id: runId } : undefined,
    );
  }
}

export class IdempotencyKeyReusedError extends DomainError {
  readonly code = 'IDEMPOTENCY_KEY_REUSED';
  readonly status = 409;
  constructor() {
    super('This Idempotency-Key was already used for a different request');
  }
}

/** The agent's provider needs a variable this server was started without. */
export class ProviderNotConfiguredError extends DomainError {
  readonly code = 'PROVIDER_NOT_CONFIGURED';
  readonly status = 409;
  constructor(provider: string, variable: string) {
    super(`The ${provider} provider is not configured on this server: set ${variable}`, {
      provider,
      variable,
    });
  }
}

/** A session whose agent was deleted keeps its history but cannot run any more. */
export class AgentGoneError extends DomainError {
  readonly code = 'AGENT_DELETED';
  readonly status = 409;
  constructor() {
    super("The session's agent was deleted; start a new session with another agent");
  }
}

/** An agent stored with a provider this server does not offer (e.g. from an older version). */
export class ProviderUnavailableError extends DomainError {
  readonly code = 'PROVIDER_UNAVAILABLE';
  readonly status = 409;
  constructor(provider: string, available: readonly string[]) {
    super(`This server has no '${provider}' provider; use one of: ${available.join(', ')}`);
  }
}

export class RunFinishedError extends DomainError {
  readonly code = 'RUN_FINISHED';
  readonly status = 409;
  constructor(id: string, status: string) {
    super(`Run '${id}' has already finished (${status})`, { status });
  }
}

/** The reason a cancelled run's work is aborted with; what its open tool calls report. */
export class RunCancelledError extends DomainError {
  readonly code = 'RUN_CANCELLED';
  readonly status = 409;
  constructor() {
    super('Run cancelled');
  }
}

/**
 * Why a run's work is aborted when another instance ended it `RUN_INTERRUPTED` while it still
 * ran here (this instance missed its heartbeats): it stops and records nothing more, since its
 * log already has its end. An abort reason only; no client is ever sent it.
 */
export class RunEndedElsewhereError extends Error {
  constructor() {
    super('The run was ended by another instance');
    this.name = 'RunEndedElsewhereError';
  }
}

/** A new run while the session's run waits for decisions; `details.approval_ids` names them. */
export class PendingApprovalError extends DomainError {
  readonly code = 'PENDING_APPROVAL';
  readonly status = 409;
  constructor(approvalIds: string[]) {
    super('Decide the pending approvals of this session before sending another message', {
      approval_ids: approvalIds,
    });
  }
}

export class ApprovalNotFoundError extends DomainError {
  readonly code = 'APPROVAL_NOT_FOUND';
  readonly status = 404;
  constructor(id: string) {
    super(`Approval with id '${id}' not found`);
  }
}

export class ApprovalResolvedError extends DomainError {
  readonly code = 'APPROVAL_RESOLVED';
  readonly status = 409;
  constructor(id: string, status: string) {
    super(`Approval '${id}' was already decided (${status})`, { status });
  }
}

/** An attached file of a type the agent's provider cannot give its model. */
export class AttachmentNotSupportedError extends DomainError {
  readonly code = 'ATTACHMENT_NOT_SUPPORTED';
  readonly status = 422;
  constructor(provider: string, files: readonly { id: string; name: string; mime_type: string }[]) {
    super(
      `The ${provider} provider cannot take ${files
        .map((file) => `'${file.name}' (${file.mime_type})`)
        .join(', ')} as an attachment`,
      { provider, file_ids: files.map((file) => file.id) },
    );
  }
}

/** The run an `agent` tool call started failed or was cancelled; `details.run_id` names it. */
export class AgentRunFailedError extends DomainError {
  readonly code = 'AGENT_RUN_FAILED';
  readonly status = 502;
  constructor(message: string, runId: string, childCode?: string) {
    super(message, { run_id: runId, ...(childCode && { code: childCode }) });
  }
}

/** A delegation that would start a run deeper than `AGENT_TOOL_MAX_DEPTH`. */
export class AgentDepthExceededError extends DomainError {
  readonly code = 'AGENT_DEPTH_EXCEEDED';
  readonly status = 409;
  constructor(maxDepth: number) {
    super(
      `Agents may delegate ${maxDepth} levels deep (AGENT_TOOL_MAX_DEPTH); this call would go deeper`,
      { max_depth: maxDepth },
    );
  }
}
