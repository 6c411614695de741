import { type InputRequests } from '@modelcontextprotocol/server';
import { protocolError } from '../protocol-errors';
import { type ToolWorkApproval } from '../../tools/tool-task.contract';

/** The form an approval is asked with: the decision, and optionally why. */
const APPROVAL_FORM = {
  type: 'object',
  properties: {
    decision: { type: 'string', enum: ['approve', 'reject'], title: 'Decision' },
    reason: { type: 'string', title: 'Reason' },
  },
  required: ['decision'],
} as const;

/** An approval as the `elicitation/create` request a task's `inputRequests` carries. */
export function approvalElicitation({ toolName, arguments: args }: ToolWorkApproval) {
  return {
    method: 'elicitation/create',
    params: {
      mode: 'form',
      message: `Approve the call of ${toolName} with the arguments ${JSON.stringify(args)}?`,
      requestedSchema: APPROVAL_FORM,
    },
  } as const;
}

/** The approvals as the `inputRequests` of an `input_required` answer, keyed by their ids. */
export function approvalInputRequests(approvals: readonly ToolWorkApproval[]): InputRequests {
  return Object.fromEntries(
    approvals.map((approval) => [approval.id, approvalElicitation(approval)]),
  ) as unknown as InputRequests;
}

/** A decision on an approval, read from the client's answer to its elicitation. */
export interface ApprovalAnswer {
  approve: boolean;
  reason?: string;
}

/**
 * The decision an elicitation answer carries: a declined or cancelled elicitation rejects; an
 * accepted one must fill the form, or it is invalid params (and the approval stays open).
 */
export function approvalAnswerOf(key: string, response: unknown): ApprovalAnswer {
  const { action, content } = isRecord(response) ? response : {};
  if (action === 'decline' || action === 'cancel') {
    return { approve: false, reason: `The elicitation was ${action}d` };
  }
  if (action === 'accept' && isRecord(content)) {
    const { decision, reason } = content;
    const known = decision === 'approve' || decision === 'reject';
    const extra = Object.keys(content).filter(
      (field) => field !== 'decision' && field !== 'reason',
    );
    const reasonFits =
      reason === undefined || (typeof reason === 'string' && reason.length <= 2000);
    if (known && reasonFits && extra.length === 0) {
      return { approve: decision === 'approve', ...(reason !== undefined && { reason }) };
    }
  }
  throw protocolError(
    'InvalidParams',
    `inputResponses.${key} must accept with {"decision": "approve" | "reject", "reason"?: string}, or decline or cancel`,
  );
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
