import { type AuditContext, type AuditEvent } from '../../audit/audit-event';
import { type ApprovalStatus } from '../../database/schema';
import { type ApprovalRow } from './approvals.repository';

/** The audit log's entry for a decision on an approval, whoever (or whatever) took it. */
export function decisionAuditOf(
  approval: ApprovalRow,
  decision: Exclude<ApprovalStatus, 'pending'>,
  by: AuditContext,
): AuditEvent {
  return {
    ...by,
    type: 'approval.decided',
    target: approval.id,
    details: {
      approval_id: approval.id,
      run_id: approval.run_id,
      tool_name: approval.tool_name,
      decision,
    },
  };
}
