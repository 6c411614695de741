import { type AuditOutcome } from '../database/schema';

/** Every kind of audited event, the values `GET /api/v1/audit?type=` takes. */
export const AUDIT_TYPES = [
  'tool.called',
  'approval.decided',
  'key.created',
  'key.revoked',
  'tool.created',
  'tool.updated',
  'tool.deleted',
  'agent.created',
  'agent.updated',
  'agent.deleted',
  'workflow.created',
  'workflow.updated',
  'workflow.deleted',
  'source.created',
  'source.updated',
  'source.deleted',
  'source.change_decided',
  'oauth.grant_created',
  'oauth.grant_revoked',
  'console.signed_in',
  'console.signed_out',
  'budget.exceeded',
] as const;

export type AuditType = (typeof AUDIT_TYPES)[number];

/**
 * How the audited action reached the server: a tool call's transport (`run` and `workflow` for
 * calls an agent run or a workflow run made), `rest` for the rest of the API, `cli` for the CLI.
 */
export type AuditTransport = 'rest' | 'mcp' | 'run' | 'test_run' | 'workflow' | 'a2a' | 'cli';

/** Who acted: a user, through one of their keys or an OAuth client when there was one. */
export interface AuditActor {
  user: string;
  keyId?: string;
  oauthClientId?: string;
}

/** An event to record, as the feature where it happens describes it. */
export interface AuditEvent {
  type: AuditType;
  actor: AuditActor;
  transport?: AuditTransport;
  /** What it acted on, by name or id: the tool's name for `tool.*`, a key's id, an approval's id. */
  target?: string;
  /** `ok` unless given. */
  outcome?: AuditOutcome;
  errorCode?: string;
  durationMs?: number;
  /** Facts about the event; never argument values or secrets. */
  details?: Record<string, unknown>;
}

/** Who acted and through what, as a service that records its actions is told by its caller. */
export interface AuditContext {
  actor: AuditActor;
  transport?: AuditTransport;
}

/** The server acting on its own (the first admin key of a fresh database, a test's set-up). */
export const SERVER_ITSELF: AuditContext = { actor: { user: 'system' } };

/** The operator at the command line, who needs no key there. */
export const COMMAND_LINE: AuditContext = { actor: { user: 'cli' }, transport: 'cli' };
