import { useEffect, useMemo, useState } from 'preact/hooks';
import { messageOf } from '../api/api-error';
import { getJson, sendJson } from '../api/client';
import { followRunEvents } from '../api/run-events';
import { RunLogWriter, loadRunLog } from '../api/run-log';
import { type Run, type RunEvent } from '../api/types';
import { ApprovalCard } from '../components/approval-card';
import { Markdown } from '../components/markdown';
import { Status, pretty } from '../components/status';
import { hrefOf } from '../router';
import { type TranscriptItem, transcriptOf } from '../run-transcript';
import { useAsync } from '../use-async';

const ACTIVE = new Set(['running', 'awaiting_approval']);

/**
 * A run, live: the events this tab already has show at once, the stream resumes after the
 * last of them, and the run's status and usage are read again whenever the stream moves on.
 */
export function RunView({ id }: { id: string }) {
  const [events, setEvents] = useState<RunEvent[]>(() => loadRunLog(id));
  const [connection, setConnection] = useState<string>();
  const [streamProblem, setStreamProblem] = useState<string>();
  const [run, reloadRun] = useAsync(
    (signal) => getJson<Run>(`/api/v1/runs/${encodeURIComponent(id)}`, signal),
    [id],
  );

  useEffect(() => {
    const saved = loadRunLog(id);
    setEvents(saved);
    const log = new RunLogWriter(id);
    const controller = new AbortController();
    let received = saved;
    const after = saved.length ? saved[saved.length - 1].eventIndex : -1;
    followRunEvents(
      id,
      after,
      {
        onEvent: (event) => {
          received = [...received, event];
          setEvents(received);
          log.save(received);
          if (event.type !== 'message_chunk' && event.type !== 'thinking_chunk') reloadRun();
        },
        onConnection: setConnection,
      },
      controller.signal,
    ).then(reloadRun, (error: unknown) => setStreamProblem(messageOf(error)));
    return () => {
      controller.abort();
      log.close();
    };
  }, [id]);

  const items = useMemo(() => transcriptOf(events), [events]);

  return (
    <>
      <Status loaded={run}>{(value) => <RunHeader run={value} />}</Status>
      {connection && (
        <p class="warning" role="status">
          Reconnecting to the run's events… ({connection})
        </p>
      )}
      {streamProblem && (
        <p class="error" role="alert">
          {streamProblem}
        </p>
      )}
      <ol class="transcript" aria-label="Run transcript" aria-live="polite">
        {items.map((item) => (
          <li key={item.key} class={`item item-${item.kind}`}>
            <TranscriptEntry item={item} />
          </li>
        ))}
      </ol>
      <details class="event-log">
        <summary>Event log ({events.length})</summary>
        <ol aria-label="Events">
          {events.map((event) => (
            <li key={event.eventIndex} data-event-index={event.eventIndex}>
              <code>
                {event.eventIndex} {event.type}
              </code>
            </li>
          ))}
        </ol>
      </details>
    </>
  );
}

function RunHeader({ run }: { run: Run }) {
  const [problem, setProblem] = useState<string>();
  const cancel = async () => {
    try {
      await sendJson('POST', `/api/v1/runs/${encodeURIComponent(run.id)}/cancel`, {});
    } catch (error) {
      setProblem(messageOf(error));
    }
  };
  return (
    <header class="run-header">
      <h2>
        Run <span class="muted">{run.id.slice(0, 8)}</span>
      </h2>
      <p>
        <span class={`badge status-${run.status}`} data-run-status={run.status}>
          {run.status}
        </span>{' '}
        <a href={hrefOf({ view: 'session', id: run.session_id })}>Back to the session</a>
      </p>
      {run.usage && (
        <p class="muted" aria-label="Usage">
          {run.usage.input_tokens} tokens in · {run.usage.output_tokens} tokens out
        </p>
      )}
      {run.error && (
        <p class="error" role="alert">
          {run.error.code}: {run.error.message}
        </p>
      )}
      {ACTIVE.has(run.status) && (
        <button type="button" class="danger" onClick={() => void cancel()}>
          Cancel run
        </button>
      )}
      {problem && (
        <p class="error" role="alert">
          {problem}
        </p>
      )}
    </header>
  );
}

function TranscriptEntry({ item }: { item: TranscriptItem }) {
  switch (item.kind) {
    case 'user':
      return (
        <div class="bubble user-message">
          <span class="who">You</span>
          <p class="pre-wrap">{item.content}</p>
          {item.attachments.length > 0 && (
            <p class="muted">Attached: {item.attachments.map((file) => file.name).join(', ')}</p>
          )}
        </div>
      );
    case 'thinking':
      return (
        <details class="thinking">
          <summary>Thinking{item.done ? '' : '…'}</summary>
          <p class="pre-wrap">{item.content}</p>
        </details>
      );
    case 'text':
      return (
        <div class="bubble agent-message" data-streaming={String(!item.done)}>
          <span class="who">Agent</span>
          {item.done ? <Markdown text={item.content} /> : <p class="pre-wrap">{item.content}</p>}
        </div>
      );
    case 'tool':
      return (
        <div class="card tool-call">
          <h3>
            Tool call <code>{item.toolName}</code>
          </h3>
          <pre class="json" aria-label="Arguments">
            {pretty(item.args)}
          </pre>
          {item.result ? (
            <div class={item.result.success ? 'tool-result' : 'tool-result failed'}>
              <p>{item.result.success ? 'Result' : `Failed: ${item.result.error ?? ''}`}</p>
              {item.result.value !== null && item.result.value !== undefined && (
                <pre class="json" aria-label="Result">
                  {typeof item.result.value === 'string'
                    ? item.result.value
                    : pretty(item.result.value)}
                </pre>
              )}
              {item.result.artifacts.length > 0 && (
                <ul class="list" aria-label="Artifacts">
                  {item.result.artifacts.map((artifact) => (
                    <li key={artifact.id}>
                      <a href={hrefOf({ view: 'artifact', id: artifact.id })}>{artifact.name}</a>{' '}
                      <span class="muted">{artifact.mime_type}</span>
                    </li>
                  ))}
                </ul>
              )}
            </div>
          ) : (
            <p class="muted">No result yet</p>
          )}
        </div>
      );
    case 'approval':
      return <ApprovalCard request={item.request} />;
    case 'error':
      return (
        <p class="error" role="alert">
          {item.code}: {item.message}
        </p>
      );
    case 'end':
      return <p class="run-end">Run {item.reason === 'cancelled' ? 'cancelled' : 'completed'}</p>;
  }
}
