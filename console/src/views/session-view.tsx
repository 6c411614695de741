import { useState } from 'preact/hooks';
import { messageOf } from '../api/api-error';
import { getJson, query, sendJson, uploadFile } from '../api/client';
import { type Artifact, type RunEvent, type Session } from '../api/types';
import { Status } from '../components/status';
import { hrefOf, navigate } from '../router';
import { useAsync } from '../use-async';

interface SessionRun {
  id: string;
  message: string;
  at: string;
}

/** The runs of a session, one per message sent, read from its stored events. */
async function runsOf(sessionId: string, signal: AbortSignal): Promise<SessionRun[]> {
  const runs: SessionRun[] = [];
  let after = -1;
  // A session's log can be long; the newest few hundred messages are plenty to pick from.
  for (let page = 0; page < 10; page++) {
    const { items, next_after_sequence } = await getJson<{
      items: RunEvent[];
      next_after_sequence: number | null;
    }>(
      `/api/v1/sessions/${encodeURIComponent(sessionId)}/events${query({ after_sequence: after, limit: 1000 })}`,
      signal,
    );
    for (const event of items)
      if (event.type === 'user_message_sent')
        runs.push({ id: event.runId, message: String(event.content), at: event.timestamp });
    if (next_after_sequence === null) break;
    after = next_after_sequence;
  }
  return runs.reverse();
}

export function SessionView({ id }: { id: string }) {
  const [session] = useAsync(
    (signal) => getJson<Session>(`/api/v1/sessions/${encodeURIComponent(id)}`, signal),
    [id],
  );
  const [runs] = useAsync((signal) => runsOf(id, signal), [id]);
  const [artifacts] = useAsync(
    (signal) =>
      getJson<{ items: Artifact[] }>(
        `/api/v1/sessions/${encodeURIComponent(id)}/artifacts`,
        signal,
      ),
    [id],
  );

  return (
    <>
      <Status loaded={session}>
        {(value) => (
          <h2>
            Session <span class="muted">{value.title ?? value.id}</span>
          </h2>
        )}
      </Status>
      <SendMessage sessionId={id} />
      <section aria-labelledby="runs-heading">
        <h3 id="runs-heading">Runs</h3>
        <Status loaded={runs}>
          {(list) =>
            list.length === 0 ? (
              <p class="muted">No runs yet: send a message.</p>
            ) : (
              <ul class="list">
                {list.map((run) => (
                  <li key={run.id}>
                    <a href={hrefOf({ view: 'run', id: run.id })}>{run.message || '(no text)'}</a>{' '}
                    <span class="muted">{new Date(run.at).toLocaleString()}</span>
                  </li>
                ))}
              </ul>
            )
          }
        </Status>
      </section>
      <section aria-labelledby="artifacts-heading">
        <h3 id="artifacts-heading">Artifacts</h3>
        <Status loaded={artifacts}>
          {({ items }) =>
            items.length === 0 ? (
              <p class="muted">No artifacts yet.</p>
            ) : (
              <ul class="list">
                {items.map((artifact) => (
                  <li key={artifact.id}>
                    <a href={hrefOf({ view: 'artifact', id: artifact.id })}>{artifact.name}</a>{' '}
                    <span class="muted">
                      {artifact.latest.mime_type} · v{artifact.latest.version}
                    </span>
                  </li>
                ))}
              </ul>
            )
          }
        </Status>
      </section>
    </>
  );
}

/** A message, with files attached: the files are uploaded first, then the run starts. */
function SendMessage({ sessionId }: { sessionId: string }) {
  const [content, setContent] = useState('');
  const [files, setFiles] = useState<File[]>([]);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string>();

  const send = async (event: Event) => {
    event.preventDefault();
    setBusy(true);
    setProblem(undefined);
    try {
      const attachments = [];
      for (const file of files) attachments.push((await uploadFile(file)).id);
      const started = await sendJson<{ run_id: string }>(
        'POST',
        `/api/v1/sessions/${encodeURIComponent(sessionId)}/runs`,
        attachments.length ? { content, attachments } : { content },
      );
      navigate({ view: 'run', id: started.run_id });
    } catch (error) {
      setProblem(messageOf(error));
      setBusy(false);
    }
  };

  return (
    <form class="send" onSubmit={(event) => void send(event)}>
      <label for="message">Message</label>
      <textarea
        id="message"
        rows={3}
        required
        value={content}
        onInput={(event) => setContent(event.currentTarget.value)}
      />
      <label for="attachments">Attach files</label>
      <input
        id="attachments"
        type="file"
        multiple
        onChange={(event) => setFiles([...(event.currentTarget.files ?? [])])}
      />
      <button type="submit" disabled={busy || !content.trim()}>
        Send
      </button>
      {problem && (
        <p class="error" role="alert">
          {problem}
        </p>
      )}
    </form>
  );
}
