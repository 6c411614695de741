import { useState } from 'preact/hooks';
import { messageOf } from '../api/api-error';
import { getJson, query, sendJson } from '../api/client';
import { type Page } from '../api/types';
import { Status, pretty } from '../components/status';
import { type RegistryKind, hrefOf } from '../router';
import { useAsync } from '../use-async';

interface Resource {
  id: string;
  name: string;
  [field: string]: unknown;
}

/** Fields the server sets: left out of what is edited and sent back. */
const SERVER_FIELDS = ['id', 'created_at', 'updated_at', 'builtin', 'is_builtin'];

const KINDS: RegistryKind[] = ['agents', 'tools', 'workflows'];

/**
 * The registry, for admins: each agent, tool or workflow as JSON, edited and saved with `PUT`
 * (only the fields changed are sent: updates are partial, and what the API shows of a tool's
 * implementation, secret header names for values, is not what it takes), or a new one created
 * with `POST`. The API checks every field, so its answer (a field error, say) is shown as it comes.
 */
export function RegistryView({ kind }: { kind: RegistryKind }) {
  const [list, reload] = useAsync(
    (signal) => getJson<Page<Resource>>(`/api/v1/${kind}${query({ limit: 100 })}`, signal),
    [kind],
  );
  const [selected, setSelected] = useState<Resource | 'new'>();

  return (
    <>
      <h2>Registry</h2>
      <nav aria-label="Registry kinds" class="tabs">
        {KINDS.map((candidate) => (
          <a
            key={candidate}
            href={hrefOf({ view: 'registry', kind: candidate })}
            aria-current={candidate === kind ? 'page' : undefined}
            onClick={() => setSelected(undefined)}
          >
            {candidate}
          </a>
        ))}
      </nav>
      <div class="split">
        <div class="side">
          <button type="button" onClick={() => setSelected('new')}>
            New {kind.slice(0, -1)}
          </button>
          <Status loaded={list}>
            {(page) => (
              <ul class="list" aria-label={`Registered ${kind}`}>
                {page.items.map((item) => (
                  <li key={item.id}>
                    <button type="button" class="link" onClick={() => setSelected(item)}>
                      {item.name}
                    </button>
                  </li>
                ))}
              </ul>
            )}
          </Status>
        </div>
        <div class="main-pane">
          {selected && (
            <Editor
              key={selected === 'new' ? 'new' : selected.id}
              kind={kind}
              resource={selected === 'new' ? undefined : selected}
              onSaved={() => {
                setSelected(undefined);
                reload();
              }}
            />
          )}
        </div>
      </div>
    </>
  );
}

function Editor({
  kind,
  resource,
  onSaved,
}: {
  kind: RegistryKind;
  resource?: Resource;
  onSaved: () => void;
}) {
  const editable = resource
    ? Object.fromEntries(Object.entries(resource).filter(([name]) => !SERVER_FIELDS.includes(name)))
    : { name: '' };
  const [text, setText] = useState(pretty(editable));
  const [problem, setProblem] = useState<string>();

  const save = async (event: Event) => {
    event.preventDefault();
    try {
      const body = JSON.parse(text) as unknown;
      if (typeof body !== 'object' || body === null || Array.isArray(body)) {
        setProblem('The JSON must be an object.');
        return;
      }
      if (!resource) {
        await sendJson('POST', `/api/v1/${kind}`, body);
      } else {
        const changes = changedFields(editable, body);
        if (Object.keys(changes).length === 0) {
          setProblem('Nothing changed.');
          return;
        }
        await sendJson('PUT', `/api/v1/${kind}/${encodeURIComponent(resource.id)}`, changes);
      }
      onSaved();
    } catch (error) {
      setProblem(messageOf(error));
    }
  };

  return (
    <form onSubmit={(event) => void save(event)}>
      <label for="registry-json">
        {resource ? `Edit ${resource.name}` : `New ${kind.slice(0, -1)}`} (JSON)
      </label>
      {resource && (
        <p class="hint" id="registry-json-hint">
          Save sends the fields you changed. To change a tool's implementation, give it whole as
          when creating it (secret header values again, as <code>secret_headers</code>).
        </p>
      )}
      <textarea
        id="registry-json"
        class="code"
        rows={18}
        spellcheck={false}
        aria-describedby={resource ? 'registry-json-hint' : undefined}
        value={text}
        onInput={(event) => setText(event.currentTarget.value)}
      />
      <button type="submit">Save</button>
      {problem && (
        <p class="error" role="alert">
          {problem}
        </p>
      )}
    </form>
  );
}

/** The fields of `edited` whose value differs from the one in `original`. */
function changedFields(original: Record<string, unknown>, edited: object): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(edited).filter(
      ([name, value]) => JSON.stringify(value) !== JSON.stringify(original[name]),
    ),
  );
}
