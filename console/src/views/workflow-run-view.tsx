import { useEffect, useMemo, useState } from 'preact/hooks';
import { messageOf } from '../api/api-error';
import { getJson, sendJson } from '../api/client';
import { followEvents } from '../api/run-events';
import { RunLogWriter, loadRunLog } from '../api/run-log';
import {
  type RunEvent,
  type WorkflowRun,
  type WorkflowRunEvent,
  type WorkflowRunStep,
} from '../api/types';
import { Status, pretty } from '../components/status';
import { Transcript } from '../components/transcript';
import { hrefOf } from '../router';
import { useAsync } from '../use-async';

const ACTIVE = new Set(['running', 'awaiting_approval']);

/** An agent step's run event, relayed into the workflow stream: it names its step and its run. */
const isRelayed = (event: WorkflowRunEvent) =>
  typeof event.stepIndex === 'number' && typeof event.runId === 'string';

/** The workflow run's own end; a relayed `complete` or `error` only ends its step's run. */
const isWorkflowEnd = (event: WorkflowRunEvent) =>
  !isRelayed(event) && (event.type === 'complete' || event.type === 'error');

/**
 * A workflow run, live: its steps as a timeline, each agent step's run shown inside it from the
 * events relayed to the workflow stream, with the same transcript as the run view. Like the run
 * view, the events this tab already has show at once and the stream resumes after the last.
 */
export function WorkflowRunView({ id }: { id: string }) {
  const [events, setEvents] = useState<WorkflowRunEvent[]>(() =>
    loadRunLog<WorkflowRunEvent>(id, 'workflow-run'),
  );
  const [connection, setConnection] = useState<string>();
  const [streamProblem, setStreamProblem] = useState<string>();
  const [run, reloadRun] = useAsync(
    (signal) => getJson<WorkflowRun>(`/api/v1/workflow-runs/${encodeURIComponent(id)}`, signal),
    [id],
  );

  useEffect(() => {
    const saved = loadRunLog<WorkflowRunEvent>(id, 'workflow-run');
    setEvents(saved);
    const log = new RunLogWriter<WorkflowRunEvent>(id, 'workflow-run');
    const controller = new AbortController();
    let received = saved;
    const after = saved.length ? saved[saved.length - 1].eventIndex : -1;
    followEvents<WorkflowRunEvent>(
      { path: `/api/v1/workflow-runs/${encodeURIComponent(id)}/events`, isEnd: isWorkflowEnd },
      after,
      {
        onEvent: (event) => {
          received = [...received, event];
          setEvents(received);
          log.save(received);
          // A step's status changes with the workflow's own events and with its run's approvals.
          if (!isRelayed(event) || event.type.startsWith('approval_')) reloadRun();
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

  const relayedByStep = useMemo(() => {
    const byStep = new Map<number, RunEvent[]>();
    for (const event of events)
      if (isRelayed(event)) {
        const step = event.stepIndex as number;
        const list = byStep.get(step) ?? [];
        list.push(event as unknown as RunEvent);
        byStep.set(step, list);
      }
    return byStep;
  }, [events]);

  return (
    <>
      <Status loaded={run}>
        {(value) => (
          <>
            <WorkflowRunHeader run={value} />
            <ol class="timeline" aria-label="Steps">
              {value.steps.map((step) => (
                <li
                  key={step.index}
                  class={`step step-${step.status}`}
                  data-step-index={step.index}
                  data-step-status={step.status}
                >
                  <StepEntry step={step} events={relayedByStep.get(step.index) ?? []} />
                </li>
              ))}
            </ol>
            {!ACTIVE.has(value.status) && <p class="run-end">Workflow run {value.status}</p>}
          </>
        )}
      </Status>
      {connection && (
        <p class="warning" role="status">
          Reconnecting to the workflow run's events… ({connection})
        </p>
      )}
      {streamProblem && (
        <p class="error" role="alert">
          {streamProblem}
        </p>
      )}
      <details class="event-log">
        <summary>Event log ({events.length})</summary>
        <ol aria-label="Events">
          {events.map((event) => (
            <li key={event.eventIndex} data-event-index={event.eventIndex}>
              <code>
                {event.eventIndex} {event.type}
                {isRelayed(event) ? ` (step ${Number(event.stepIndex) + 1})` : ''}
              </code>
            </li>
          ))}
        </ol>
      </details>
    </>
  );
}

function WorkflowRunHeader({ run }: { run: WorkflowRun }) {
  const [problem, setProblem] = useState<string>();
  const cancel = async () => {
    try {
      await sendJson('POST', `/api/v1/workflow-runs/${encodeURIComponent(run.id)}/cancel`, {});
    } catch (error) {
      setProblem(messageOf(error));
    }
  };
  return (
    <header class="run-header">
      <h2>
        Workflow run <span class="muted">{run.id.slice(0, 8)}</span>
      </h2>
      <p>
        <span class={`badge status-${run.status}`} data-workflow-run-status={run.status}>
          {run.status}
        </span>{' '}
        <a href={hrefOf({ view: 'workflows', id: run.workflow_id })}>Back to the workflow</a>
      </p>
      {run.error && (
        <p class="error" role="alert">
          {run.error.code}: {run.error.message}
        </p>
      )}
      {ACTIVE.has(run.status) && (
        <button type="button" class="danger" onClick={() => void cancel()}>
          Cancel workflow run
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

/** One step: where it stands, what it produced or why it failed, and an agent step's run. */
function StepEntry({ step, events }: { step: WorkflowRunStep; events: RunEvent[] }) {
  const headingId = `step-${step.index}-heading`;
  return (
    <section class="card" aria-labelledby={headingId}>
      <h3 id={headingId}>
        Step {step.index + 1}
        {step.key ? (
          <>
            {' '}
            <code>{step.key}</code>
          </>
        ) : null}{' '}
        <span class="muted">({step.type})</span>
      </h3>
      <p>
        <span class={`badge status-${step.status}`}>{step.status}</span>
        {step.run_id && (
          <>
            {' '}
            <a href={hrefOf({ view: 'run', id: step.run_id })}>Open the step's run</a>
          </>
        )}
      </p>
      {step.type === 'agent' && events.length > 0 && (
        <Transcript events={events} label={`Step ${step.index + 1} run`} />
      )}
      {step.output !== undefined && step.output !== null && (
        <>
          <p class="muted">Output</p>
          <pre class="json" aria-label={`Step ${step.index + 1} output`}>
            {typeof step.output === 'string' ? step.output : pretty(step.output)}
          </pre>
        </>
      )}
      {step.error && (
        <p class="error" role="alert">
          {step.error.code}: {step.error.message}
        </p>
      )}
    </section>
  );
}
