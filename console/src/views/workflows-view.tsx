import { useState } from 'preact/hooks';
import { messageOf } from '../api/api-error';
import { getJson, query, sendJson } from '../api/client';
import { type Page, type Workflow, type WorkflowRun } from '../api/types';
import { Status, pretty } from '../components/status';
import { hrefOf, navigate } from '../router';
import { useAsync } from '../use-async';

/** The workflows the user may run; the one picked (`id`) can be started, with its runs listed. */
export function WorkflowsView({ id }: { id?: string }) {
  const [workflows] = useAsync(
    (signal) => getJson<Page<Workflow>>(`/api/v1/workflows${query({ limit: 100 })}`, signal),
    [],
  );

  return (
    <>
      <section aria-labelledby="workflows-heading">
        <h2 id="workflows-heading">Workflows</h2>
        <Status loaded={workflows}>
          {(page) =>
            page.items.length === 0 ? (
              <p class="muted">No workflows yet: an admin registers them under Registry.</p>
            ) : (
              <ul class="list">
                {page.items.map((workflow) => (
                  <li key={workflow.id}>
                    <a
                      href={hrefOf({ view: 'workflows', id: workflow.id })}
                      aria-current={workflow.id === id ? 'true' : undefined}
                    >
                      {workflow.name}
                    </a>{' '}
                    <span class="muted">
                      {workflow.steps.length} {workflow.steps.length === 1 ? 'step' : 'steps'}
                    </span>
                  </li>
                ))}
              </ul>
            )
          }
        </Status>
      </section>
      {id && <PickedWorkflow id={id} />}
    </>
  );
}

function PickedWorkflow({ id }: { id: string }) {
  const path = `/api/v1/workflows/${encodeURIComponent(id)}`;
  const [workflow] = useAsync((signal) => getJson<Workflow>(path, signal), [id]);
  const [runs] = useAsync(
    (signal) => getJson<Page<WorkflowRun>>(`${path}/runs${query({ limit: 20 })}`, signal),
    [id],
  );

  return (
    <>
      <Status loaded={workflow}>
        {(value) => (
          <section aria-labelledby="workflow-heading">
            <h3 id="workflow-heading">{value.name}</h3>
            {value.description && <p>{value.description}</p>}
            <ol class="list" aria-label="Steps">
              {value.steps.map((step, index) => (
                <li key={index}>
                  {step.key ?? `Step ${index + 1}`} <span class="muted">({step.type})</span>
                </li>
              ))}
            </ol>
            <StartRun workflow={value} />
          </section>
        )}
      </Status>
      <section aria-labelledby="workflow-runs-heading">
        <h3 id="workflow-runs-heading">My runs</h3>
        <Status loaded={runs}>
          {(page) =>
            page.items.length === 0 ? (
              <p class="muted">No runs of this workflow yet.</p>
            ) : (
              <ul class="list">
                {page.items.map((run) => (
                  <li key={run.id}>
                    <a href={hrefOf({ view: 'workflow-run', id: run.id })}>
                      {new Date(run.created_at).toLocaleString()}
                    </a>{' '}
                    <span class={`badge status-${run.status}`}>{run.status}</span>
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

/** The workflow's input as JSON text; the server checks it against the input schema. */
function StartRun({ workflow }: { workflow: Workflow }) {
  const [input, setInput] = useState(() =>
    pretty(
      Object.fromEntries(
        Object.keys(workflow.input_schema?.properties ?? {}).map((name) => [name, '']),
      ),
    ),
  );
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string>();

  const start = async (event: Event) => {
    event.preventDefault();
    setProblem(undefined);
    let value: unknown;
    try {
      value = JSON.parse(input);
    } catch {
      setProblem('The input is not valid JSON.');
      return;
    }
    setBusy(true);
    try {
      const run = await sendJson<WorkflowRun>(
        'POST',
        `/api/v1/workflows/${encodeURIComponent(workflow.id)}/runs`,
        { input: value },
      );
      navigate({ view: 'workflow-run', id: run.id });
    } catch (error) {
      setProblem(messageOf(error));
      setBusy(false);
    }
  };

  return (
    <form class="send" onSubmit={(event) => void start(event)}>
      <label for="workflow-input">Input (JSON)</label>
      <textarea
        id="workflow-input"
        rows={4}
        spellcheck={false}
        value={input}
        aria-describedby={problem ? 'workflow-input-problem' : undefined}
        onInput={(event) => setInput(event.currentTarget.value)}
      />
      <button type="submit" disabled={busy}>
        Start a run
      </button>
      {problem && (
        <p id="workflow-input-problem" class="error" role="alert">
          {problem}
        </p>
      )}
    </form>
  );
}
