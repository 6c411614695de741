import { request, getJson } from '../api/client';
import { type CurrentKey, type OAuthGrant } from '../api/types';
import { Status } from '../components/status';
import { useAction } from '../use-action';
import { useAsync } from '../use-async';

const when = (at: string | null) => (at ? new Date(at).toLocaleString() : 'never');

/**
 * The applications connected with OAuth (claude.ai, an editor…) that act as the signed-in
 * person, or, for an admin, as anyone: what each may do and when it was last used. Disconnect
 * ends every token of the grant at once.
 */
export function ConnectionsView({ me }: { me: CurrentKey }) {
  const [grants, reload] = useAsync(
    (signal) => getJson<{ grants: OAuthGrant[] }>('/api/v1/oauth/grants', signal),
    [],
  );
  return (
    <section aria-labelledby="connections-heading">
      <h2 id="connections-heading">Connected clients</h2>
      <Status loaded={grants}>
        {({ grants: list }) =>
          list.length === 0 ? (
            <p class="muted" role="status">
              No application is connected. One connects by signing in with OAuth, as the MCP guide
              tells.
            </p>
          ) : (
            <ul class="cards" aria-label="Connected clients">
              {list.map((grant) => (
                <li key={grant.id}>
                  <ConnectionCard grant={grant} showUser={me.role === 'admin'} onGone={reload} />
                </li>
              ))}
            </ul>
          )
        }
      </Status>
    </section>
  );
}

function ConnectionCard({
  grant,
  showUser,
  onGone,
}: {
  grant: OAuthGrant;
  showUser: boolean;
  onGone: () => void;
}) {
  const disconnect = useAction();
  const headingId = `grant-${grant.id}`;
  const requestDisconnect = () =>
    disconnect.run(async () => {
      await request(`/api/v1/oauth/grants/${encodeURIComponent(grant.id)}`, { method: 'DELETE' });
      onGone();
    });
  return (
    <article class="card" aria-labelledby={headingId} data-grant-id={grant.id}>
      <h3 id={headingId}>{grant.client_name ?? grant.client_id}</h3>
      <dl class="facts">
        {showUser && (
          <>
            <dt>User</dt>
            <dd>{grant.user}</dd>
          </>
        )}
        <dt>Scopes</dt>
        <dd>{grant.scopes.join(', ') || 'none'}</dd>
        <dt>Connected</dt>
        <dd>{when(grant.created_at)}</dd>
        <dt>Last used</dt>
        <dd>{when(grant.last_used_at)}</dd>
      </dl>
      <div class="buttons">
        <button type="button" disabled={disconnect.busy} onClick={() => void requestDisconnect()}>
          Disconnect
        </button>
      </div>
      {disconnect.problem && (
        <p class="error" role="alert">
          {disconnect.problem}
        </p>
      )}
    </article>
  );
}
