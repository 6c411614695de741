import { type ComponentChildren } from 'preact';
import { useState } from 'preact/hooks';
import { sendJson } from '../api/client';
import { type Approval } from '../api/types';
import { useAction } from '../use-action';
import { pretty } from './status';

export interface ApprovalRequest {
  id: string;
  toolName: string;
  description: string;
  args: Record<string, unknown>;
  /** Undefined while pending. */
  outcome?: { approved: boolean; reason: string | null };
}

/**
 * A tool call waiting for the signed-in user: the tool, what it will do, its arguments, and
 * approve / reject with an optional reason. A decision made elsewhere arrives as `outcome`.
 */
export function ApprovalCard({
  request,
  onDecided,
  children,
}: {
  request: ApprovalRequest;
  onDecided?: (approval: Approval) => void;
  children?: ComponentChildren;
}) {
  const [reason, setReason] = useState('');
  const { busy, problem, run } = useAction();
  const reasonId = `reason-${request.id}`;

  const decide = (decision: 'approve' | 'reject') =>
    run(async () => {
      const approval = await sendJson<Approval>(
        'POST',
        `/api/v1/approvals/${encodeURIComponent(request.id)}`,
        reason.trim() ? { decision, reason: reason.trim() } : { decision },
      );
      onDecided?.(approval);
    });

  const { outcome } = request;
  return (
    <article
      class={`card approval ${outcome ? (outcome.approved ? 'approved' : 'rejected') : 'pending'}`}
      aria-label={`Approval for ${request.toolName}`}
      data-approval-id={request.id}
    >
      <h3>
        Approve <code>{request.toolName}</code>?
      </h3>
      <p>{request.description}</p>
      <pre class="json" aria-label="Arguments">
        {pretty(request.args)}
      </pre>
      {children}
      {outcome ? (
        <p class="decision" role="status">
          {outcome.approved ? 'Approved' : 'Rejected'}
          {outcome.reason ? `: ${outcome.reason}` : ''}
        </p>
      ) : (
        <div class="decide">
          <label for={reasonId}>Reason (optional)</label>
          <input
            id={reasonId}
            value={reason}
            maxLength={2000}
            onInput={(event) => setReason(event.currentTarget.value)}
          />
          <div class="buttons">
            <button type="button" disabled={busy} onClick={() => void decide('approve')}>
              Approve
            </button>
            <button
              type="button"
              class="danger"
              disabled={busy}
              onClick={() => void decide('reject')}
            >
              Reject
            </button>
          </div>
          {problem && (
            <p class="error" role="alert">
              {problem}
            </p>
          )}
        </div>
      )}
    </article>
  );
}
