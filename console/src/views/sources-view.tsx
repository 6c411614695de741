import { getJson, query, sendJson } from '../api/client';
import { type Page, type ToolSource, type ToolSourceChange } from '../api/types';
import { SourceChangeCard } from '../components/source-change-card';
import { Status } from '../components/status';
import { hrefOf } from '../router';
import { useAction } from '../use-action';
import { useAsync } from '../use-async';

/**
 * How often the page asks again for the sources and the chosen one's pending changes: a sync
 * runs on the server after `Sync now` answers, and its outcome, a periodic sync's or a decision
 * made elsewhere shows within this time.
 */
const SOURCES_REFRESH_MS = 2000;

const STATUS_LABELS: Record<ToolSource['status'], string> = {
  syncing: 'Syncing',
  ready: 'Ready',
  error: 'Error',
};

const when = (at: string | null) => (at ? new Date(at).toLocaleString() : 'never');

/**
 * The tool sources, for admins: each with its status, last sync and error, tool count and
 * pending changes, synced on demand; a chosen source's pending changes are reviewed below.
 */
export function SourcesView({ id }: { id?: string }) {
  const [sources, reload] = useAsync(
    (signal) => getJson<Page<ToolSource>>(`/api/v1/tool-sources${query({ limit: 100 })}`, signal),
    [],
    SOURCES_REFRESH_MS,
  );
  return (
    <section aria-labelledby="sources-heading">
      <h2 id="sources-heading">Tool sources</h2>
      <Status loaded={sources}>
        {(page) => {
          const chosen = id ? page.items.find((source) => source.id === id) : undefined;
          return (
            <>
              {page.items.length === 0 ? (
                <p class="muted" role="status">
                  No tool sources yet: an admin adds one with <code>POST /api/v1/tool-sources</code>
                  .
                </p>
              ) : (
                <ul class="cards" aria-label="Tool sources">
                  {page.items.map((source) => (
                    <li key={source.id}>
                      <SourceCard source={source} chosen={source.id === id} onSync={reload} />
                    </li>
                  ))}
                </ul>
              )}
              {chosen && <PendingChanges key={chosen.id} source={chosen} onDecided={reload} />}
              {id && !chosen && <p class="error">No tool source {id}.</p>}
            </>
          );
        }}
      </Status>
    </section>
  );
}

function SourceCard({
  source,
  chosen,
  onSync,
}: {
  source: ToolSource;
  chosen: boolean;
  onSync: () => void;
}) {
  const sync = useAction();
  const requestSync = () =>
    sync.run(async () => {
      await sendJson('POST', `/api/v1/tool-sources/${encodeURIComponent(source.id)}/sync`, {});
      onSync();
    });

  return (
    <article
      class={`card source source-${source.status}`}
      aria-labelledby={`source-${source.id}`}
      data-source-id={source.id}
    >
      <h3 id={`source-${source.id}`}>
        <a
          href={hrefOf({ view: 'sources', id: source.id })}
          aria-current={chosen ? 'page' : undefined}
        >
          {source.name}
        </a>
      </h3>
      {source.description && <p>{source.description}</p>}
      <dl class="facts">
        <dt>Type</dt>
        <dd>{source.type}</dd>
        <dt>Status</dt>
        <dd data-source-status={source.status}>{STATUS_LABELS[source.status]}</dd>
        <dt>Last sync</dt>
        <dd>{when(source.last_synced_at)}</dd>
        <dt>Tools</dt>
        <dd>{source.tool_count}</dd>
        <dt>Pending changes</dt>
        <dd data-pending-changes={source.pending_changes}>{source.pending_changes}</dd>
        {source.last_error && (
          <>
            <dt>Last error</dt>
            <dd class="error" data-last-error>
              {source.last_error}
            </dd>
          </>
        )}
      </dl>
      <div class="buttons">
        <button type="button" disabled={sync.busy} onClick={() => void requestSync()}>
          Sync now
        </button>
      </div>
      {sync.problem && (
        <p class="error" role="alert">
          {sync.problem}
        </p>
      )}
    </article>
  );
}

function PendingChanges({ source, onDecided }: { source: ToolSource; onDecided: () => void }) {
  const [changes, reload] = useAsync(
    (signal) =>
      getJson<Page<ToolSourceChange>>(
        `/api/v1/tool-sources/${encodeURIComponent(source.id)}/changes${query({ status: 'pending', limit: 100 })}`,
        signal,
      ),
    [source.id],
    // A later sync may replace a pending change's `after` without changing the count.
    SOURCES_REFRESH_MS,
  );
  return (
    <section aria-labelledby="changes-heading">
      <h3 id="changes-heading">Pending changes of {source.name}</h3>
      <Status loaded={changes}>
        {(page) =>
          page.items.length === 0 ? (
            <p class="muted" role="status">
              Nothing waits for review.
            </p>
          ) : (
            <ul class="cards wide" aria-label={`Pending changes of ${source.name}`}>
              {page.items.map((change) => (
                <li key={change.id}>
                  <SourceChangeCard
                    change={change}
                    onDecided={() => {
                      reload();
                      onDecided();
                    }}
                  />
                </li>
              ))}
            </ul>
          )
        }
      </Status>
    </section>
  );
}
