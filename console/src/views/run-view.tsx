import { useEffect, useState } from 'preact/hooks';
import { messageOf } from '../api/api-error';
import { getJson, sendJson } from '../api/client';
import { followRunEvents } from '../api/run-events';
import { RunLogWriter, loadRunLog } from '../api/run-log';
import { type Run, type RunEvent } from '../api/types';
import { Status } from '../components/status';
import { Transcript } from '../components/transcript';
import { hrefOf } from '../router';
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
      <Transcript events={events} label="Run transcript" />
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
