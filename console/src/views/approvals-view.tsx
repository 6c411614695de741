import { getJson, query } from '../api/client';
import { type Approval, type Page } from '../api/types';
import { ApprovalCard } from '../components/approval-card';
import { Status } from '../components/status';
import { hrefOf } from '../router';
import { useAsync } from '../use-async';

/** How often the inbox asks again: a decision made elsewhere (REST, MCP) leaves it this soon. */
export const INBOX_REFRESH_MS = 2000;

export function pendingApprovals(signal: AbortSignal): Promise<Page<Approval>> {
  return getJson<Page<Approval>>(
    `/api/v1/approvals${query({ status: 'pending', limit: 100 })}`,
    signal,
  );
}

/** Every tool call waiting for the signed-in user, across their runs, oldest at the bottom. */
export function ApprovalsView() {
  const [pending, reload] = useAsync(pendingApprovals, [], INBOX_REFRESH_MS);
  return (
    <section aria-labelledby="approvals-heading">
      <h2 id="approvals-heading">Approvals waiting for me</h2>
      <Status loaded={pending}>
        {(page) =>
          page.items.length === 0 ? (
            <p class="muted" role="status">
              Nothing waits for your approval.
            </p>
          ) : (
            <>
              <p class="muted" role="status">
                {page.total} waiting
              </p>
              <ul class="cards">
                {page.items.map((approval) => (
                  <li key={approval.id}>
                    <ApprovalCard
                      request={{
                        id: approval.id,
                        toolName: approval.tool_name,
                        description: approval.description,
                        args: approval.args,
                      }}
                      onDecided={reload}
                    >
                      <p class="muted">
                        <a href={hrefOf({ view: 'run', id: approval.run_id })}>Open the run</a> ·
                        expires {new Date(approval.expires_at).toLocaleString()}
                      </p>
                    </ApprovalCard>
                  </li>
                ))}
              </ul>
            </>
          )
        }
      </Status>
    </section>
  );
}
