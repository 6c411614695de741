import { type JSONRPCMessage, type RequestId, type Transport } from '@modelcontextprotocol/server';
import { type ApprovalAsker } from '../../tools/tool.contract';
import { approvalElicitation } from '../tasks/approval-elicitation';

/**
 * How a server asks its client for the approvals a call waits for, given the call's request id;
 * only for clients that can answer (a 2025-era session that declared elicitation).
 */
export type ApprovalAskers = (relatedRequestId: RequestId) => ApprovalAsker;

const APPROVAL_ID_PREFIX = 'approval:';

/** The JSON-RPC id an approval's `elicitation/create` goes under: its answer names the approval. */
function approvalRequestId(approvalId: string): string {
  return `${APPROVAL_ID_PREFIX}${approvalId}`;
}

/** The approval a JSON-RPC id names, or undefined for an id that names none. */
export function approvalIdOf(id: RequestId): string | undefined {
  return typeof id === 'string' && id.startsWith(APPROVAL_ID_PREFIX)
    ? id.slice(APPROVAL_ID_PREFIX.length)
    : undefined;
}

/**
 * Asks a 2025-era client for each approval a call waits for with an `elicitation/create` on the
 * call's own stream (`relatedRequestId`). It goes through the transport, not the server: the
 * server would wait in this process for the answer, which comes in a POST of its own, to any
 * instance, where `ApprovalAnswers` takes it.
 */
export function approvalAskerOn(
  transport: Transport,
  relatedRequestId: RequestId,
  onError: (error: Error) => void,
): ApprovalAsker {
  return (approval) => {
    const request = {
      jsonrpc: '2.0',
      id: approvalRequestId(approval.id),
      ...approvalElicitation(approval),
    } as JSONRPCMessage;
    transport.send(request, { relatedRequestId }).catch(onError);
  };
}
