import { useState } from 'preact/hooks';
import { getJson, query } from '../api/client';
import { AUDIT_TYPES } from '../api/audit-types';
import { type AuditEntry, type AuditPage, type AuditVerification } from '../api/types';
import { Status } from '../components/status';
import { useAction } from '../use-action';
import { useAsync } from '../use-async';

/** Entries a page shows; `Load more` adds the next page below. */
const PAGE_SIZE = 50;

interface AuditFilters {
  type?: string;
  user?: string;
  tool?: string;
  from?: string;
  to?: string;
}

/**
 * The audit log, for admins: entries in the order written, narrowed by type, user, tool and
 * time, a page at a time, and a check of the whole chain on demand.
 */
export function AuditView() {
  const [filters, setFilters] = useState<AuditFilters>({});
  const [first] = useAsync(
    (signal) =>
      getJson<AuditPage>(`/api/v1/audit${query({ ...filters, limit: PAGE_SIZE })}`, signal),
    [filters],
  );
  return (
    <section aria-labelledby="audit-heading">
      <h2 id="audit-heading">Audit log</h2>
      <Verification />
      <FilterForm onApply={setFilters} />
      <Status loaded={first}>
        {(page) => <Entries key={JSON.stringify(filters)} first={page} filters={filters} />}
      </Status>
    </section>
  );
}

function Verification() {
  const action = useAction();
  const [result, setResult] = useState<AuditVerification>();
  const verify = () =>
    action.run(async () => {
      setResult(undefined);
      setResult(await getJson<AuditVerification>('/api/v1/audit/verify'));
    });
  return (
    <div class="buttons audit-verify">
      <button type="button" onClick={() => void verify()} disabled={action.busy}>
        Verify the chain
      </button>
      <p
        role="status"
        class={result && !result.ok ? 'error' : undefined}
        data-verified={result?.ok}
      >
        {action.busy && 'Checking every entry…'}
        {result?.ok && `Intact: ${result.checked} entries checked, each hash and none missing.`}
        {result &&
          !result.ok &&
          `Broken at seq ${result.first_bad_seq ?? '?'}: an entry there was changed, removed or added (${result.checked} checked before it).`}
      </p>
      {action.problem && (
        <p class="error" role="alert">
          {action.problem}
        </p>
      )}
    </div>
  );
}

/** A local time from a `datetime-local` field, as the API takes it. */
const isoOf = (value: FormDataEntryValue | null) =>
  typeof value === 'string' && value !== '' ? new Date(value).toISOString() : undefined;
const textOf = (value: FormDataEntryValue | null) =>
  typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;

function FilterForm({ onApply }: { onApply: (filters: AuditFilters) => void }) {
  const submit = (event: Event) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget as HTMLFormElement);
    onApply({
      type: textOf(form.get('type')),
      user: textOf(form.get('user')),
      tool: textOf(form.get('tool')),
      from: isoOf(form.get('from')),
      to: isoOf(form.get('to')),
    });
  };
  return (
    <form class="filters" onSubmit={submit} aria-label="Audit filters">
      <div>
        <label for="audit-type">Type</label>
        <select id="audit-type" name="type">
          <option value="">Any</option>
          {AUDIT_TYPES.map((type) => (
            <option key={type} value={type}>
              {type}
            </option>
          ))}
        </select>
      </div>
      <div>
        <label for="audit-user">User</label>
        <input id="audit-user" name="user" autocomplete="off" />
      </div>
      <div>
        <label for="audit-tool">Tool</label>
        <input id="audit-tool" name="tool" autocomplete="off" />
      </div>
      <div>
        <label for="audit-from">From</label>
        <input id="audit-from" name="from" type="datetime-local" />
      </div>
      <div>
        <label for="audit-to">To</label>
        <input id="audit-to" name="to" type="datetime-local" />
      </div>
      <button type="submit">Apply filters</button>
    </form>
  );
}

function Entries({ first, filters }: { first: AuditPage; filters: AuditFilters }) {
  const [pages, setPages] = useState<AuditPage[]>([first]);
  const more = useAction();
  const cursor = pages[pages.length - 1].next_cursor;
  const entries = pages.flatMap((page) => page.items);
  const loadMore = () =>
    more.run(async () => {
      const next = await getJson<AuditPage>(
        `/api/v1/audit${query({ ...filters, limit: PAGE_SIZE, cursor: cursor ?? undefined })}`,
      );
      setPages([...pages, next]);
    });
  if (entries.length === 0) return <p class="muted">No entries match.</p>;
  return (
    <>
      <div class="table-scroll">
        <table aria-label="Audit entries">
          <thead>
            <tr>
              <th scope="col">Seq</th>
              <th scope="col">At</th>
              <th scope="col">Type</th>
              <th scope="col">User</th>
              <th scope="col">Transport</th>
              <th scope="col">Target</th>
              <th scope="col">Outcome</th>
              <th scope="col">Details</th>
            </tr>
          </thead>
          <tbody>
            {entries.map((entry) => (
              <EntryRow key={entry.seq} entry={entry} />
            ))}
          </tbody>
        </table>
      </div>
      <p class="muted">
        {entries.length} {entries.length === 1 ? 'entry' : 'entries'} shown.
      </p>
      {cursor && (
        <button type="button" onClick={() => void loadMore()} disabled={more.busy}>
          Load more
        </button>
      )}
      {more.problem && (
        <p class="error" role="alert">
          {more.problem}
        </p>
      )}
    </>
  );
}

function EntryRow({ entry }: { entry: AuditEntry }) {
  return (
    <tr data-seq={entry.seq}>
      <td>{entry.seq}</td>
      <td>{new Date(entry.at).toLocaleString()}</td>
      <td>{entry.type}</td>
      <td>{entry.user}</td>
      <td>{entry.transport ?? ''}</td>
      <td>{entry.target ?? ''}</td>
      <td>
        {entry.outcome}
        {entry.error_code && ` (${entry.error_code})`}
      </td>
      <td>
        <code class="audit-details">{JSON.stringify(entry.details)}</code>
      </td>
    </tr>
  );
}
