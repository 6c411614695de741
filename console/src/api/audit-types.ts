/**
 * The audit entry types the server lists (`GET /api/v1/audit?type=`), offered as the type filter;
 * the browser suite checks this list against the server's.
 */
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
