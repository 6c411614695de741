import { sendJson } from '../api/client';
import { type ToolSourceChange } from '../api/types';
import { useAction } from '../use-action';
import { ChangeDiff } from './change-diff';

const WHAT_HAPPENED: Record<ToolSourceChange['change'], string> = {
  added: 'added upstream',
  changed: 'changed upstream',
  removed: 'removed upstream',
};

/**
 * A change a sync found, waiting for an admin: what the upstream did to the tool, its diff, and
 * approve (serve the upstream's new state) or reject (keep serving what was approved).
 */
export function SourceChangeCard({
  change,
  onDecided,
}: {
  change: ToolSourceChange;
  onDecided: () => void;
}) {
  const action = useAction();
  const decide = (decision: 'approve' | 'reject') =>
    action.run(async () => {
      await sendJson(
        'POST',
        `/api/v1/tool-sources/${encodeURIComponent(change.source_id)}/changes/${encodeURIComponent(change.id)}`,
        { decision },
      );
      onDecided();
    });

  return (
    <article
      class="card source-change"
      aria-label={`Change to ${change.upstream_name}`}
      data-change-id={change.id}
    >
      <h4>
        <code>{change.upstream_name}</code> {WHAT_HAPPENED[change.change]}
      </h4>
      <p class="muted">Found {new Date(change.created_at).toLocaleString()}</p>
      <ChangeDiff before={change.before} after={change.after} />
      <div class="buttons">
        <button type="button" disabled={action.busy} onClick={() => void decide('approve')}>
          Approve
        </button>
        <button
          type="button"
          class="danger"
          disabled={action.busy}
          onClick={() => void decide('reject')}
        >
          Reject
        </button>
      </div>
      {action.problem && (
        <p class="error" role="alert">
          {action.problem}
        </p>
      )}
    </article>
  );
}
